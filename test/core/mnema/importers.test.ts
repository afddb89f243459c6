/** Evidence from where it lives: the sample calendar (recurrences, EXDATE, a moved occurrence), notes, JSON Lines, photos. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCalendar } from '../../../src/core/mnema/importers/calendarImport.ts';
import { readJsonLines } from '../../../src/core/mnema/importers/jsonlImport.ts';
import { readNote } from '../../../src/core/mnema/importers/notesImport.ts';
import { readPhoto } from '../../../src/core/mnema/importers/photoImport.ts';
import { sourceOfName } from '../../../src/core/mnema/importers/evidenceFiles.ts';
import { summarizeEvidence } from '../../../src/core/mnema/evidenceSummary.ts';
import { exifJpeg, gpsAt, TAG } from '../../support/exifJpeg.ts';

const sample = (name: string) => readFileSync(new URL(`../../../samples/mnema/${name}`, import.meta.url), 'utf8');

describe('calendar', () => {
  const { records, problems } = readCalendar(sample('calendar.ics'), 'calendar.ics', '2026-01-01T00:00:00Z');
  it('expands recurring events, skips EXDATEs, keeps local times with their offsets', () => {
    expect(problems).toEqual([]);
    const gym = records.filter((r) => r.payload.summary === 'Gym');
    // Tue/Thu from 4 March to 29 May 2025 is 26 occurrences; one is excluded.
    expect(gym).toHaveLength(25);
    expect(gym.map((r) => r.observed_at)).not.toContain('2025-04-17T07:00:00+02:00');
    expect(gym[0]!.observed_at).toBe('2025-03-04T07:00:00+01:00');
    // Summer time: the same 07:00, a different offset.
    expect(gym[gym.length - 1]!.observed_at).toBe('2025-05-29T07:00:00+02:00');
    expect(records.filter((r) => r.payload.summary === 'Yoga')).toHaveLength(12);
  });
  it('a moved occurrence replaces its slot in the series', () => {
    const moved = records.filter((r) => String(r.payload.summary).startsWith('Team sync (moved)'));
    expect(moved).toHaveLength(1);
    expect(moved[0]!.observed_at).toBe('2025-04-16T16:00:00+02:00');
    expect(moved[0]!.payload.attendees).toEqual(['Bo Lindqvist']);
    expect(records.filter((r) => r.observed_at === '2025-04-16T14:00:00+02:00')).toHaveLength(0);
  });
  it('an unreadable file is a problem with its place, not a crash', () => {
    expect(readCalendar('BEGIN:VCALENDAR\nnot ical', 'bad.ics', '2026-01-01T00:00:00Z').problems[0]).toMatchObject({ place: 'bad.ics' });
    expect(readCalendar('{"json": true}', 'x.ics', '2026-01-01T00:00:00Z').problems).toHaveLength(1);
  });
  it('a VTIMEZONE without a TZID (left in exported calendars) is passed over; an event the library cannot read is a problem with its place', () => {
    const cal = (event: string) =>
      ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VTIMEZONE', 'X-INVALID-TIMEZONE:TRUE', 'END:VTIMEZONE', 'BEGIN:VEVENT', event, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
    const fine = readCalendar(cal('UID:a\r\nSUMMARY:Standup\r\nDTSTART:20250304T090000Z\r\nDTEND:20250304T091500Z'), 'work.ics', '2025-06-01T00:00:00Z');
    expect(fine.problems).toEqual([]);
    expect(fine.records.map((r) => r.payload.summary)).toEqual(['Standup']);
    const broken = readCalendar(cal('UID:b\r\nSUMMARY:Odd\r\nDTSTART:20250304T090000Z\r\nRRULE:FREQ=WEEKLY;BYDAY=XX'), 'work.ics', '2025-06-01T00:00:00Z');
    const period = readCalendar(
      cal('UID:c\r\nSUMMARY:Review\r\nDTSTART:20250304T090000Z\r\nDTEND:20250304T100000Z\r\nRDATE;VALUE=PERIOD:20250311T090000Z/20250311T100000Z'),
      'work.ics',
      '2025-06-01T00:00:00Z',
    );
    expect(period.problems).toEqual([]);
    expect(period.records.map((r) => r.observed_at)).toEqual(['2025-03-04T09:00:00Z', '2025-03-11T09:00:00Z']);
    expect(broken.problems.length).toBeGreaterThan(0);
    for (const p of broken.problems) expect(p.place).toMatch(/^work\.ics/);
  });

  it('a zone the file names without a VTIMEZONE: from the zone database when it is a zone’s name, refused with its place when it is not', () => {
    const event = (tzid: string, rule: string | null) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:dentist@test',
        'SUMMARY:Dentist',
        `DTSTART;TZID=${tzid}:20250324T093000`,
        `DTEND;TZID=${tzid}:20250324T103000`,
        ...(rule ? [rule] : []),
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    const read = (text: string) => readCalendar(text, 'b.ics', '2026-01-01T00:00:00Z');
    expect(read(event('Europe/Berlin', null)).records.map((r) => [r.observed_at, r.payload.end])).toEqual([['2025-03-24T09:30:00+01:00', '2025-03-24T10:30:00+01:00']]);
    // Weekly, across the spring change: the same wall time, the offset of each date.
    expect(read(event('Europe/Berlin', 'RRULE:FREQ=WEEKLY;COUNT=2')).records.map((r) => r.observed_at)).toEqual(['2025-03-24T09:30:00+01:00', '2025-03-31T09:30:00+02:00']);
    expect(read(event('America/New_York', null)).records[0]!.observed_at).toBe('2025-03-24T09:30:00-04:00');
    for (const unknown of ['Mars/Olympus', 'W. Europe Standard Time']) {
      const reading = read(event(unknown, null));
      expect(reading.records).toEqual([]);
      expect(reading.problems).toEqual([{ place: 'b.ics: event 1 (dentist@test)', message: expect.stringContaining(`"${unknown}" is neither defined in the file`) }]);
    }
  });

  it.each([
    [['DTSTART:20251345T990000', 'DTEND:20251345T999900'], 'DTSTART 2025-13-45T99:00:00'],
    [['DTSTART;VALUE=DATE:20250230'], 'DTSTART 2025-02-30'],
    [['DTSTART:20250305T090000Z', 'RRULE:FREQ=WEEKLY;COUNT=3', 'EXDATE:20250230T090000Z'], 'EXDATE 2025-02-30T09:00:00Z'],
  ])('an impossible date or time (%j) is refused with its place, not rolled over into another date', (lines, named) => {
    const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:broken@test', 'SUMMARY:Broken', ...lines, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
    const reading = readCalendar(text, 'b.ics', '2026-01-01T00:00:00Z');
    expect(reading.records).toEqual([]);
    expect(reading.problems).toEqual([{ place: 'b.ics: event 1 (broken@test)', message: `cannot be read: ${named} is no real date and time` }]);
  });

  it('each file is read with its own zones: a zone another file defined is not used, whatever the order', () => {
    const berlin = sample('calendar.ics');
    const undefinedThere = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x@test', 'SUMMARY:X', 'DTSTART;TZID=Europe/Berlin:20250305T093000', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
    const alone = readCalendar(undefinedThere, 'b.ics', '2026-01-01T00:00:00Z').records[0]!.observed_at;
    readCalendar(berlin, 'calendar.ics', '2026-01-01T00:00:00Z');
    expect(readCalendar(undefinedThere, 'b.ics', '2026-01-01T00:00:00Z').records[0]!.observed_at).toBe(alone);
    expect(alone).toBe('2025-03-05T09:30:00+01:00');
  });

  it('summaries come from the record alone', () => {
    const gym = records.find((r) => r.payload.summary === 'Gym')!;
    expect(summarizeEvidence({ kind: 'evidence', ...gym })).toBe("Event 'Gym' 2025-03-04 07:00 (60m) at Urban Gym Mitte");
  });
});

describe('calendar rules that hang or mislead the calendar library (cases from public test calendars)', () => {
  const one = (lines: string) =>
    `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:e1\r\nDTSTAMP:20240101T000000Z\r\nSUMMARY:Event\r\n${lines.split('\n').join('\r\n')}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
  const read = (lines: string) => readCalendar(one(lines), 'c.ics', '2026-12-01T00:00:00Z');

  // [case, event lines, problem (null: read), starts when read]
  const cases: [string, string, RegExp | null, string[] | null][] = [
    ['a rule no date satisfies (31 February, daily)', 'DTSTART:20240101T090000Z\nRRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31', /RRULE finds no next occurrence/, null],
    ['an INTERVAL of 10^12 days', 'DTSTART:20240101T090000Z\nRRULE:FREQ=DAILY;INTERVAL=999999999999', /INTERVAL=999999999999 steps more than 1,000 years/, null],
    ['a DURATION of 10^18 weeks', 'DTSTART:20240101T000000Z\nDURATION:P999999999999999999W', /DURATION .* is longer than 10 years/, null],
    ['a negative DURATION of 10^11 weeks', 'DTSTART:20240101T000000Z\nDURATION:-P99999999999W', /DURATION .* is longer than 10 years/, null],
    [
      '30 February is not rolled over into March',
      'DTSTART:20240130T090000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=30;COUNT=4',
      null,
      ['2024-01-30T09:00:00Z', '2024-03-30T09:00:00Z', '2024-04-30T09:00:00Z', '2024-05-30T09:00:00Z'],
    ],
    [
      // The library rolls 30 February over into March; that slot is left out.
      'a day February lacks, yearly in January and February: 30 January alone',
      'DTSTART:20240130T090000Z\nRRULE:FREQ=YEARLY;BYMONTH=1,2;BYMONTHDAY=30;UNTIL=20261231T000000Z',
      null,
      ['2024-01-30T09:00:00Z', '2025-01-30T09:00:00Z', '2026-01-30T09:00:00Z'],
    ],
    [
      // RFC 5545 §3.3.10: an invalid instance is ignored and not counted towards COUNT.
      'with COUNT, the left-out 30 February does not count: three 30 Januaries',
      'DTSTART:20240130T090000Z\nRRULE:FREQ=YEARLY;BYMONTH=1,2;BYMONTHDAY=30;COUNT=3',
      null,
      ['2024-01-30T09:00:00Z', '2025-01-30T09:00:00Z', '2026-01-30T09:00:00Z'],
    ],
    // Every slot after the start is rolled over: the series ends (quickly), and the library had already left out the off-rule start.
    ['a rule no later date satisfies (30 February, yearly)', 'DTSTART:20240130T090000Z\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', null, []],
    ['a date written without VALUE=DATE is an all-day date', 'DTSTART:20220101\nDTEND:20220102', null, ['2022-01-01T00:00:00Z']],
    ['the last day of the month (BYMONTHDAY=-1)', 'DTSTART:20240131T090000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3', null, ['2024-01-31T09:00:00Z', '2024-02-29T09:00:00Z', '2024-03-31T09:00:00Z']],
    ['the second Tuesday (BYDAY=2TU)', 'DTSTART:20240109T090000Z\nRRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=3', null, ['2024-01-09T09:00:00Z', '2024-02-13T09:00:00Z', '2024-03-12T09:00:00Z']],
    [
      'an RDATE outside the rule is kept',
      'DTSTART:20240101T090000Z\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=2\nRDATE:20240103T090000Z',
      null,
      ['2024-01-01T09:00:00Z', '2024-01-03T09:00:00Z', '2024-01-08T09:00:00Z'],
    ],
  ];
  it.each(cases)('%s', (_, lines, problem, starts) => {
    const t0 = performance.now();
    const r = read(lines);
    // What matters is that it returns at all; a hang would time the test out.
    expect(performance.now() - t0).toBeLessThan(20_000);
    if (problem) {
      expect(r.records).toEqual([]);
      expect(r.problems).toEqual([{ place: 'c.ics: event 1 (e1)', message: expect.stringMatching(problem) }]);
    } else {
      expect(r.problems).toEqual([]);
      expect(r.records.map((x) => x.observed_at)).toEqual(starts);
    }
  });

  it('a date written without VALUE=DATE reads as an all-day event', () => {
    const r = read('DTSTART:20220101\nDTEND:20220102');
    expect(r.records[0]!.payload).toMatchObject({ start: '2022-01-01T00:00:00Z', all_day: true, duration_minutes: 1440 });
  });
});

describe('notes', () => {
  it('front matter is the payload; the date is the observation time', () => {
    const r = readNote(sample('notes/2025-04-12-book-club.md'), 'notes/2025-04-12-book-club.md');
    expect(r.problems).toEqual([]);
    expect(r.records[0]).toMatchObject({
      source: 'notes',
      observed_at: '2025-04-12T18:00:00+02:00',
      payload: { title: 'Book club', people: ['Chen Wei', 'Farah Aziz'], path: '2025-04-12-book-club.md' },
    });
  });
  it.each([
    ['no date anywhere', '---\ntitle: x\n---\nbody', 'undated.md', /needs a date/],
    ['front matter that is not YAML', '---\ntitle: [unclosed\n---\n', '2025-01-01.md', /not YAML/],
    ['front matter that is a list', '---\n- a\n- b\n---\n', '2025-01-01.md', /not a mapping/],
  ])('%s is a problem with its place', (_, text, path, message) => {
    const r = readNote(text, path);
    expect(r.records).toEqual([]);
    expect(r.problems[0]!.place).toBe(path);
    expect(r.problems[0]!.message).toMatch(message);
  });
  // Front-matter dates as blog engines and note apps write them (the forms found in a public site's 311 posts and pages).
  it.each([
    ['2016-01-20 12:00:00 -0800', '2016-01-20T12:00:00-08:00'],
    ['2014-03-27 22:00:00 +0100', '2014-03-27T22:00:00+01:00'],
    ['2014-03-27 22:00:00 +01:00', '2014-03-27T22:00:00+01:00'],
    ['2014-03-27T22:00:00+01:00', '2014-03-27T22:00:00+01:00'],
    ['2014-03-27 22:00:00', '2014-03-27T22:00:00Z'],
    ['2014-03-27 22:00', '2014-03-27T22:00Z'],
    ['2014-03-27 22:00:00Z', '2014-03-27T22:00:00Z'],
    ['2014-03-27', '2014-03-27T00:00:00Z'],
  ])('front matter date %s → %s', (date, observed) => {
    expect(readNote(`---\ndate: ${date}\n---\n`, 'n.md').records[0]!.observed_at).toBe(observed);
  });
  it.each([['2025-02-31'], ['2025-02-03 25:00:00 +0100'], ['2025-02-03 10:00:00 +2500'], ['{{ page.date }}']])('a front matter date %s that names no instant is said so', (date) => {
    const r = readNote(`---\ndate: "${date}"\n---\n`, 'n.md');
    expect(r.records).toEqual([]);
    expect(r.problems[0]!.message).toContain(`its \`date: ${date}\` is no date this reader knows`);
  });
  it('a date in the file name serves when the front matter has none', () => {
    expect(readNote('# Title\ntext', 'notes/2025-02-03-x.md').records[0]!.observed_at).toBe('2025-02-03T00:00:00Z');
  });
});

describe('JSON Lines', () => {
  it.each([
    ['{"source":"s","payload":{},"observed_at":"2025-01-01T00:00:00Z","extra":1}', /unknown field "extra"/],
    ['{"source":"s","payload":[],"observed_at":"2025-01-01T00:00:00Z"}', /payload is an object/],
    ['{"source":"s","payload":{},"observed_at":"yesterday"}', /observed_at/],
    ['{"source":"","payload":{},"observed_at":"2025-01-01T00:00:00Z"}', /source/],
    ['not json', /not JSON/],
  ])('%s → a problem on its line', (line, message) => {
    const r = readJsonLines(`{"source":"s","payload":{},"observed_at":"2025-01-01T00:00:00Z"}\n${line}\n`, 'r.jsonl');
    expect(r.problems).toEqual([{ place: 'r.jsonl:2', message: expect.stringMatching(message) }]);
  });
});

describe('photos', () => {
  it('bytes that are not a photo with EXIF are a problem, not a crash', async () => {
    const r = await readPhoto(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 'empty.jpg');
    expect(r.records).toEqual([]);
    expect(r.problems[0]!.place).toBe('empty.jpg');
  });
});

describe('photos: what cameras, phones and editors leave out (cases seen in public EXIF sample collections)', () => {
  const read = async (tags: Parameters<typeof exifJpeg>[0]) => readPhoto(new Uint8Array(exifJpeg(tags)), 'p.jpg');
  const berlin = gpsAt(52.5247, 13.4023);
  const gpsStamp = (date: string, h: number, m: number, s: number) => ({ ...berlin, [TAG.GPSDateStamp]: date, [TAG.GPSTimeStamp]: [h, m, s] });

  // [case, tags, taken_at, time_from]
  const cases: [string, Parameters<typeof exifJpeg>[0], string, string | undefined][] = [
    ['DateTimeOriginal with the offset the camera wrote', { exif: { [TAG.DateTimeOriginal]: '2025:04:06 09:15:00', [TAG.OffsetTimeOriginal]: '+02:00' } }, '2025-04-06T09:15:00+02:00', undefined],
    ['OffsetTime stands in for a missing OffsetTimeOriginal', { exif: { [TAG.DateTimeOriginal]: '2025:04:06 09:15:00', [TAG.OffsetTime]: '-05:00' } }, '2025-04-06T09:15:00-05:00', undefined],
    [
      'no offset written: the GPS stamp implies it (2 h ahead of UTC)',
      { exif: { [TAG.DateTimeOriginal]: '2025:04:06 09:15:00' }, gps: gpsStamp('2025:04:06', 7, 15, 2) },
      '2025-04-06T09:15:00+02:00',
      undefined,
    ],
    ['a half-hour zone implied by the GPS stamp', { exif: { [TAG.DateTimeOriginal]: '2025:01:10 18:00:30' }, gps: gpsStamp('2025:01:10', 12, 30, 0) }, '2025-01-10T18:00:30+05:30', undefined],
    ['a GPS stamp across midnight UTC', { exif: { [TAG.DateTimeOriginal]: '2025:01:01 00:30:00' }, gps: gpsStamp('2024:12:31', 23, 30, 0) }, '2025-01-01T00:30:00+01:00', undefined],
    [
      'a camera clock a day off the GPS stamp: no zone is inferred',
      { exif: { [TAG.DateTimeOriginal]: '2008:10:22 16:28:39' }, gps: gpsStamp('2008:10:23', 14, 27, 7) },
      '2008-10-22T16:28:39Z',
      undefined,
    ],
    ['a camera clock 20 minutes off: no zone is inferred', { exif: { [TAG.DateTimeOriginal]: '2025:04:06 09:35:00' }, gps: gpsStamp('2025:04:06', 7, 15, 0) }, '2025-04-06T09:35:00Z', undefined],
    ['no offset and no GPS stamp: the wall time, written Z', { exif: { [TAG.DateTimeOriginal]: '2008:05:30 15:56:01' } }, '2008-05-30T15:56:01Z', undefined],
    [
      'CreateDate when DateTimeOriginal is gone, with its own offset',
      { exif: { [TAG.CreateDate]: '2025:03:04 07:41:00', [TAG.OffsetTimeDigitized]: '+01:00' } },
      '2025-03-04T07:41:00+01:00',
      'CreateDate',
    ],
    [
      'ModifyDate only (a phone’s HEIF, an edited file), its zone from the GPS stamp',
      { ifd0: { [TAG.ModifyDate]: '2022:02:03 14:44:07' }, gps: gpsStamp('2022:02:03', 14, 44, 9) },
      '2022-02-03T14:44:07+00:00',
      'ModifyDate',
    ],
    ['the GPS stamp alone: the instant in UTC', { gps: gpsStamp('2025:04:06', 7, 15, 2) }, '2025-04-06T07:15:02Z', 'GPS'],
    [
      'a date that names no day is passed over for the next tag',
      { exif: { [TAG.DateTimeOriginal]: '0000:00:00 00:00:00', [TAG.CreateDate]: '2025:03:04 07:41:00' } },
      '2025-03-04T07:41:00Z',
      'CreateDate',
    ],
  ];
  it.each(cases)('%s', async (_, tags, takenAt, from) => {
    const r = await read(tags);
    expect(r.problems).toEqual([]);
    expect(r.records[0]!.observed_at).toBe(takenAt);
    expect(r.records[0]!.payload.taken_at).toBe(takenAt);
    expect(r.records[0]!.payload.time_from).toBe(from);
  });

  it('a photo with EXIF but no time anywhere is a problem with its place', async () => {
    const r = await read({ ifd0: { [TAG.Make]: 'Canon', [TAG.Model]: 'PowerShot' } });
    expect(r.records).toEqual([]);
    expect(r.problems).toEqual([{ place: 'p.jpg', message: expect.stringMatching(/no capture time .*DateTimeOriginal, CreateDate, ModifyDate or GPS time/) }]);
  });

  it('a camera name ends at its first NUL; GPS is kept to six decimals', async () => {
    const r = await read({ ifd0: { [TAG.Make]: 'WWL', [TAG.Model]: 'ION230\0F' }, exif: { [TAG.DateTimeOriginal]: '2008:07:31 17:32:06' }, gps: berlin });
    expect(r.records[0]!.payload).toMatchObject({ camera: 'WWL ION230', gps: { lat: 52.5247, lon: 13.4023 } });
  });

  it('the summary says where a time not from DateTimeOriginal came from', async () => {
    const r = await read({ ifd0: { [TAG.ModifyDate]: '2022:02:03 14:44:07' } });
    expect(summarizeEvidence({ kind: 'evidence', ...r.records[0]! })).toBe('Photo p.jpg 2022-02-03 14:44 (time from ModifyDate)');
  });
});

describe('a file’s kind from its name', () => {
  it.each([
    ['work.ics', 'calendar'],
    ['2025-03-29-hike.md', 'notes'],
    ['post.markdown', 'notes'],
    ['IMG_5195.HEIC', 'photos'],
    ['HMD_Nokia_8.3_5G.heif', 'photos'],
    ['DSCN0010.JPG', 'photos'],
    ['scan.tiff', 'photos'],
    ['tracker.jsonl', 'jsonl'],
    ['readme.txt', null],
    ['no-extension', null],
  ])('%s → %s', (name, kind) => {
    expect(sourceOfName(name)).toBe(kind);
  });
});

describe('photos of the sample corpus', () => {
  it('capture time with the camera’s offset, and GPS, read by exifr from real EXIF bytes', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('../../../samples/mnema/photos/IMG_20250406_0915.jpg', import.meta.url)));
    const r = await readPhoto(bytes, 'photos/IMG_20250406_0915.jpg');
    expect(r.problems).toEqual([]);
    expect(r.records[0]).toEqual({
      source: 'photos',
      observed_at: '2025-04-06T09:15:00+02:00',
      payload: { file: 'IMG_20250406_0915.jpg', taken_at: '2025-04-06T09:15:00+02:00', gps: { lat: 52.4731, lon: 13.2517 }, camera: 'Pixel Pixel 8' },
    });
  });
});
