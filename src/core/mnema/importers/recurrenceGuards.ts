/**
 * What keeps a calendar's recurrence rules from hanging or misleading the import. The
 * calendar library steps through time one unit at a time: a rule no date satisfies
 * (`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31`) never returns, an INTERVAL of 10^12 days or a
 * DURATION of 10^18 weeks is stepped day by day, and a rule naming a day some months lack
 * (`BYMONTHDAY=30` in February) is rolled over into the next month. Seen in public test
 * calendars; each is refused with the event's place or, for a rolled-over date, dropped.
 */
import ICAL from 'ical.js';

type Time = InstanceType<typeof ICAL.Time>;
type Recur = InstanceType<typeof ICAL.Recur>;

/** Steps one occurrence may take through the library's loop (about 270 years of days). */
const STEPS_PER_OCCURRENCE = 100_000;
/** Slots in a row the rule does not admit before the series is taken to have ended (a real rule rolls over one or two in a row). */
const MAX_SKIPPED_SLOTS = 1000;
/** An INTERVAL whose one step spans more than this is no calendar's (and is stepped day by day). */
const MAX_STEP_SECONDS = 1000 * 366 * 86_400;
/** An event longer than this is no event (and its end is found day by day). */
const MAX_DURATION_SECONDS = 10 * 366 * 86_400;

const FREQ_SECONDS: Readonly<Record<string, number>> = { SECONDLY: 1, MINUTELY: 60, HOURLY: 3600, DAILY: 86_400, WEEKLY: 7 * 86_400, MONTHLY: 31 * 86_400, YEARLY: 366 * 86_400 };

interface GuardedIterator {
  next(again?: boolean): Time | null;
  check_contracting_rules(): boolean;
  guardSteps?: number;
  occurrence_number: number;
  completed: boolean;
  rule: Recur;
  dtstart: Time;
}

let installed = false;

/**
 * Two corrections to the library's rule iterator, installed once. It counts the steps
 * towards each occurrence and stops a search that finds none within STEPS_PER_OCCURRENCE
 * (its own loop has no bound for second- to weekly rules); the error is read as the
 * event's problem. And a slot the rule does not admit — a date the library rolled over, 30
 * February given as 1 March — is skipped without counting towards COUNT: RFC 5545 §3.3.10
 * says such instances are ignored and not counted. (DTSTART, the first instance, is given
 * as it is.)
 */
export function guardRecurrenceSteps(): void {
  if (installed) return;
  installed = true;
  const proto = (ICAL as unknown as { RecurIterator: { prototype: GuardedIterator } }).RecurIterator.prototype;
  const next = proto.next;
  const check = proto.check_contracting_rules;
  proto.next = function (this: GuardedIterator, again?: boolean) {
    for (let skipped = 0; ; skipped++) {
      this.guardSteps = 0;
      const slot = next.call(this, again);
      if (slot === null || slot.compare(this.dtstart) === 0 || satisfies(slot, this.rule)) return slot;
      this.occurrence_number--;
      if (skipped >= MAX_SKIPPED_SLOTS) {
        // The rule admits no later date (BYMONTH=2;BYMONTHDAY=30): the series is what it gave so far.
        this.completed = true;
        return null;
      }
    }
  };
  proto.check_contracting_rules = function (this: GuardedIterator) {
    this.guardSteps = (this.guardSteps ?? 0) + 1;
    if (this.guardSteps > STEPS_PER_OCCURRENCE) throw new Error('its RRULE finds no next occurrence (no date satisfies the rule)');
    return check.call(this);
  };
}

/** Why an event (or one of its moved occurrences) cannot be expanded safely, or null. */
export function unsafeRecurrenceOf(component: InstanceType<typeof ICAL.Component>): string | null {
  for (const rule of component.getAllProperties('rrule')) {
    const recur = rule.getFirstValue() as Recur;
    const step = (recur.interval ?? 1) * (FREQ_SECONDS[recur.freq] ?? 0);
    if (step > MAX_STEP_SECONDS) return `RRULE INTERVAL=${recur.interval} steps more than 1,000 years at a time`;
  }
  const duration = component.getFirstPropertyValue('duration');
  if (duration instanceof ICAL.Duration) {
    const seconds = duration.toSeconds();
    if (!Number.isFinite(seconds) || Math.abs(seconds) > MAX_DURATION_SECONDS) return `DURATION ${duration.toString()} is longer than 10 years`;
  }
  return null;
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** Whether a slot satisfies its rule's month, day of the month and weekday (a rolled-over date does not). */
function satisfies(t: Time, recur: Recur): boolean {
  const parts = recur.parts as Record<string, (number | string)[] | undefined>;
  const months = parts.BYMONTH;
  if (months && !months.includes(t.month)) return false;
  const monthDays = parts.BYMONTHDAY;
  if (monthDays) {
    const length = ICAL.Time.daysInMonth(t.month, t.year);
    if (!monthDays.some((d) => (Number(d) > 0 ? Number(d) === t.day : length + 1 + Number(d) === t.day))) return false;
  }
  const days = parts.BYDAY;
  if (days && !days.some((d) => String(d).slice(-2).toUpperCase() === WEEKDAYS[t.dayOfWeek() - 1])) return false;
  return true;
}
