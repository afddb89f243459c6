/**
 * What a Mnema log exports as, one table: `explanations` (one record per identity key,
 * its latest version, JSON lines — with `claimsOnly`, as a holder of the claims without
 * their evidence sees them), `json` (every key as served, the shape `derive --json`
 * prints under `claims`), `oplog` (the verified ops and a head, as written).
 */
import type { DerivationGraph } from './derivationGraph.ts';
import { claimSummaries } from './claimSummary.ts';
import type { Deriver } from './deriver.ts';
import { explainClaim } from './explainClaim.ts';
import { agreementsOf } from './reviewList.ts';

export interface MnemaExportOptions {
  readonly claimsOnly?: boolean;
  /** What the log is derived with: each corrected key's record says whether they now agree with the person, as `explain` does. */
  readonly derivers?: readonly Deriver[];
}

export const MNEMA_EXPORTS: Readonly<Record<string, (graph: DerivationGraph, options: MnemaExportOptions) => string>> = {
  explanations: (graph, options) => {
    const lines: string[] = [];
    const agreements = agreementsOf(graph, options.derivers ?? []);
    for (const key of [...graph.keys.keys()].sort()) {
      const latest = graph.latest(key);
      if (latest) lines.push(JSON.stringify({ identity_key: key, ...explainClaim(graph, latest, { withoutEvidence: options.claimsOnly === true, agreement: agreements.get(key) ?? null }) }));
    }
    return lines.length > 0 ? lines.join('\n') + '\n' : '';
  },
  json: (graph) => JSON.stringify({ claims: claimSummaries(graph) }) + '\n',
};

export const MNEMA_EXPORT_FORMATS = [...Object.keys(MNEMA_EXPORTS), 'oplog'] as const;
