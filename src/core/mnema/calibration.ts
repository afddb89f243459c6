/**
 * The band calibration check (§5.3): the derived claims, bucketed by band, against
 * labelled outcomes (which claims are true); each band's labelled-true fraction must lie
 * within its nominal range ± 0.10. A smoke check on a small corpus, not a proof.
 */
import { BANDS, type ConfidenceBand } from '../graph/confidenceBands.ts';
import type { DerivationGraph } from './derivationGraph.ts';

export const CALIBRATION_TOLERANCE = 0.1;

export interface BandCalibration {
  readonly band: ConfidenceBand;
  /** The band's nominal range of confidences [from, to). */
  readonly range: readonly [number, number];
  /** Labelled claims in the band. */
  readonly count: number;
  readonly true_count: number;
  /** null when the band holds no labelled claim. */
  readonly true_fraction: number | null;
  /** Within range ± tolerance (an empty band passes: nothing to judge). */
  readonly pass: boolean;
}

export interface CalibrationReport {
  readonly bands: readonly BandCalibration[];
  /** Derived claims without a label, and labels naming no derived claim. */
  readonly unlabelled: readonly string[];
  readonly unknown_labels: readonly string[];
  readonly pass: boolean;
}

/** Labels as a file gives them: `{KEY: true|false}` or `[{"identity_key", "true"}]`; null when it is neither. */
export function readLabels(json: unknown): Map<string, boolean> | null {
  const out = new Map<string, boolean>();
  if (Array.isArray(json)) {
    for (const item of json) {
      const rec = item as { identity_key?: unknown; true?: unknown; label?: unknown };
      const value = rec?.true ?? rec?.label;
      if (typeof rec?.identity_key !== 'string' || typeof value !== 'boolean') return null;
      out.set(rec.identity_key, value);
    }
    return out;
  }
  if (typeof json !== 'object' || json === null) return null;
  for (const [key, value] of Object.entries(json)) {
    if (typeof value !== 'boolean') return null;
    out.set(key, value);
  }
  return out;
}

/** A labels file's text read, or what is wrong with it (the command line and the page say the same). */
export function labelsOfText(text: string): { readonly labels: Map<string, boolean> } | { readonly problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { problem: `not JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  const labels = readLabels(json);
  return labels ? { labels } : { problem: 'labels are {"IDENTITY_KEY": true|false, ...} or [{"identity_key": ..., "true": true|false}, ...]' };
}

/** Calibration of the claims as derived (the person's corrections and refutations aside: they are not the deriver's confidence). */
export function calibrate(graph: DerivationGraph, labels: ReadonlyMap<string, boolean>): CalibrationReport {
  const rows = BANDS.map(({ band, from }, i) => ({ band, range: [from, BANDS[i + 1]?.from ?? 1] as [number, number], count: 0, true_count: 0 }));
  const unlabelled: string[] = [];
  for (const key of [...graph.keys.keys()].sort()) {
    const latest = graph.latest(key);
    if (!latest) continue;
    const label = labels.get(key);
    if (label === undefined) {
      unlabelled.push(key);
      continue;
    }
    const c = latest.op.body.confidence;
    let i = rows.length - 1;
    while (i > 0 && c < rows[i]!.range[0]) i--;
    rows[i]!.count++;
    if (label) rows[i]!.true_count++;
  }
  const bands = rows.map((r) => {
    const fraction = r.count > 0 ? r.true_count / r.count : null;
    const pass = fraction === null || (fraction >= r.range[0] - CALIBRATION_TOLERANCE && fraction <= r.range[1] + CALIBRATION_TOLERANCE);
    return { ...r, true_fraction: fraction === null ? null : Math.round(fraction * 1e4) / 1e4, pass };
  });
  const unknown_labels = [...labels.keys()].filter((k) => !graph.keys.has(k)).sort();
  return { bands, unlabelled, unknown_labels, pass: bands.every((b) => b.pass) };
}
