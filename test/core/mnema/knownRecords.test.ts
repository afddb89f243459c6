/**
 * Importing a source again (§1): what the log holds is not counted twice, a record its
 * source edited replaces the held one — the importer's retraction, its cascade, then the
 * new version — what the person retracted does not come back, edited or not, and an event
 * deleted at its source (an occurrence gone from a series the import brings) is retracted.
 */
import { describe, expect, it } from 'vitest';
import { claimSummaries } from '../../../src/core/mnema/claimSummary.ts';
import type { EvidenceRecord } from '../../../src/core/mnema/importers/evidenceRecord.ts';
import { readCalendar } from '../../../src/core/mnema/importers/calendarImport.ts';
import { folderFilesRead, inFolder, readEvidenceFolder } from '../../../src/core/mnema/importers/evidenceFiles.ts';
import { importRecords } from '../../../src/core/mnema/importers/knownRecords.ts';
import { testLog } from '../../support/mnemaLogs.ts';

const note = (path: string, date: string, people: string[], title = path): EvidenceRecord => ({ source: 'notes', observed_at: `${date}T00:00:00Z`, payload: { title, date, people, path } });
const dana = [note('a.md', '2025-03-01', ['Dana Okafor']), note('b.md', '2025-03-08', ['Dana Okafor']), note('c.md', '2025-03-15', ['Dana Okafor']), note('d.md', '2025-03-22', ['Dana Okafor'])];
const DANA = 'relationship.contact|dana-okafor';

describe('importing a source again', () => {
  it('appends what is new, skips what is held, and replaces what the source edited (retracted by the importer, with its cascade)', () => {
    const log = testLog();
    expect(importRecords(log.graph, log.writer, dana)).toMatchObject({ added: 4, known: 0, replaced: 0 });
    log.derive();
    expect(claimSummaries(log.graph)[DANA]?.state).toBe('active');
    const edited = [...dana.slice(0, 3), note('d.md', '2025-03-22', ['Bo Lindqvist'], 'moved to Bo')];
    const run = importRecords(log.graph, log.writer, edited);
    expect(run).toMatchObject({ added: 1, known: 3, replaced: 1 });
    const kinds = run.appended.map((op) => `${op.source} ${op.body.kind}`);
    expect(kinds[0]).toBe('import evidence_retraction');
    expect(kinds).toContain('engine claim_invalidation');
    expect(kinds.at(-1)).toBe('import evidence');
    log.derive();
    // Dana rests on three notes now, not four; the edited note is counted once, as itself.
    const held = [...log.graph.evidence.values()].filter((e) => !log.graph.retracted.has(e.op.id)).map((e) => e.op.body.payload.title);
    expect(held.sort()).toEqual(['a.md', 'b.md', 'c.md', 'moved to Bo']);
    // Importing the edited source again changes nothing.
    expect(importRecords(log.graph, log.writer, edited)).toMatchObject({ added: 0, known: 4, replaced: 0 });
  });

  it('a record the person retracted does not come back, edited or not', () => {
    const log = testLog();
    importRecords(log.graph, log.writer, dana);
    const d = [...log.graph.evidence.values()].find((e) => e.op.body.payload.path === 'd.md')!;
    log.act({ kind: 'retract', evidence: d.op.id });
    expect(importRecords(log.graph, log.writer, dana)).toMatchObject({ added: 0, known: 4 });
    expect(importRecords(log.graph, log.writer, [note('d.md', '2025-03-22', ['Dana Okafor'], 'edited')])).toMatchObject({ added: 0, replaced: 0 });
    // A JSON Lines record has no name at its source: a changed one is simply another record.
    const j = (n: number): EvidenceRecord => ({ source: 'com.example.x', observed_at: '2025-03-01T00:00:00Z', payload: { n } });
    importRecords(log.graph, log.writer, [j(1)]);
    expect(importRecords(log.graph, log.writer, [j(2)])).toMatchObject({ added: 1, replaced: 0 });
  });
});

