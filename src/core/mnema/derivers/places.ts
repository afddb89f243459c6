/**
 * Places (`place.frequent`): a spot, to about a hundred metres, where the person's
 * records put them on several days — photos with GPS, or any record with `gps`.
 */
import type { JsonObject } from '../mnemaBodies.ts';
import { combine, factor, saturating } from '../confidenceModel.ts';
import type { Candidate, DerivationInput, DerivationRecord, Deriver } from '../deriver.ts';
import { daysBetween, localDate, timesOf } from '../deriver.ts';

export const PLACE_TYPE = 'place.frequent';
const PRIOR = 0.25;
const MIN_DAYS = 3;

/** A coordinate of a record's `gps`, or null. */
function coordinate(payload: JsonObject): { lat: number; lon: number } | null {
  const gps = payload.gps;
  if (typeof gps !== 'object' || gps === null || Array.isArray(gps)) return null;
  const { lat, lon } = gps as { lat?: unknown; lon?: unknown };
  return typeof lat === 'number' && typeof lon === 'number' && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

/** The cell of a coordinate: both rounded to three decimals (about 110 m of latitude). */
const cellOf = (c: { lat: number; lon: number }): string => `${c.lat.toFixed(3)},${c.lon.toFixed(3)}`;

export const places: Deriver = {
  id: { name: 'places', version: '1.0.0' },
  reads: [],
  emits: [PLACE_TYPE],
  derive(input: DerivationInput): Candidate[] {
    const cells = new Map<string, DerivationRecord[]>();
    for (const r of input.evidence) {
      const c = coordinate(r.payload);
      if (!c) continue;
      const cell = cellOf(c);
      const list = cells.get(cell);
      if (list) list.push(r);
      else cells.set(cell, [r]);
    }
    const out: Candidate[] = [];
    for (const [cell, records] of cells) {
      const days = new Set(records.map((r) => localDate(r.observed_at)));
      if (days.size < MIN_DAYS) continue;
      const sorted = timesOf(records);
      const span = daysBetween(sorted[0]!, sorted[sorted.length - 1]!);
      const recency = daysBetween(sorted[sorted.length - 1]!, input.highWater);
      const sources = new Set(records.map((r) => r.source ?? '')).size;
      const factors = [
        factor('visit_days', days.size, saturating(days.size, 2.5, 0.35)),
        factor('span_days', span, saturating(span, 1.0, 0.05)),
        factor('corroboration', sources, saturating(sources - 1, 0.8, 1)),
        factor('recency', recency, saturating(recency, -1.5, 0.03)),
      ];
      const { confidence, basis } = combine(PRIOR, factors);
      const [lat, lon] = cell.split(',').map(Number);
      const payload: JsonObject = { cell, location: { lat: lat!, lon: lon! } };
      out.push({
        claim_type: PLACE_TYPE,
        identity_key: `${PLACE_TYPE}|${cell}`,
        payload,
        inputs: records.map((r) => ({ op_id: r.id, role: 'visit' })),
        confidence,
        confidence_basis: basis,
        rationale: `${records.length} records at ${cell} on ${days.size} days over ${Math.round(span)} days, from ${sources} source(s); last ${Math.round(recency)} days before the newest evidence.`,
      });
    }
    return out;
  },
  groups: {
    of: (r) => {
      const c = r.kind === 'evidence' ? coordinate(r.payload) : null;
      return c ? [cellOf(c)] : [];
    },
    ofClaim: (c) => String(c.payload.cell),
  },
};
