/**
 * The sample corpus (samples/mnema) as a Mnema log, built the way `warrant import` and
 * `warrant derive` build it, with a fixed import time: what the golden confidences and
 * the calibration check are computed from.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readCalendar } from '../../src/core/mnema/importers/calendarImport.ts';
import type { EvidenceRecord } from '../../src/core/mnema/importers/evidenceRecord.ts';
import { readNote } from '../../src/core/mnema/importers/notesImport.ts';
import { readPhoto } from '../../src/core/mnema/importers/photoImport.ts';
import { testLog, type TestLog } from './mnemaLogs.ts';
import { claimSummaries } from '../../src/core/mnema/claimSummary.ts';
import type { DerivationGraph } from '../../src/core/mnema/derivationGraph.ts';

const root = new URL('../../samples/mnema/', import.meta.url);
const IMPORTED_AT = '2025-06-01T00:00:00Z';

export async function sampleRecords(): Promise<EvidenceRecord[]> {
  const out: EvidenceRecord[] = [];
  out.push(...readCalendar(readFileSync(new URL('calendar.ics', root), 'utf8'), 'calendar.ics', IMPORTED_AT).records);
  for (const f of readdirSync(new URL('notes/', root)).sort()) out.push(...readNote(readFileSync(new URL(`notes/${f}`, root), 'utf8'), f).records);
  for (const f of readdirSync(new URL('photos/', root)).sort()) out.push(...(await readPhoto(new Uint8Array(readFileSync(new URL(`photos/${f}`, root))), f)).records);
  return out;
}

/** The corpus imported and derived. */
export async function sampleCorpusLog(): Promise<TestLog> {
  const log = testLog();
  for (const r of await sampleRecords()) log.evidence(r.source, r.observed_at, r.payload);
  log.derive();
  return log;
}

export const sampleLabels = (): Record<string, boolean> => JSON.parse(readFileSync(new URL('labels.json', root), 'utf8')) as Record<string, boolean>;

export const GOLDENS_URL = new URL('../fixtures/mnema/goldens.json', import.meta.url);

/** A golden: the deriver (`name@version`) that derived the key, its confidence and basis. */
export interface Golden {
  readonly deriver: string;
  readonly confidence: number;
  readonly basis: unknown;
}

/** The goldens a derived log gives, by identity key. */
export function goldensOf(graph: DerivationGraph): Record<string, Golden> {
  return Object.fromEntries(
    Object.entries(claimSummaries(graph)).map(([key, c]) => {
      const d = graph.latest(key)!.op.body.deriver;
      return [key, { deriver: `${d.name}@${d.version}`, confidence: c.confidence, basis: c.confidence_basis }];
    }),
  );
}

/**
 * The goldens with those of the derivers named in `only` re-baselined from `derived` (all
 * of them when `only` is empty): a new version of one deriver re-baselines its keys alone.
 */
export function rebaselined(held: Readonly<Record<string, Golden>>, derived: Readonly<Record<string, Golden>>, only: readonly string[]): Record<string, Golden> {
  if (only.length === 0) return { ...derived };
  const mine = (g: Golden) => only.includes(g.deriver.slice(0, g.deriver.lastIndexOf('@')));
  const out: Record<string, Golden> = {};
  for (const [key, g] of Object.entries(held)) if (!mine(g)) out[key] = g;
  for (const [key, g] of Object.entries(derived)) if (mine(g)) out[key] = g;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
