/**
 * Calendar files (.ics) as evidence, read with ical.js: every event, recurring ones
 * expanded occurrence by occurrence (RRULE, RDATE, EXDATE and moved occurrences as the
 * file says), one record each. A start is written as the calendar wrote it — local time
 * with its UTC offset — so the day and hour a deriver reads are the person's, whatever
 * machine imports the file. A zone the file names without defining it (no VTIMEZONE) is
 * taken from the zone database when it is a zone's name, and refused (with the event's
 * place) when it is not. A floating time (no zone) is read as UTC. An all-day event
 * (a DATE start) starts at midnight of its date and says `all_day: true`: it has no hour
 * of the day. Records keep the file's order (a series' occurrences in time order, where
 * the series stands). Each record names its calendar (`calendar`: calendarName).
 */
import ICAL from 'ical.js';
import { isInstant, offsetText } from '../instant.ts';
import type { EvidenceRecord, ImportReading } from './evidenceRecord.ts';
import { guardRecurrenceSteps, unsafeRecurrenceOf } from './recurrenceGuards.ts';

/** Occurrences of one recurring event taken at most (a rule with no end stops at `until`). */
const MAX_OCCURRENCES = 2000;

type Time = InstanceType<typeof ICAL.Time>;

const zoneFormats = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter of instants as wall time in `tzid`, or null when it is no zone this runtime knows. */
function zoneFormat(tzid: string): Intl.DateTimeFormat | null {
  let format = zoneFormats.get(tzid);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: tzid, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    } catch {
      format = null;
    }
    zoneFormats.set(tzid, format);
  }
  return format;
}

/**
 * The UTC offset (seconds) of the wall time `t` in the zone `tzid` as the runtime's zone
 * database has it, for a TZID the file names but does not define (no VTIMEZONE): many
 * exports name IANA zones only. Null for a name that is no zone.
 */
function namedZoneOffset(tzid: string, t: Time): number | null {
  const format = zoneFormat(tzid);
  if (!format) return null;
  const offsetAt = (ms: number): number => {
    const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]));
    return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - Math.floor(ms / 1000) * 1000;
  };
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  // The offset at the wall time read as UTC, then at the instant that gives: two steps settle it, across a clock change too.
  const first = offsetAt(wall);
  return offsetAt(wall - first) / 1000;
}

/** `2025-05-27T07:00:00+02:00` for a time with a zone, `…Z` for UTC and floating times; `named`: as offsetOf. */
function isoOf(t: Time, named: string | null = null): string {
  const local = t.toString().slice(0, 19);
  const withTime = t.isDate ? `${local.slice(0, 10)}T00:00:00` : local;
  const offset = t.isDate ? 0 : offsetOf(t, named);
  if (offset === 0) return `${withTime}Z`;
  return `${withTime}${offsetText(Math.trunc(offset / 60))}`;
}

/**
 * A time's UTC offset (seconds): its zone's as the file defines it; for a floating time of
 * an event whose TZID the file does not define (`named`), that zone's as the zone database
 * has it; else 0.
 */
function offsetOf(t: Time, named: string | null): number {
  const zone = t.zone?.tzid;
  if (zone && zone !== 'floating') return zone === 'UTC' ? 0 : t.utcOffset();
  if (named === null) return 0;
  const offset = namedZoneOffset(named, t);
  if (offset === null) throw new Error(`its time zone "${named}" is neither defined in the file (no VTIMEZONE) nor a zone name this reader knows`);
  return offset;
}

/**
 * The TZID an event's start names that the file does not define, or null. The calendar
 * library reads such a time as floating, and its occurrences forget the name.
 */
function undefinedZoneOf(vevent: InstanceType<typeof ICAL.Component>): string | null {
  const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid');
  return typeof tzid === 'string' && tzid !== '' && !ICAL.TimezoneService.has(tzid) ? tzid : null;
}

const TIME_TYPES: ReadonlySet<string> = new Set(['date', 'date-time', 'period']);

const DATE_PROPERTIES: ReadonlySet<string> = new Set(['dtstart', 'dtend', 'due', 'recurrence-id', 'rdate', 'exdate']);
/** A DATE the calendar library read as a DATE-TIME because VALUE=DATE was left out. */
const BARE_DATE = /^\d{4}-\d{2}-\d{2}T::$/;

