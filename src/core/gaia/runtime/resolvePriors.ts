/**
 * Gaia's prior resolution: of a claim's prior records, the package's ResolutionPolicy
 * (priors.py's `RESOLUTION_POLICY`, else the default) picks the winner, written to
 * `metadata.prior`, `prior_justification` and `prior_source_id`; every record is kept
 * for audit. Records are made in the order the package runs, so "the most recent" is the
 * last one made. The strategies:
 *  - `explicit_priority` (the default): the first pattern of `priority_order` (or the
 *    default order: author `register_prior` above the `claim(prior=...)` shortcut) that
 *    matches a record wins, its latest record chosen;
 *  - `latest`: the latest record, whatever its source;
 *  - `source`: the latest record of `source_id`; none (the claim keeps no prior) without one.
 */
import type { MetaDict, MetaValue } from './gaiaObjects.ts';
import type { PackageCollector } from './packageCollector.ts';

export interface ResolutionPolicy {
  readonly strategy: 'explicit_priority' | 'latest' | 'source';
  readonly sourceId: string | null;
  readonly priorityOrder: readonly string[] | null;
}

export const RESOLUTION_STRATEGIES: readonly ResolutionPolicy['strategy'][] = ['explicit_priority', 'latest', 'source'];

export const DEFAULT_POLICY: ResolutionPolicy = { strategy: 'explicit_priority', sourceId: null, priorityOrder: null };

const DEFAULT_PRIORITY_ORDER = ['calibration_*', 'user_priors', 'reviewer_*', 'continuous_inference', 'evidence_factor_*', 'agent_*', 'claim_inline', '*'];

/** Why a priority pattern is refused (a wildcard anywhere but at the end), or null. */
export function badPattern(pattern: string): string | null {
  if (pattern === '*' || !pattern.includes('*')) return null;
  if (pattern.endsWith('*') && pattern.indexOf('*') === pattern.length - 1) return null;
  return `invalid priority_order pattern '${pattern}': a wildcard may only end a pattern (e.g. 'reviewer_*')`;
}

function matches(sourceId: string, pattern: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('*')) return sourceId.startsWith(pattern.slice(0, -1));
  return sourceId === pattern;
}

function winnerOf(records: readonly MetaDict[], policy: ResolutionPolicy): MetaDict | undefined {
  switch (policy.strategy) {
    case 'latest':
      return records.at(-1);
    case 'source':
      return records.filter((r) => String(r['source_id']) === policy.sourceId).at(-1);
    case 'explicit_priority':
      for (const pattern of policy.priorityOrder ?? DEFAULT_PRIORITY_ORDER) {
        const group = records.filter((r) => matches(String(r['source_id']), pattern));
        if (group.length > 0) return group.at(-1);
      }
      // An order with no catch-all that matches nothing: the latest record overall.
      return records.at(-1);
  }
}

export function resolvePriors(pkg: PackageCollector, policy: ResolutionPolicy = pkg.resolutionPolicy): void {
  for (const k of pkg.knowledge) {
    if (!k.isClaim) continue;
    const records = k.metadata['prior_records'];
    if (!Array.isArray(records) || records.length === 0) continue;
    const winner = winnerOf(records as readonly MetaValue[] as readonly MetaDict[], policy);
    if (!winner) continue;
    k.metadata['prior'] = winner['value'] ?? null;
    k.metadata['prior_justification'] = winner['justification'] ?? '';
    k.metadata['prior_source_id'] = winner['source_id'] ?? null;
  }
}
