/**
 * Gaia's default prior resolution policy: of a claim's prior records, the first source
 * group in priority order wins (author `register_prior` above the `claim(prior=...)`
 * shortcut), the latest record within it; the winner is written to `metadata.prior`,
 * `prior_justification` and `prior_source_id`. Records are kept for audit.
 */
import type { MetaDict, MetaValue } from './gaiaObjects.ts';
import type { PackageCollector } from './packageCollector.ts';

const PRIORITY_ORDER = ['calibration_*', 'user_priors', 'reviewer_*', 'continuous_inference', 'evidence_factor_*', 'agent_*', 'claim_inline', '*'];

function matches(sourceId: string, pattern: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('*')) return sourceId.startsWith(pattern.slice(0, -1));
  return sourceId === pattern;
}

export function resolvePriors(pkg: PackageCollector): void {
  for (const k of pkg.knowledge) {
    if (!k.isClaim) continue;
    const records = k.metadata['prior_records'];
    if (!Array.isArray(records) || records.length === 0) continue;
    const rs = records as readonly MetaValue[] as readonly MetaDict[];
    for (const pattern of PRIORITY_ORDER) {
      const group = rs.filter((r) => matches(String(r['source_id']), pattern));
      // Records made later win; register_prior calls run in source order.
      const winner = group.at(-1);
      if (!winner) continue;
      k.metadata['prior'] = winner['value'] ?? null;
      k.metadata['prior_justification'] = winner['justification'] ?? '';
      k.metadata['prior_source_id'] = winner['source_id'] ?? null;
      break;
    }
  }
}
