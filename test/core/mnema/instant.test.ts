/**
 * An `observed_at` names the same instant on every machine (§1.1: a log derives the same
 * confidences everywhere): a time without an offset is read as written, never in the
 * machine's zone, and an impossible date is refused rather than rolled over. Spans are
 * counted in local dates where a person counts them (three Tuesdays across the spring
 * clock change span two weeks).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claimSummaries } from '../../../src/core/mnema/claimSummary.ts';
import { datesBetween, daysBetween, weekdayOf } from '../../../src/core/mnema/deriver.ts';
import { readCalendar } from '../../../src/core/mnema/importers/calendarImport.ts';
import { readJsonLines } from '../../../src/core/mnema/importers/jsonlImport.ts';
import { dateDays, instantMs, isInstant, offsetText, zoneMinutes } from '../../../src/core/mnema/instant.ts';
import { testLog } from '../../support/mnemaLogs.ts';

describe('zone offsets', () => {
  it.each([
    ['Z', 0],
    ['z', 0],
    ['+00:00', 0],
    ['+02:00', 120],
    ['-0800', -480],
    ['+05:30', 330],
    [' -03:30 ', -210],
    ['+14:00', 840],
    ['+24:00', null],
    ['+05:60', null],
    ['0500', null],
    ['+5:00', null],
    ['GMT', null],
  ])('zoneMinutes(%j) = %j', (zone, minutes) => {
    expect(zoneMinutes(zone)).toBe(minutes);
  });

  it.each([
    [0, '+00:00'],
    [120, '+02:00'],
    [-480, '-08:00'],
    [330, '+05:30'],
    [-296, '-04:56'],
  ])('offsetText(%j) = %j', (minutes, text) => {
    expect(offsetText(minutes)).toBe(text);
  });

  it('reads back every offset it writes', () => {
    fc.assert(fc.property(fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }), (m) => zoneMinutes(offsetText(m)) === m));
  });
});

describe('instantMs', () => {
  it.each([
    ['2025-03-05T09:30:00Z', Date.UTC(2025, 2, 5, 9, 30)],
    ['2025-03-05T09:30:00.250Z', Date.UTC(2025, 2, 5, 9, 30, 0, 250)],
    ['2025-03-05T09:30Z', Date.UTC(2025, 2, 5, 9, 30)],
    ['2025-03-05T09:30:00+01:00', Date.UTC(2025, 2, 5, 8, 30)],
    ['2025-03-05T09:30:00-0530', Date.UTC(2025, 2, 5, 15, 0)],
    // No offset: read as written, whatever this machine's zone.
    ['2025-03-05T09:30:00', Date.UTC(2025, 2, 5, 9, 30)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
  ])('%s', (text, ms) => {
    expect(instantMs(text)).toBe(ms);
    expect(isInstant(text)).toBe(true);
  });

  it.each([
    '2025-02-31T00:00:00Z',
    '2025-02-29T00:00:00Z',
    '2025-13-01T00:00:00Z',
    '2025-00-10T00:00:00Z',
    '2025-03-05T24:00:00Z',
    '2025-03-05T09:60:00Z',
    '2025-03-05T09:30:61Z',
    '2025-03-05',
    '2025-03-05 09:30:00Z',
    '2025-03-05T09:30:00+25:00',
    'March 5, 2025',
    '',
    '2025-03-05T09:30:00Zjunk',
    '2025-03-05T09:30:00 Z',
    '2025-03-05T09:30:00+01:00 ',
    '2025-03-05T09:30:00\t+01:00',
    '2025-03-05T09:30:00.Z',
    '2025-03-05T09:30:0Z',
    '2025-03-05T09:30:00+01:0',
    '2025-03-05T09:30:00+0100:',
    '2025-03-05T09:3',
    '2025-03-05T09:30:00+01:00:00',
    '202５-03-05T09:30:00Z',
    '2025-3-05T09:30:00Z',
  ])('refuses %j', (text) => {
    expect(instantMs(text)).toBeNaN();
    expect(isInstant(text)).toBe(false);
  });

  it('agrees with Date.parse on every real date-time with an offset', () => {
    const date = fc.date({ min: new Date(Date.UTC(1971, 0, 1)), max: new Date(Date.UTC(2100, 0, 1)), noInvalidDate: true });
    const offset = fc.integer({ min: -14 * 60, max: 14 * 60 }).map((m) => (m === 0 ? 'Z' : offsetText(m)));
    fc.assert(
      fc.property(date, offset, (d, zone) => {
        const text = `${d.toISOString().slice(0, 19)}${zone}`;
        expect(instantMs(text)).toBe(Date.parse(text));
      }),
    );
  });

  it('agrees with Date.parse from year 0100 to 9999, with or without seconds and fractions', () => {
    const date = fc.date({ min: new Date(Date.UTC(100, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true });
    const form = fc.constantFrom(16, 19, 23);
    const offset = fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }).map(offsetText);
    fc.assert(
      fc.property(date, form, offset, (d, length, zone) => {
        const text = `${d.toISOString().slice(0, length)}${zone}`;
        expect(instantMs(text)).toBe(Date.parse(text));
      }),
    );
  });

  it('reads a fraction of any length, rounded to the millisecond', () => {
    expect(instantMs('2025-03-05T09:30:00.1Z')).toBe(Date.UTC(2025, 2, 5, 9, 30, 0, 100));
    expect(instantMs('2025-03-05T09:30:00.123456789Z')).toBe(Date.UTC(2025, 2, 5, 9, 30, 0, 123));
    expect(instantMs('2025-03-05T09:30:00.0006Z')).toBe(Date.UTC(2025, 2, 5, 9, 30, 0, 1));
  });

  it('the leap days of the Gregorian calendar', () => {
    for (const [date, ok] of [
      ['2000-02-29', true],
      ['1900-02-29', false],
      ['2100-02-29', false],
      ['2400-02-29', true],
      ['2024-02-29', true],
      ['2023-02-29', false],
    ] as const) {
      expect(isInstant(`${date}T00:00:00Z`)).toBe(ok);
      expect(Number.isNaN(dateDays(date))).toBe(!ok);
    }
  });

  it('a date as written counts days and weekdays as the Gregorian calendar does', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(100, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true }), fc.constantFrom('', 'T23:30:00-11:00', 'T00:15:00+14:00'), (d, time) => {
        const iso = `${d.toISOString().slice(0, 10)}${time}`;
        const utcMidnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
        // The local date as written, whatever the offset says the instant is.
        expect(dateDays(iso)).toBe(utcMidnight / 86_400_000);
        expect(weekdayOf(iso)).toBe((d.getUTCDay() + 6) % 7);
      }),
    );
    expect(weekdayOf('2025-06-02T09:00:00+02:00')).toBe(0);
    expect(datesBetween('2025-03-29T23:00:00+01:00', '2025-03-30T01:00:00+02:00')).toBe(1);
    expect(datesBetween('2025-03-30', '2025-03-29')).toBe(0);
    expect(datesBetween('junk', '2025-03-29')).toBe(0);
  });

  it('a span without offsets is the same on every machine', () => {
    expect(daysBetween('2025-03-01T10:00:00Z', '2025-03-05T10:00:00')).toBe(4);
  });

  it('a JSON Lines record with an impossible date is refused with its place', () => {
    const { records, problems } = readJsonLines('{"source":"x","payload":{},"observed_at":"2025-02-31T00:00:00Z"}\n', 'r.jsonl');
    expect(records).toEqual([]);
    expect(problems).toEqual([expect.objectContaining({ message: expect.stringMatching(/observed_at/) })]);
  });
});

describe('routines across a clock change', () => {
  const berlin = [
    'BEGIN:VTIMEZONE',
    'TZID:Europe/Berlin',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'DTSTART:19700329T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'DTSTART:19701025T030000',
    'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
  const pilates = (start: string) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      ...berlin,
      'BEGIN:VEVENT',
      'UID:pilates@test',
      'SUMMARY:Pilates',
      `DTSTART;TZID=Europe/Berlin:${start}T063000`,
      `DTEND;TZID=Europe/Berlin:${start}T073000`,
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');

  it.each([
    ['before the spring change', '20250304'],
    ['across the spring change (13 days 23 hours)', '20250318'],
    ['across the autumn change (14 days 1 hour)', '20251021'],
  ])('three weekly classes %s make a routine', (_, start) => {
    const reading = readCalendar(pilates(start), 'cal.ics', '2025-12-31T00:00:00Z');
    expect(reading.problems).toEqual([]);
    expect(reading.records).toHaveLength(3);
    const log = testLog();
    for (const r of reading.records) log.evidence(r.source, r.observed_at, r.payload);
    log.derive();
    expect(claimSummaries(log.graph)['routine.weekly|pilates|tue|morning']?.state).toBe('active');
  });
});
