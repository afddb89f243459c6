/**
 * Preferences (`preference.time_of_day`): the part of the day the person keeps for an
 * activity, derived from their routines (derivation is layered: this reads claims).
 */
import type { JsonObject } from '../mnemaBodies.ts';
import { combine, factor, saturating } from '../confidenceModel.ts';
import type { Candidate, DerivationInput, DerivationRecord, Deriver } from '../deriver.ts';
import { ALL_DAY, ROUTINE_TYPE } from './routines.ts';

export const PREFERENCE_TYPE = 'preference.time_of_day';
const PRIOR = 0.4;

/**
 * The activity and part of the day of a routine claim, as one group id (`gym|morning`), or
 * null. An all-day routine says nothing of the time of day the person keeps.
 */
function groupOf(r: DerivationRecord): string | null {
  if (r.kind !== 'claim' || r.claim_type !== ROUTINE_TYPE) return null;
  const { activity, part_of_day: part } = r.payload;
  return typeof activity === 'string' && typeof part === 'string' && part !== ALL_DAY ? `${activity}|${part}` : null;
}

export const preferences: Deriver = {
  // 1.1.0: all-day routines are left out (routines 1.1.0 names them).
  id: { name: 'preferences', version: '1.1.0' },
  reads: [ROUTINE_TYPE],
  emits: [PREFERENCE_TYPE],
  derive(input: DerivationInput): Candidate[] {
    const groups = new Map<string, DerivationRecord[]>();
    for (const c of input.claims) {
      const id = groupOf(c);
      if (id === null) continue;
      const list = groups.get(id);
      if (list) list.push(c);
      else groups.set(id, [c]);
    }
    const out: Candidate[] = [];
    for (const [id, used] of groups) {
      const [activity, part] = id.split('|') as [string, string];
      const strongest = Math.max(...used.map((r) => r.confidence ?? 0));
      const factors = [factor('routine_confidence', strongest, saturating(strongest, 1.8, 2)), factor('routine_days', used.length, saturating(used.length, 0.8, 0.7))];
      const { confidence, basis } = combine(PRIOR, factors);
      const label = typeof used[0]!.payload.label === 'string' ? used[0]!.payload.label : activity;
      const payload: JsonObject = { activity, label, part_of_day: part };
      out.push({
        claim_type: PREFERENCE_TYPE,
        identity_key: `${PREFERENCE_TYPE}|${activity}|${part}`,
        payload,
        inputs: used.map((r) => ({ op_id: r.id, role: 'routine' })),
        confidence,
        confidence_basis: basis,
        rationale: `${used.length} weekly ${part} routine(s) of '${label}' (the strongest at ${strongest.toFixed(2)}).`,
      });
    }
    return out;
  },
  groups: {
    of: (r) => {
      const g = groupOf(r);
      return g === null ? [] : [g];
    },
    ofClaim: (c) => `${String(c.payload.activity)}|${String(c.payload.part_of_day)}`,
  },
};