describe('an event deleted at its source', () => {
  /** A calendar: a weekly gym series (less the EXDATEs given) and, optionally, a one-off dentist visit at `dentist`. */
  const calendar = (exdates: readonly string[], dentist: string | null, until = 'UNTIL=20250527T235959Z'): string =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:gym@example',
      'SUMMARY:Gym',
      'DTSTART:20250304T060000Z',
      'DTEND:20250304T070000Z',
      `RRULE:FREQ=WEEKLY;${until}`,
      ...exdates.map((d) => `EXDATE:${d}T060000Z`),
      'END:VEVENT',
      ...(dentist ? ['BEGIN:VEVENT', 'UID:dentist@example', 'SUMMARY:Dentist', `DTSTART:${dentist}`, 'DTEND:20250320T100000Z', 'END:VEVENT'] : []),
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  const read = (text: string, file = 'cal.ics') => readCalendar(text, file, '2025-12-31T00:00:00Z').records;
  const GYM_TUE = 'routine.weekly|gym|tue|morning';
  const standing = (log: ReturnType<typeof testLog>) =>
    [...log.graph.evidence.values()]
      .filter((e) => !log.graph.retracted.has(e.op.id))
      .map((e) => `${String(e.op.body.payload.summary)} ${e.op.body.observed_at}`)
      .sort();

  it('an occurrence cancelled, a series cut short, an event moved: each held one is retracted by the importer, with its cascade', () => {
    const log = testLog();
    expect(importRecords(log.graph, log.writer, read(calendar([], '20250320T090000Z')))).toMatchObject({ added: 14, deleted: 0 });
    log.derive();
    // Two gym sessions cancelled, the series ends a month sooner, the dentist moved an hour.
    const after = read(calendar(['20250311', '20250318'], '20250320T080000Z', 'UNTIL=20250429T235959Z'));
    const run = importRecords(log.graph, log.writer, after);
    expect(run).toMatchObject({ added: 1, known: 7, replaced: 0, deleted: 2 + 4 + 1 });
    const retractions = run.appended.filter((op) => op.body.kind === 'evidence_retraction');
    expect(retractions).toHaveLength(7);
    for (const r of retractions) expect(r).toMatchObject({ source: 'import', body: { note: expect.stringMatching(/deleted at its source/) } });
    expect(run.appended.map((op) => op.body.kind)).toContain('claim_invalidation');
    expect(standing(log)).toEqual(after.map((r) => `${String(r.payload.summary)} ${r.observed_at}`).sort());
    // Importing the same file again changes nothing.
    expect(importRecords(log.graph, log.writer, after)).toMatchObject({ added: 0, known: 8, deleted: 0 });
  });

  it('the log then serves what the new calendar gives from scratch (re-derivation from the surviving records)', () => {
    const log = testLog();
    importRecords(log.graph, log.writer, read(calendar([], null)));
    log.derive();
    const after = read(calendar(['20250311', '20250401', '20250415'], null));
    importRecords(log.graph, log.writer, after);
    log.derive();
    const scratch = testLog();
    importRecords(scratch.graph, scratch.writer, after);
    scratch.derive();
    const served = (l: ReturnType<typeof testLog>) => Object.fromEntries(Object.entries(claimSummaries(l.graph)).map(([k, c]) => [k, { state: c.state, confidence: c.confidence }]));
    expect(served(log)[GYM_TUE]).toEqual(served(scratch)[GYM_TUE]);
    expect(served(log)).toEqual(served(scratch));
  });

  it('an event gone from its calendar is retracted; one of another calendar, or the person’s retraction, is left alone', () => {
    const log = testLog();
    importRecords(log.graph, log.writer, read(calendar([], '20250320T090000Z')));
    // Another calendar (another file) with only the gym series: the dentist lives elsewhere.
    expect(importRecords(log.graph, log.writer, read(calendar([], null), 'work.ics'))).toMatchObject({ added: 0, known: 13, deleted: 0 });
    const first = [...log.graph.evidence.values()].find((e) => e.op.body.payload.uid === 'gym@example')!;
    log.act({ kind: 'retract', evidence: first.op.id });
    const cancelledFirst = calendar([first.op.body.observed_at.slice(0, 10).replace(/-/g, '')], '20250320T090000Z');
    expect(importRecords(log.graph, log.writer, read(cancelledFirst))).toMatchObject({ added: 0, deleted: 0 });
    // The same calendar without the dentist: the visit was deleted there.
    const run = importRecords(log.graph, log.writer, read(calendar([first.op.body.observed_at.slice(0, 10).replace(/-/g, '')], null)));
    expect(run).toMatchObject({ added: 0, deleted: 1 });
    expect(standing(log).filter((s) => s.startsWith('Dentist'))).toEqual([]);
  });

  it('an edit undone at the source comes back: a moved event moved back, a note’s title changed and changed back', () => {
    // Each step: the log holds exactly what the source has now, as a log that imported only this step would.
    const log = testLog();
    const at = (time: string) => read(calendar(['20250311', '20250318', '20250325', '20250401', '20250408', '20250415', '20250422', '20250429', '20250506', '20250513', '20250520', '20250527'], time));
    for (const time of ['20250320T090000Z', '20250320T100000Z', '20250320T090000Z', '20250320T100000Z']) {
      importRecords(log.graph, log.writer, at(time));
      expect(standing(log)).toEqual(
        at(time)
          .map((r) => `${String(r.payload.summary)} ${r.observed_at}`)
          .sort(),
      );
    }
    const journal = (title: string) => inFolder([note('j.md', '2025-03-01', [], title)], 'journal');
    const titles = () => [...log.graph.evidence.values()].filter((e) => !log.graph.retracted.has(e.op.id) && e.op.body.source === 'notes').map((e) => e.op.body.payload.title);
    for (const [title, run] of [
      ['Journal', { added: 1, replaced: 0 }],
      ['Journal edited', { added: 1, replaced: 1 }],
      ['Journal', { added: 1, replaced: 1 }],
      ['Journal', { added: 0, known: 1, replaced: 0 }],
    ] as const) {
      expect(importRecords(log.graph, log.writer, journal(title))).toMatchObject(run);
      expect(titles()).toEqual([title]);
    }
  });

  it('a calendar names itself by X-WR-CALNAME where it has one, else by its file name', () => {
    const named = calendar([], null).replace('VERSION:2.0', 'VERSION:2.0\r\nX-WR-CALNAME:Ada (personal)');
    expect(read(named, 'export-2025-06.ics')[0]!.payload.calendar).toBe('Ada (personal)');
    expect(read(calendar([], null), 'some/where/cal.ics')[0]!.payload.calendar).toBe('cal.ics');
  });

  it('a note gone from the folder imported again is retracted; a note imported on its own names no folder', () => {
    const log = testLog();
    const notes = inFolder(dana, 'journal/');
    expect(notes.every((n) => n.payload.folder === 'journal')).toBe(true);
    importRecords(log.graph, log.writer, notes);
    log.derive();
    expect(claimSummaries(log.graph)[DANA]?.state).toBe('active');
    // d.md deleted from the folder; a note of another folder, and one imported alone, stay.
    importRecords(log.graph, log.writer, [note('e.md', '2025-04-01', ['Dana Okafor']), ...inFolder([note('x.md', '2025-04-02', [])], 'other')]);
    const run = importRecords(log.graph, log.writer, inFolder(dana.slice(0, 3), 'journal'));
    expect(run).toMatchObject({ added: 0, known: 3, deleted: 1 });
    expect(run.appended[0]).toMatchObject({ source: 'import', body: { kind: 'evidence_retraction', note: expect.stringMatching(/deleted at its source/) } });
    const held = [...log.graph.evidence.values()].filter((e) => !log.graph.retracted.has(e.op.id)).map((e) => e.op.body.payload.path);
    expect(held.sort()).toEqual(['a.md', 'b.md', 'c.md', 'e.md', 'x.md']);
  });

  it('records imported before they named their calendar or folder are the same observations (not imported twice)', () => {
    const log = testLog();
    const before = read(calendar([], null)).map((r) => ({ ...r, payload: Object.fromEntries(Object.entries(r.payload).filter(([k]) => k !== 'calendar')) }));
    importRecords(log.graph, log.writer, before);
    expect(importRecords(log.graph, log.writer, read(calendar([], null)))).toMatchObject({ added: 0, known: 13, replaced: 0, deleted: 0 });
    importRecords(log.graph, log.writer, dana);
    expect(importRecords(log.graph, log.writer, inFolder(dana, 'journal'))).toMatchObject({ added: 0, known: 4, deleted: 0 });
  });
});

