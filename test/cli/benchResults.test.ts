/** bench/results.json: the Node suite writes its section and keeps the others. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { layoutRows } from '../../bench/layoutRows.ts';
import { writeNodeResults } from '../../bench/resultsFile.ts';
import type { BenchReport } from '../../bench/runBench.ts';
import { benchTable } from '../../bench/benchTable.ts';

const REPORT: BenchReport = {
  date: '2026-01-01T00:00:00.000Z',
  quick: true,
  machine: { platform: 'linux', arch: 'x64', osRelease: '6', cpuModel: 'cpu', cpus: 2, memoryGb: 4, node: 'v20', calibrationMs: 10 },
  rows: [
    { name: 'parse+validate', size: '10k beliefs', ms: 20, targetMs: 30, baselineMs: 400, baselineName: 'naive validator' },
    { name: 'layout', size: '1k beliefs', ms: 12 },
  ],
  notes: ['a note'],
};

describe('bench results', () => {
  it('replaces the node section and keeps every other section', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'warrant-bench-')), 'results.json');
    writeFileSync(path, JSON.stringify({ browser: { rows: [1, 2] }, node: { old: true } }));
    await writeNodeResults(REPORT, path);
    const json = JSON.parse(readFileSync(path, 'utf8'));
    expect(json.browser).toEqual({ rows: [1, 2] });
    expect(json.node.old).toBeUndefined();
    expect(json.node.date).toBe(REPORT.date);
    expect(json.node.machine.cpus).toBe(2);
    expect(json.node.rows[0]).toMatchObject({ name: 'parse+validate', ratio: 0.05, meetsTarget: true });
    expect(json.node.rows[1].ratio).toBeUndefined();
  });

  it('starts afresh when the file is missing or not JSON', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'warrant-bench-')), 'results.json');
    writeFileSync(path, 'not json');
    await writeNodeResults(REPORT, path);
    expect(Object.keys(JSON.parse(readFileSync(path, 'utf8')))).toEqual(['node']);
  });

  it('prints a table with name, size, median, target, baseline and ratio', () => {
    const table = benchTable(REPORT.rows, REPORT.notes);
    const [head, , first] = table.split('\n');
    expect(head).toMatch(/^name\s+size\s+median ms\s+target ms\s+baseline ms\s+ratio$/);
    expect(first).toMatch(/^parse\+validate\s+10k beliefs\s+20\.0 ✓\s+≤ 30\s+400\s+0\.05×$/);
    expect(table).toContain('parse+validate: naive validator');
    expect(table).toContain('note: a note');
  });
});

describe('layout rows', () => {
  it('come from runLayoutBench when the module is there, and a note says when it is not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warrant-layout-'));
    const file = join(dir, 'layoutBench.ts');
    writeFileSync(file, `export function runLayoutBench(o: { quick: boolean }) { return [{ name: 'layout', size: o.quick ? 'q' : 'full', ms: 1 }]; }\n`);
    const notes: string[] = [];
    expect(await layoutRows(true, notes, pathToFileURL(file))).toEqual([{ name: 'layout', size: 'q', ms: 1 }]);
    expect(notes).toEqual([]);
    expect(await layoutRows(true, notes, pathToFileURL(join(dir, 'absent.ts')))).toEqual([]);
    expect(notes[0]).toMatch(/layout rows skipped/);
  });
});
