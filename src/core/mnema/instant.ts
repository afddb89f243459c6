/**
 * The instant an `observed_at` names, the same on every machine. `Date.parse` reads a
 * date-time without an offset in the machine's own zone, so a span or a recency measured
 * from one would differ between two machines (§1.1: the same log derives the same
 * confidences everywhere); and it rolls an impossible date over (`2025-02-31` is 3 March).
 * Here a time without an offset is read as written (as if at UTC, as the local date and
 * hour are read from the text), and a date or time out of range is no instant.
 */

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (year: number, month: number): number => (month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!);

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (month 1–12). */
function civilDays(year: number, month: number, day: number): number {
  // Counted from 1 March, so the leap day ends a year.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

/** The value of `n` ASCII digits of `text` at `at`, or -1 when one is not a digit. */
function digits(text: string, at: number, n: number): number {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const d = text.charCodeAt(i) - 48;
    if (!(d >= 0 && d <= 9)) return -1;
    v = v * 10 + d;
  }
  return v;
}

/**
 * Milliseconds since the epoch of an ISO 8601 date-time
 * (`YYYY-MM-DDTHH:MM[:SS[.fff…]][Z|±HH[:]MM]`), or NaN when it is not one. Read by
 * character codes: derivers read every record's time several times in a run.
 */
export function instantMs(text: string): number {
  const n = text.length;
  if (n < 16 || text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58) return Number.NaN;
  const days = dateDays(text);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  if (Number.isNaN(days) || hour < 0 || hour > 23 || minute < 0 || minute > 59) return Number.NaN;
  let at = 16;
  let second = 0;
  let fraction = 0;
  if (text.charCodeAt(at) === 58) {
    second = digits(text, at + 1, 2);
    if (second < 0 || second > 59) return Number.NaN;
    at += 3;
    if (text.charCodeAt(at) === 46) {
      const from = at + 1;
      at = from;
      while (at < n && digits(text, at, 1) >= 0) at++;
      if (at === from) return Number.NaN;
      fraction = Math.round(Number(text.slice(from - 1, at)) * 1000);
    }
  }
  const offset = at === n ? 0 : zoneAt(text, at);
  if (offset === null) return Number.NaN;
  return (days * 86_400 + hour * 3_600 + minute * 60 + second) * 1_000 + fraction - offset * 60_000;
}

/** Days from 1970-01-01 to the date an ISO date or date-time is written on (its local date, the offset aside), or NaN when it names no date. */
export function dateDays(iso: string): number {
  const year = digits(iso, 0, 4);
  const month = digits(iso, 5, 2);
  const day = digits(iso, 8, 2);
  if (year < 0 || iso.charCodeAt(4) !== 45 || iso.charCodeAt(7) !== 45 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return Number.NaN;
  return civilDays(year, month, day);
}

/** Whether `x` is an ISO 8601 date-time with a real date and time (an offset or none). */
export const isInstant = (x: unknown): x is string => typeof x === 'string' && Number.isFinite(instantMs(x));

/** Minutes east of UTC a zone designator names (`Z`, `+02:00`, `-0800`), or null when it is none. */
export function zoneMinutes(zone: string): number | null {
  return zoneAt(zone.trim(), 0);
}

/** The zone designator that is all of `text` from `at` on, in minutes east of UTC, or null. */
function zoneAt(text: string, at: number): number | null {
  const rest = text.length - at;
  const sign = text.charCodeAt(at);
  if (rest === 1) return sign === 90 || sign === 122 ? 0 : null;
  if ((sign !== 43 && sign !== 45) || (rest !== 5 && rest !== 6)) return null;
  const hours = digits(text, at + 1, 2);
  if (rest === 6 && text.charCodeAt(at + 3) !== 58) return null;
  const minutes = digits(text, at + rest - 2, 2);
  if (hours < 0 || minutes < 0 || hours > 23 || minutes > 59) return null;
  return (sign === 45 ? -1 : 1) * (hours * 60 + minutes);
}

/** The `±HH:MM` an offset of whole minutes east of UTC is written as (`Z` is never used: an offset of 0 is `+00:00`). */
export function offsetText(minutes: number): string {
  const abs = Math.abs(Math.trunc(minutes));
  const two = (x: number) => String(x).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}
