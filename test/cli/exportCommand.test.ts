/**
 * `warrant export` end to end: every format from one file, round trips through the
 * command line, --out, and what happens with a document that has errors.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import type { WarrantRun } from './support/runWarrant.ts';
import { runWarrant } from './support/runWarrant.ts';
import { UNICODE_CONTENT, UNICODE_TRACE } from './support/unicodeTrace.ts';
import { allElements, parseXml } from './support/wellFormedXml.ts';

let dir = '';
let runs: Record<'clair' | 'json' | 'dot' | 'graphml' | 'svg', WarrantRun>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'warrant-export-'));
  writeFileSync(join(dir, 'unicode.clair'), UNICODE_TRACE);
  const formats = ['clair', 'json', 'dot', 'graphml', 'svg'] as const;
  const results = await Promise.all(formats.map((f) => runWarrant(['export', join(dir, 'unicode.clair'), '--to', f])));
  runs = Object.fromEntries(formats.map((f, i) => [f, results[i]!])) as typeof runs;
});

describe('warrant export', () => {
  it('exits 0 for every format of a clean document, with nothing on stderr', () => {
    for (const [format, run] of Object.entries(runs)) {
      expect({ format, code: run.code, stderr: run.stderr }).toEqual({ format, code: 0, stderr: '' });
    }
  });

  it('--to clair re-parses to the same graph', () => {
    const strip = (text: string) => analyzeDocument(text, 'clair', 1).graph.nodes.map(({ range, ...n }) => ({ ...n, line: range.line }));
    expect(strip(runs.clair.stdout)).toEqual(strip(UNICODE_TRACE));
    expect(analyzeDocument(runs.clair.stdout, 'clair', 1).diagnostics).toEqual([]);
  });

  it('--to json carries the content exactly', () => {
    const json = JSON.parse(runs.json.stdout);
    expect(Object.fromEntries(json.nodes.map((n: { id: string; content: string }) => [n.id, n.content]))).toEqual(UNICODE_CONTENT);
    expect(json.edges).toHaveLength(2);
  });

  it('--to dot keeps Unicode and escapes quotes', () => {
    expect(runs.dot.stdout).toMatch(/^digraph warrant \{/);
    expect(runs.dot.stdout).toContain('tooltip="tags <b> & \\"quotes\\" \'apostrophes\' → naïve 中文 🚀👩‍💻"');
    expect(runs.dot.stdout).toContain('"b1" -> "b2";');
  });

  it('--to graphml and --to svg are well-formed XML that give the content back', () => {
    const graphml = parseXml(runs.graphml.stdout);
    const contents = allElements(graphml)
      .filter((e) => e.name === 'data' && e.attributes.key === 'content')
      .map((e) => e.text);
    expect(contents).toEqual(Object.values(UNICODE_CONTENT));

    const svg = parseXml(runs.svg.stdout);
    expect(svg.name).toBe('svg');
    const nodes = allElements(svg).filter((e) => e.attributes.class === 'node');
    expect(nodes.map((n) => n.attributes['data-id'])).toEqual(['b1', 'b2', 'b3']);
    // ELK placed them: three distinct positions, supports above what they support.
    const y = (id: string) => Number(/translate\([^,]+,([^)]+)\)/.exec(nodes.find((n) => n.attributes['data-id'] === id)!.attributes.transform!)![1]);
    expect(y('b1')).toBeLessThan(y('b2'));
    expect(y('b2')).toBeLessThan(y('b3'));
    expect(runs.svg.stdout).toContain('🚀');
  });

  it('writes to --out instead of stdout', async () => {
    const out = join(dir, 'graph.svg');
    const run = await runWarrant(['export', join(dir, 'unicode.clair'), '--to', 'svg', '--out', out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(parseXml(readFileSync(out, 'utf8')).name).toBe('svg');
  });

  it('still exports a document with errors, with diagnostics on stderr and exit 1', async () => {
    const broken = 'b1 1 L0 @user "a"\nb2 .5 L0 @self <b1 "unterminated\nb3 .4 L0 @self <b9 "c"\n';
    const [clair, json, svg] = await Promise.all([
      runWarrant(['export', '-', '--to', 'clair'], { input: broken }),
      runWarrant(['export', '-', '--to', 'json'], { input: broken }),
      runWarrant(['export', '-', '--to', 'svg'], { input: broken }),
    ]);
    for (const run of [clair, json, svg]) {
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('<stdin>:2:20: error syntax');
      expect(run.stderr).toContain('error unknown-ref');
    }
    expect(clair.stdout).toBe(broken);
    const graph = JSON.parse(json.stdout);
    expect(graph.nodes.find((n: { id: string }) => n.id === 'b2').broken).toBe(true);
    expect(graph.diagnostics.map((d: { code: string }) => d.code).sort()).toEqual(['syntax', 'unknown-ref']);
    expect(allElements(parseXml(svg.stdout)).some((e) => e.name === 'text' && e.text === 'does not parse')).toBe(true);
  });
});