/**
 * `DTSTART:20220101` — a date written without `VALUE=DATE`, as some exporters do — is a
 * date (an all-day event), not a date-time with no time. Repaired in the parsed form
 * (jCal: [name, properties, components], a property [name, parameters, type, ...values]).
 */
function bareDatesAsDates(component: unknown): void {
  if (!Array.isArray(component) || !Array.isArray(component[1])) return;
  for (const property of component[1] as unknown[][]) {
    if (!Array.isArray(property) || property[2] !== 'date-time' || !DATE_PROPERTIES.has(String(property[0]))) continue;
    const values = property.slice(3);
    if (values.length === 0 || !values.every((v) => typeof v === 'string' && BARE_DATE.test(v))) continue;
    property.splice(2, property.length - 2, 'date', ...values.map((v) => (v as string).slice(0, 10)));
  }
  if (Array.isArray(component[2])) for (const child of component[2] as unknown[]) bareDatesAsDates(child);
}

/**
 * The first date or time an event writes that names no real day or time of day (month 13,
 * 30 February, hour 99), as `DTSTART 2025-13-45T99:00:00`, or null. The calendar library
 * rolls such a value over into another date; it is refused instead.
 */
function impossibleTimeOf(vevent: InstanceType<typeof ICAL.Component>): string | null {
  for (const property of vevent.getAllProperties()) {
    const [name, , type, ...values] = property.toJSON() as [string, unknown, string, ...unknown[]];
    if (!TIME_TYPES.has(type)) continue;
    for (const value of values) {
      // A period is its start and its end (or a duration).
      const times = type === 'period' && Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && !v.startsWith('P') && !v.startsWith('-P')) : [value];
      for (const t of times) {
        const text = String(t);
        if (!isInstant(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text)) return `${name.toUpperCase()} ${text}`;
      }
    }
  }
  return null;
}

/** The attendees' names (CN, else the address without `mailto:`). */
function attendeesOf(event: InstanceType<typeof ICAL.Event>): string[] {
  return event.attendees
    .map((p) => {
      const cn = p.getParameter('cn');
      const name = typeof cn === 'string' ? cn : String(p.getFirstValue() ?? '').replace(/^mailto:/i, '');
      return name.trim();
    })
    .filter((n) => n !== '');
}

/**
 * The calendar's own name (X-WR-CALNAME, as calendar apps export it), else the file's name
 * without its folder: what names this calendar again in a later export, so an event gone
 * from it can be told from one that lives in another calendar (knownRecords.ts).
 */
function calendarName(root: InstanceType<typeof ICAL.Component>, file: string): string {
  const named = root.getFirstPropertyValue('x-wr-calname');
  if (typeof named === 'string' && named.trim() !== '') return named.trim();
  return file.split(/[\\/]/).pop() || file;
}

/** Reads an .ics text; `until` bounds rules without an end (ISO; the import's time). */
export function readCalendar(text: string, file: string, until: string): ImportReading {
  let root: InstanceType<typeof ICAL.Component>;
  try {
    const parsed = ICAL.parse(text) as unknown[];
    bareDatesAsDates(parsed);
    root = new ICAL.Component(parsed);
  } catch (e) {
    return { records: [], problems: [{ place: file, message: `not an iCalendar file: ${(e as Error).message}` }] };
  }
  if (root.name !== 'vcalendar') return { records: [], problems: [{ place: file, message: 'not an iCalendar file: no VCALENDAR' }] };
  // Each file is read with its own zones alone: the calendar library's zone table is one for
  // the whole process, and a zone another file defined would otherwise be used here.
  ICAL.TimezoneService.reset();
  guardRecurrenceSteps();
  try {
    return readCalendarWithZones(root, file, until);
  } finally {
    ICAL.TimezoneService.reset();
  }
}

