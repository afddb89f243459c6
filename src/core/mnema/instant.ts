/**
 * The instant an `observed_at` names, the same on every machine. `Date.parse` reads a
 * date-time without an offset in the machine's own zone, so a span or a recency measured
 * from one would differ between two machines (§1.1: the same log derives the same
 * confidences everywhere); and it rolls an impossible date over (`2025-02-31` is 3 March).
 * Here a time without an offset is read as written (as if at UTC, as the local date and
 * hour are read from the text), and a date or time out of range is no instant.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|z|[+-]\d{2}:?\d{2})?$/;

const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Milliseconds since the epoch of an ISO 8601 date-time, or NaN when it is not one. */
export function instantMs(text: string): number {
  const m = ISO.exec(text);
  if (!m) return Number.NaN;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) return Number.NaN;
  const fraction = m[7] === undefined ? 0 : Math.round(Number(m[7]) * 1000);
  const offset = m[8] === undefined ? 0 : zoneMinutes(m[8]);
  if (offset === null) return Number.NaN;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second, fraction) - offset * 60_000;
  return Number.isFinite(ms) ? ms : Number.NaN;
}

/** Whether `x` is an ISO 8601 date-time with a real date and time (an offset or none). */
export const isInstant = (x: unknown): x is string => typeof x === 'string' && Number.isFinite(instantMs(x));

/** Minutes east of UTC a zone designator names (`Z`, `+02:00`, `-0800`), or null when it is none. */
export function zoneMinutes(zone: string): number | null {
  const z = zone.trim();
  if (z.toUpperCase() === 'Z') return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(z);
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = Number(m[3]);
  if (hours > 23 || minutes > 59) return null;
  return (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

/** The `±HH:MM` an offset of whole minutes east of UTC is written as (`Z` is never used: an offset of 0 is `+00:00`). */
export function offsetText(minutes: number): string {
  const abs = Math.abs(Math.trunc(minutes));
  const two = (x: number) => String(x).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}
