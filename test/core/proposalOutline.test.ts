/**
 * The editor's view of a FormalProposal: what the validation worker sends after each
 * edit (gates, emitted script, where assertions and declarations are) must agree with
 * the core's own check, point at the right characters, and survive the patch that
 * carries it to the page.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyPatch, completePatch, makePatch } from '../../src/core/analysis/analysisPatch.ts';
import { analyzeDocument, analyzeIncrementally } from '../../src/core/analysis/analyzeDocument.ts';
import { checkProposal } from '../../src/core/proposal/index.ts';

const SAMPLES = ['release-readiness.json', 'review-slot.json', 'vpn-policy-clash.json'];
const read = (name: string) => readFileSync(new URL(`../../public/samples/${name}`, import.meta.url), 'utf8');

/** The text a range covers (1-based lines and columns, exclusive end). */
function slice(text: string, r: { line: number; column: number; endLine: number; endColumn: number }): string {
  const lines = text.split('\n');
  if (r.line === r.endLine) return lines[r.line - 1]!.slice(r.column - 1, r.endColumn - 1);
  return [lines[r.line - 1]!.slice(r.column - 1), ...lines.slice(r.line, r.endLine - 1), lines[r.endLine - 1]!.slice(0, r.endColumn - 1)].join('\n');
}

describe('proposal analysis', () => {
  it.each(SAMPLES)('%s passes every gate; the outline matches the core check', (name) => {
    const text = read(name);
    const a = analyzeDocument(text, 'proposal', 7);
    const check = checkProposal(text);
    expect(a.diagnostics).toEqual([]);
    expect(a.graph.nodes).toEqual([]);
    const outline = a.proposal!;
    expect(outline.gate).toBeNull();
    expect(outline.mode).toBe(check.mode);
    expect(outline.smtlib).toBe(check.smtlib);
    expect(outline.assertions.map((x) => x.id)).toEqual(check.proposal!.assertions.map((x) => x.id.name));
    for (const x of outline.assertions) {
      expect(slice(text, x.idRange)).toBe(JSON.stringify(x.id));
      const whole = slice(text, x.range);
      expect(whole.startsWith('{') && whole.endsWith('}')).toBe(true);
      expect(JSON.parse(whole).assertionId).toBe(x.id);
    }
    for (const s of outline.symbols) expect(JSON.parse(slice(text, s.range)).name).toBe(s.name);
    expect(JSON.parse(slice(text, outline.goalRange ?? { line: 1, column: 1, endLine: 1, endColumn: 1 }) || 'null')).toEqual(JSON.parse(text).queryPlan.goal ?? null);
  });

  it('signatures read as the declarations say', () => {
    const outline = analyzeDocument(read('release-readiness.json'), 'proposal', 1).proposal!;
    const sig = Object.fromEntries(outline.symbols.map((s) => [s.name, `${s.kind}: ${s.signature}`]));
    expect(sig).toMatchObject({ Build: 'sort: Build', rc7: 'const: Build', checkOf: 'predicate: Check Build → Bool', passed: 'predicate: Check → Bool' });
  });

  it.each([
    ['a reserved word as a name', (t: string) => t.replace('"name": "lint"', '"name": "assert"'), 'schema', 'schema-reserved-word'],
    ['an undeclared symbol', (t: string) => t.replace('"symbol": "passed"', '"symbol": "succeeded"'), 'registry', 'registry-undeclared'],
    ['text that is not JSON', (t: string) => t.slice(0, 200), 'schema', 'syntax'],
    ['an empty document', () => '', 'schema', 'syntax'],
  ])('%s stops at a gate, with nothing emitted', (_what, breakIt, gate, code) => {
    const a = analyzeDocument(breakIt(read('release-readiness.json')), 'proposal', 2);
    expect(a.proposal!.gate).toBe(gate);
    expect(a.proposal!.smtlib).toBeNull();
    expect(a.diagnostics.some((d) => d.code === code && d.severity === 'error')).toBe(true);
  });

  it('the outline crosses to the page whole, in complete analyses and in patches', () => {
    const text = read('review-slot.json');
    const first = analyzeIncrementally(text, 'proposal', 1, null).analysis;
    const second = analyzeIncrementally(text.replace('val_840', 'val_900'), 'proposal', 2, null).analysis;
    const page1 = applyPatch(null, completePatch(first))!;
    expect(page1.proposal).toEqual(first.proposal);
    const page2 = applyPatch(page1, makePatch(first, second))!;
    expect(page2.proposal).toEqual(second.proposal);
    expect(page2.proposal!.smtlib).toContain('(>= reviewStart 900)');
  });
});
