/**
 * Routines (`routine.weekly`): a calendar activity that recurs on the same weekdays at
 * the same part of the day. See docs/derivers.md for the key, the prior and the curves.
 */
import type { JsonObject } from '../mnemaBodies.ts';
import { combine, factor, saturating } from '../confidenceModel.ts';
import type { Candidate, DerivationInput, DerivationRecord, Deriver } from '../deriver.ts';
import { datesBetween, daysBetween, localDate, localHour, mostCommon, slugKept, timesOf, WEEKDAYS, weekdayOf } from '../deriver.ts';

export const ROUTINE_TYPE = 'routine.weekly';
const PRIOR = 0.3;
const MIN_EVENTS = 3;
const MIN_SPAN_DAYS = 14;

export type PartOfDay = 'morning' | 'afternoon' | 'evening' | 'night' | 'all-day';

/** The part of the day of an all-day event (its start is a date, with no hour). */
export const ALL_DAY: PartOfDay = 'all-day';

/** The part of the day of a local hour: morning 05–12, afternoon 12–17, evening 17–22, night otherwise. */
export function partOfDay(hour: number): PartOfDay {
  return hour >= 5 && hour < 12 ? 'morning' : hour >= 12 && hour < 17 ? 'afternoon' : hour >= 17 && hour < 22 ? 'evening' : 'night';
}

/** The week a local date falls in, counted in Mondays since 1970-01-05. */
function weekNumber(iso: string): number {
  return Math.floor(datesBetween('1970-01-05', iso) / 7);
}

const str = (x: unknown): string | null => (typeof x === 'string' && x.trim() !== '' ? x.trim() : null);

/** The activity and part of the day a calendar record is a case of, or null: what a routine groups. */
function caseOf(r: DerivationRecord): { activity: string; part: PartOfDay } | null {
  if (r.kind !== 'evidence' || r.source !== 'calendar') return null;
  const title = str(r.payload.summary);
  if (!title) return null;
  return { activity: slugKept(title), part: r.payload.all_day === true ? ALL_DAY : partOfDay(localHour(r.observed_at)) };
}

export const routines: Deriver = {
  // 1.1.0: all-day events are a part of the day of their own (1.0.0 read their midnight start as night).
  // 1.1.2: the 14-day span is counted in local dates (1.1.1 counted hours, and lost an hour to the spring clock change);
  // the rationale counts weeks one way only.
  id: { name: 'routines', version: '1.1.2' },
  reads: [],
  emits: [ROUTINE_TYPE],
  derive(input: DerivationInput): Candidate[] {
    const groups = new Map<string, { activity: string; part: PartOfDay; events: DerivationRecord[] }>();
    for (const r of input.evidence) {
      const c = caseOf(r);
      if (!c) continue;
      const { activity, part } = c;
      const id = `${activity}|${part}`;
      const g = groups.get(id);
      if (g) g.events.push(r);
      else groups.set(id, { activity, part, events: [r] });
    }
    const out: Candidate[] = [];
    for (const { activity, part, events } of groups.values()) {
      // One routine per weekday: more evidence only adds routines, never renames one, so a
      // run after new records reaches what a run from scratch reaches.
      const byDay = new Map<number, DerivationRecord[]>();
      for (const e of events) {
        const day = weekdayOf(e.observed_at);
        const list = byDay.get(day);
        if (list) list.push(e);
        else byDay.set(day, [e]);
      }
      for (const [dayIndex, used] of [...byDay].sort((a, b) => a[0] - b[0])) {
        if (used.length < MIN_EVENTS) continue;
        // Records come in log order, which need not be time order (an import of an older calendar).
        const times = timesOf(used);
        const first = times[0]!;
        const last = times[times.length - 1]!;
        // In local dates, as the weeks are: in hours, three Tuesdays across the spring clock
        // change span 13 days and 23 hours.
        const span = datesBetween(first, last);
        if (span < MIN_SPAN_DAYS) continue;
        const day = WEEKDAYS[dayIndex]!;
        // Regularity: how many calendar weeks hold one of its events. Counted in absolute
        // weeks, so one more event never lowers it and a retracted one never raises it.
        const weeksSeen = new Set(used.map((e) => weekNumber(e.observed_at))).size;
        // The weeks from the first event's to the last's, counted as weeksSeen is (by local
        // date): a span in hours would lose a week to a clock change ("12 of 11 weeks").
        const weeks = Math.max(weeksSeen, weekNumber(last) - weekNumber(first) + 1);
        const recency = daysBetween(last, input.highWater);
        const factors = [
          factor('occurrence_count', used.length, saturating(used.length, 2.4, 0.3)),
          factor('regularity', weeksSeen, saturating(weeksSeen, 1.6, 0.3)),
          factor('recency', recency, saturating(recency, -2.0, 0.05)),
        ];
        const { confidence, basis } = combine(PRIOR, factors);
        const label = mostCommon(used.map((e) => str(e.payload.summary)!));
        const payload: JsonObject = { activity, label, day, part_of_day: part };
        const when = part === ALL_DAY ? `all-day events on ${day}` : `events on ${day} ${part}s`;
        out.push({
          claim_type: ROUTINE_TYPE,
          identity_key: `${ROUTINE_TYPE}|${activity}|${day}|${part}`,
          payload,
          inputs: used.map((e) => ({ op_id: e.id, role: 'supporting_event' })),
          confidence,
          confidence_basis: basis,
          // One count of weeks (calendar weeks, first to last inclusive), so the text never says "over 12 weeks … in 13 of 13".
          rationale: `${used.length} '${label}' ${when} from ${localDate(first)} to ${localDate(last)}, in ${weeksSeen} of those ${weeks} weeks; the last ${Math.round(recency)} days before the newest evidence.`,
        });
      }
    }
    return out;
  },
  groups: {
    of: (r) => {
      const c = caseOf(r);
      return c ? [`${c.activity}|${c.part}`] : [];
    },
    ofClaim: (c) => `${String(c.payload.activity)}|${String(c.payload.part_of_day)}`,
  },
};