describe('a folder read whole (readEvidenceFolder): the command line and the page read it the same', () => {
  const bytes = (text: string) => () => Promise.resolve(new TextEncoder().encode(text));
  const md = (title: string, date: string) => bytes(`---\ntitle: ${title}\ndate: ${date}\n---\nBody.\n`);

  it('level by level by name, hidden files and unknown kinds passed over, every note naming the folder', async () => {
    const files = [
      { path: 'a-c.md', bytes: md('dash', '2025-03-03') },
      { path: 'a/b.md', bytes: md('nested', '2025-03-02') },
      { path: '.hidden.md', bytes: md('hidden', '2025-03-04') },
      { path: '.trash/old.md', bytes: md('trashed', '2025-03-05') },
      { path: 'clip.mp4', bytes: () => Promise.reject(new Error('a video is never read')) },
      { path: 'Z.md', bytes: md('capital', '2025-03-01') },
    ];
    expect(folderFilesRead(files, undefined).map((f) => f.path)).toEqual(['Z.md', 'a/b.md', 'a-c.md']);
    const reading = await readEvidenceFolder('/home/ada/journal/', files, undefined, '2025-06-01T00:00:00Z');
    expect(reading.problems).toEqual([]);
    expect(reading.records.map((r) => [r.payload.title, r.payload.folder])).toEqual([
      ['capital', 'journal'],
      ['nested', 'journal'],
      ['dash', 'journal'],
    ]);
  });

  it('a problem names the file by the folder as given', async () => {
    const reading = await readEvidenceFolder('notes', [{ path: 'sub/undated.md', bytes: bytes('no date here\n') }], undefined, '2025-06-01T00:00:00Z');
    expect(reading.problems.map((p) => p.place)).toEqual(['notes/sub/undated.md']);
  });
});
