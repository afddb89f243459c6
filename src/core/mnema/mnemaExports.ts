/**
 * What a Mnema log exports as, one table: `explanations` (one record per identity key,
 * its latest version, JSON lines — with `claimsOnly`, as a holder of the claims without
 * their evidence sees them), `json` (every key as served, the shape `derive --json`
 * prints under `claims`), `oplog` (the verified ops and a head, as written).
 */
import type { DerivationGraph } from './derivationGraph.ts';
import { claimSummaries } from './claimSummary.ts';
import { explainClaim } from './explainClaim.ts';

export interface MnemaExportOptions {
  readonly claimsOnly?: boolean;
}

export const MNEMA_EXPORTS: Readonly<Record<string, (graph: DerivationGraph, options: MnemaExportOptions) => string>> = {
  explanations: (graph, options) => {
    const lines: string[] = [];
    for (const key of [...graph.keys.keys()].sort()) {
      const latest = graph.latest(key);
      if (latest) lines.push(JSON.stringify({ identity_key: key, ...explainClaim(graph, latest, { withoutEvidence: options.claimsOnly === true }) }));
    }
    return lines.length > 0 ? lines.join('\n') + '\n' : '';
  },
  json: (graph) => JSON.stringify({ claims: claimSummaries(graph) }) + '\n',
};

export const MNEMA_EXPORT_FORMATS = [...Object.keys(MNEMA_EXPORTS), 'oplog'] as const;
