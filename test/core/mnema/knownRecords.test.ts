/**
 * Importing a source again (§1): what the log holds is not counted twice, a record its
 * source edited replaces the held one — the importer's retraction, its cascade, then the
 * new version — and what the person retracted does not come back, edited or not.
 */
import { describe, expect, it } from 'vitest';
import { claimSummaries } from '../../../src/core/mnema/claimSummary.ts';
import type { EvidenceRecord } from '../../../src/core/mnema/importers/evidenceRecord.ts';
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
