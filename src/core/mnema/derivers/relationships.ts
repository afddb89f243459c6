/**
 * Relationships (`relationship.contact`): a person the records show the user with again
 * and again — calendar attendees, people named in notes' front matter, a record's
 * `people` list.
 */
import type { JsonObject } from '../mnemaBodies.ts';
import { combine, factor, saturating } from '../confidenceModel.ts';
import type { Candidate, DerivationInput, DerivationRecord, Deriver } from '../deriver.ts';
import { daysBetween, mostCommon, slugKept, timesOf } from '../deriver.ts';

export const RELATIONSHIP_TYPE = 'relationship.contact';
const PRIOR = 0.35;
const MIN_INTERACTIONS = 3;

/** The people a record names, each once. */
function peopleOf(payload: JsonObject): string[] {
  const out = new Set<string>();
  for (const field of ['attendees', 'people'] as const) {
    const list = payload[field];
    if (!Array.isArray(list)) continue;
    for (const p of list) if (typeof p === 'string' && p.trim() !== '') out.add(p.trim());
  }
  return [...out];
}

export const relationships: Deriver = {
  id: { name: 'relationships', version: '1.0.0' },
  reads: [],
  emits: [RELATIONSHIP_TYPE],
  derive(input: DerivationInput): Candidate[] {
    const people = new Map<string, { names: string[]; records: DerivationRecord[] }>();
    for (const r of input.evidence) {
      for (const name of peopleOf(r.payload)) {
        const key = slugKept(name);
        const p = people.get(key);
        if (p) {
          if (p.records[p.records.length - 1] !== r) p.records.push(r);
          p.names.push(name);
        } else people.set(key, { names: [name], records: [r] });
      }
    }
    const out: Candidate[] = [];
    for (const [key, { names, records }] of people) {
      if (records.length < MIN_INTERACTIONS) continue;
      const sources = [...new Set(records.map((r) => r.source ?? ''))].sort();
      const last = timesOf(records)[records.length - 1]!;
      const recency = daysBetween(last, input.highWater);
      const factors = [
        factor('interaction_count', records.length, saturating(records.length, 2.2, 0.3)),
        factor('corroboration', sources.length, saturating(sources.length - 1, 1.2, 0.8)),
        factor('recency', recency, saturating(recency, -1.5, 0.03)),
      ];
      const { confidence, basis } = combine(PRIOR, factors);
      // The name as the records spell it most often.
      const person = mostCommon(names);
      const payload: JsonObject = { person };
      out.push({
        claim_type: RELATIONSHIP_TYPE,
        identity_key: `${RELATIONSHIP_TYPE}|${key}`,
        payload,
        inputs: records.map((r) => ({ op_id: r.id, role: r.source === 'calendar' ? 'shared_event' : 'mention' })),
        confidence,
        confidence_basis: basis,
        rationale: `${person} appears in ${records.length} records from ${sources.join(', ')}; last ${Math.round(recency)} days before the newest evidence.`,
      });
    }
    return out;
  },
  groups: {
    of: (r) => (r.kind === 'evidence' ? peopleOf(r.payload).map(slugKept) : []),
    ofClaim: (c) => c.identity_key.slice(RELATIONSHIP_TYPE.length + 1),
  },
};
