/**
 * All-day calendar events (a DATE start, as school and holiday calendars write them) have
 * no hour of the day. Read from an .ics text through the importer, routines gives them a
 * part of the day of their own (`all-day`), never `night` (routines 1.0.0 read their
 * midnight start so: a public school calendar's all-day "BLOCK 1-3-5" Thursdays became a
 * night routine), and preferences leaves them out: they say nothing of a time of day.
 */
import { describe, expect, it } from 'vitest';
import { claimSummaries } from '../../../src/core/mnema/claimSummary.ts';
import { explainClaim } from '../../../src/core/mnema/explainClaim.ts';
import { readCalendar } from '../../../src/core/mnema/importers/calendarImport.ts';
import { summarizeEvidence } from '../../../src/core/mnema/evidenceSummary.ts';
import { testLog } from '../../support/mnemaLogs.ts';

/** A calendar of VEVENT bodies, CRLF as RFC 5545 writes it. */
const calendar = (...events: string[]): string =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events.flatMap((e) => ['BEGIN:VEVENT', e, 'END:VEVENT']), 'END:VCALENDAR', ''].join('\r\n');

const BLOCK_DAYS = calendar(
  // Eight Thursdays, all day.
  'UID:block\r\nSUMMARY:BLOCK 1-3-5\r\nDTSTART;VALUE=DATE:20250306\r\nDTEND;VALUE=DATE:20250307\r\nRRULE:FREQ=WEEKLY;COUNT=8',
  // A three-day all-day event, once.
  'UID:trip\r\nSUMMARY:Tournament\r\nDTSTART;VALUE=DATE:20250314\r\nDTEND;VALUE=DATE:20250317',
  // Practice at 15:30 local time on the same Thursdays.
  'UID:practice\r\nSUMMARY:Practice\r\nDTSTART;TZID=America/Los_Angeles:20250306T153000\r\nDTEND;TZID=America/Los_Angeles:20250306T170000\r\nRRULE:FREQ=WEEKLY;COUNT=8',
);

describe('all-day events', () => {
  const reading = readCalendar(BLOCK_DAYS, 'school.ics', '2025-12-31T00:00:00Z');

  it('are read with all_day, at midnight of their date, for the days they last', () => {
    expect(reading.problems).toEqual([]);
    const block = reading.records.filter((r) => r.payload.uid === 'block');
    expect(block).toHaveLength(8);
    expect(block[0]).toMatchObject({ observed_at: '2025-03-06T00:00:00Z', payload: { all_day: true, duration_minutes: 1440 } });
    const trip = reading.records.find((r) => r.payload.uid === 'trip')!;
    expect(trip.payload).toMatchObject({ all_day: true, duration_minutes: 3 * 1440 });
    for (const r of reading.records.filter((r) => r.payload.uid === 'practice')) expect(r.payload.all_day).toBeUndefined();
  });

  it('are summarized by their date, not by a midnight hour', () => {
    const [block] = reading.records;
    const trip = reading.records.find((r) => r.payload.uid === 'trip')!;
    expect(summarizeEvidence({ kind: 'evidence', ...block! })).toBe("Event 'BLOCK 1-3-5' 2025-03-06 (all day)");
    expect(summarizeEvidence({ kind: 'evidence', ...trip })).toBe("Event 'Tournament' 2025-03-14 (all day, 3 days)");
  });

  it('make an all-day routine, never a night one, and no time-of-day preference', () => {
    const log = testLog();
    for (const r of reading.records) log.evidence(r.source, r.observed_at, r.payload);
    log.derive();
    const claims = claimSummaries(log.graph);
    const keys = Object.keys(claims).sort();
    expect(keys).toContain('routine.weekly|block-1-3-5|thu|all-day');
    expect(keys).toContain('routine.weekly|practice|thu|afternoon');
    expect(keys.filter((k) => k.endsWith('|night'))).toEqual([]);
    expect(keys.filter((k) => k.startsWith('preference.time_of_day|'))).toEqual(['preference.time_of_day|practice|afternoon']);
    const routine = claims['routine.weekly|block-1-3-5|thu|all-day']!;
    expect(routine.payload).toMatchObject({ activity: 'block-1-3-5', day: 'thu', part_of_day: 'all-day' });
    const record = explainClaim(log.graph, log.graph.latest('routine.weekly|block-1-3-5|thu|all-day')!);
    expect(record.because[0]?.rationale).toMatch(/^8 'BLOCK 1-3-5' all-day events on thu from 2025-03-06 to 2025-04-24, in 8 of those 8 weeks;/);
  });
});