function readCalendarWithZones(root: InstanceType<typeof ICAL.Component>, file: string, until: string): ImportReading {
  // A VTIMEZONE without a TZID cannot be named by any event (real calendars carry such
  // leftovers): it is passed over rather than failing the whole file.
  for (const tz of root.getAllSubcomponents('vtimezone')) if (tz.hasProperty('tzid')) ICAL.TimezoneService.register(tz);
  const vevents = root.getAllSubcomponents('vevent');
  // Moved or changed occurrences (RECURRENCE-ID) belong to their series.
  const exceptions = vevents.filter((v) => v.hasProperty('recurrence-id'));
  const masters = vevents.filter((v) => !v.hasProperty('recurrence-id'));
  const stop = ICAL.Time.fromJSDate(new Date(until), true);
  const calendar = calendarName(root, file);
  const records: EvidenceRecord[] = [];
  const problems: ImportReading['problems'][number][] = [];
  masters.forEach((vevent, i) => {
    try {
      readEvent(vevent, i);
    } catch (e) {
      // What the calendar library cannot read (a broken rule, a date it rejects) is this event's problem, with its place.
      const uid = vevent.getFirstPropertyValue('uid');
      problems.push({ place: `${file}: event ${i + 1}${typeof uid === 'string' ? ` (${uid})` : ''}`, message: `cannot be read: ${(e as Error).message}` });
    }
  });
  return { records, problems };

  function readEvent(vevent: InstanceType<typeof ICAL.Component>, i: number): void {
    // An RDATE given as a period (start/end) is expanded by its start: the calendar library's
    // expansion stops at period values ('convertToZone is not a function').
    for (const rdate of vevent.getAllProperties('rdate')) {
      if (rdate.type !== 'period') continue;
      const starts = rdate.getValues().map((v) => (v as InstanceType<typeof ICAL.Period>).start);
      rdate.resetType('date-time');
      rdate.setValues(starts);
    }
    const own = exceptions.filter((x) => x.getFirstPropertyValue('uid') === vevent.getFirstPropertyValue('uid'));
    for (const component of [vevent, ...own]) {
      const impossible = impossibleTimeOf(component);
      if (impossible) throw new Error(`${impossible} is no real date and time`);
      const unsafe = unsafeRecurrenceOf(component);
      if (unsafe) throw new Error(unsafe);
    }
    const event = new ICAL.Event(vevent, { strictExceptions: false, exceptions: own });
    if (!event.startDate) {
      problems.push({ place: `${file}: event ${i + 1}${event.uid ? ` (${event.uid})` : ''}`, message: 'an event without DTSTART' });
      return;
    }
    const base = { uid: event.uid ?? `${file}#${i + 1}`, calendar, summary: event.summary ?? '', ...(event.location ? { location: event.location } : {}) };
    const zone = undefinedZoneOf(vevent);
    const iso = (t: Time) => isoOf(t, zone);
    const push = (start: Time, end: Time, item: InstanceType<typeof ICAL.Event>, occurrence: string | null) => {
      const minutes = Math.round((end.toUnixTime() - start.toUnixTime()) / 60);
      const attendees = attendeesOf(item);
      records.push({
        source: 'calendar',
        observed_at: iso(start),
        payload: {
          ...base,
          summary: item.summary ?? base.summary,
          ...(item.location ? { location: item.location } : {}),
          start: iso(start),
          end: iso(end),
          duration_minutes: minutes,
          ...(start.isDate ? { all_day: true } : {}),
          ...(attendees.length > 0 ? { attendees } : {}),
          ...(occurrence ? { occurrence } : {}),
        },
      });
    };
    if (!event.isRecurring()) {
      push(event.startDate, event.endDate ?? event.startDate, event, null);
      return;
    }
    const it = event.iterator();
    // DTSTART is the first instance of every recurrence set (RFC 5545 §3.8.5); the library
    // leaves it out of a set made of RDATEs alone, so it is put back unless an EXDATE removes it.
    const first = event.startDate;
    const excluded = vevent.getAllProperties('exdate').some((p) => p.getValues().some((v) => (v as Time).compare(first) === 0));
    let firstShown = vevent.hasProperty('rrule') || excluded;
    for (let n = 0; n < MAX_OCCURRENCES; n++) {
      const next = it.next();
      if (!firstShown && (!next || next.compare(first) > 0)) {
        const details = event.getOccurrenceDetails(first);
        push(details.startDate, details.endDate, details.item, iso(details.recurrenceId));
        firstShown = true;
      }
      if (!next || next.compare(stop) > 0) break;
      if (next.compare(first) === 0) firstShown = true;
      const details = event.getOccurrenceDetails(next);
      push(details.startDate, details.endDate, details.item, iso(details.recurrenceId));
    }
  }
}
