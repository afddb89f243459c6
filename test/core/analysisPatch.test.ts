/**
 * Incremental analysis must be invisible: re-parsing with reuse, and patching the page's
 * copy, give exactly what a from-scratch analysis gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateTrace } from '../../bench/generateTrace.ts';
import { applyPatch, completePatch, makePatch } from '../../src/core/analysis/analysisPatch.ts';
import { AnalysisSession } from '../../src/core/analysis/analysisSession.ts';
import { analyzeDocument, analyzeIncrementally } from '../../src/core/analysis/analyzeDocument.ts';
import { parseClair, reparseClair } from '../../src/core/clair/parser.ts';

const BASE = generateTrace(60, 3) + 'b61 .5 L0 @self <b60 "mentions b3 and b3"\nb62 .4 @self <b999 "broken\n';

/** A random edit of a document: replace, insert or delete a line, or type into one. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('type' as const), at: fc.nat(), offset: fc.nat(), text: fc.constantFrom('x', '"', ' ', '<b1', ';', '\\', '9', 'b2') }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), line: fc.constantFrom('b900 .3 L0 @self <b1 "new"', '', '; note', 'junk here', 'b2 .1 L0 @self "dup"') }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
);

function applyEdit(text: string, e: fc.Arbitrary<unknown> extends never ? never : { kind: string; at: number; offset?: number; text?: string; line?: string }): string {
  const lines = text.split('\n');
  const i = e.at % lines.length;
  if (e.kind === 'type') {
    const l = lines[i]!;
    const o = (e.offset ?? 0) % (l.length + 1);
    lines[i] = l.slice(0, o) + e.text + l.slice(o);
  } else if (e.kind === 'insert') lines.splice(i, 0, e.line!);
  else lines.splice(i, 1);
  return lines.join('\n');
}

function withoutTiming<T extends { stats: { analyzeMs: number } }>(a: T): T {
  return { ...a, stats: { ...a.stats, analyzeMs: 0 } };
}

describe('incremental analysis', () => {
  it('reparseClair equals parseClair after any sequence of edits', () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 6 }), (edits) => {
        let text = BASE;
        let doc = parseClair(text);
        for (const e of edits) {
          text = applyEdit(text, e);
          doc = reparseClair(doc, text);
          expect(doc).toEqual(parseClair(text));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a keystroke inside a line re-parses that line only', () => {
    const doc = parseClair(BASE);
    const next = reparseClair(doc, BASE.replace('(10)', '(10!)'));
    const changed = next.lines.filter((l, i) => l !== doc.lines[i]);
    expect(changed).toHaveLength(1);
  });

  it('applying a patch to the base gives the new analysis', () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 4 }), (edits) => {
        const before = analyzeIncrementally(BASE, 'clair', 1, null);
        let text = BASE;
        for (const e of edits) text = applyEdit(text, e);
        const after = analyzeIncrementally(text, 'clair', 2, before.document);
        const patched = applyPatch(before.analysis, makePatch(before.analysis, after.analysis));
        expect(patched).toEqual(after.analysis);
      }),
      { numRuns: 150 },
    );
  });

  it('patches applied one after another, as the page applies them, give each new analysis', () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 8 }), (edits) => {
        let prev = analyzeIncrementally(BASE, 'clair', 1, null);
        let held = prev.analysis;
        let text = BASE;
        edits.forEach((e, i) => {
          text = applyEdit(text, e);
          const next = analyzeIncrementally(text, 'clair', i + 2, prev.document);
          held = applyPatch(held, makePatch(prev.analysis, next.analysis))!;
          expect(held).toEqual(next.analysis);
          prev = next;
        });
      }),
      { numRuns: 100 },
    );
  });

  it('lines appended: the patch sends the new nodes and edges alone, and patches applied one after another (appends among edits) give each analysis', () => {
    const appended = fc.constantFrom(
      'b900 .3 L0 @self <b1 "new"',
      'b901 .6 L0 @self <b900 <b3 "newer"',
      'b902 .2 L0 @self <b999 "to what is not yet"',
      'b999 .5 L0 @self "now it is"',
      '; note',
      'junk here',
      'b2 .1 L0 @self "dup"',
      '',
    );
    const step = fc.oneof(fc.record({ kind: fc.constant('append' as const), lines: fc.array(appended, { minLength: 1, maxLength: 3 }) }), edit);
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
        let prev = analyzeIncrementally(`${BASE}\n`, 'clair', 1, null);
        let held = prev.analysis;
        let text = `${BASE}\n`;
        steps.forEach((s, i) => {
          text = s.kind === 'append' ? `${text}${s.lines.join('\n')}\n` : applyEdit(text, s);
          const next = analyzeIncrementally(text, 'clair', i + 2, prev.document);
          const patch = makePatch(prev.analysis, next.analysis);
          const before = prev.analysis.graph;
          const grew = next.analysis.graph.nodes.length > before.nodes.length && before.nodes.every((n, k) => next.analysis.graph.nodes[k]!.id === n.id);
          if (grew && patch.appended) {
            expect(patch.order).toBeNull();
            expect(patch.nodes.slice(patch.nodes.length - patch.appended.nodes)).toEqual(next.analysis.graph.nodes.slice(before.nodes.length));
          }
          if (patch.appendedEdges) {
            expect(patch.edges).toBeNull();
            expect([...before.edges, ...patch.appendedEdges]).toEqual(next.analysis.graph.edges);
          }
          held = applyPatch(held, patch)!;
          expect(held).toEqual(next.analysis);
          prev = next;
        });
      }),
      { numRuns: 150 },
    );
  });

  it('a belief appended to a long trace: two nodes cross, not the order of every node', () => {
    const a = analyzeIncrementally(`${BASE}\n`, 'clair', 1, null);
    const b = analyzeIncrementally(`${BASE}\nb900 .3 L0 @self <b1 "new"\nb901 .6 L0 @self <b900 <b3 "newer"\n`, 'clair', 2, a.document);
    const patch = makePatch(a.analysis, b.analysis);
    expect(patch.nodes.map((n) => n.id)).toEqual(['b900', 'b901']);
    expect(patch.appended).toEqual({ nodes: 2, derived: 2 });
    expect(patch.order).toBeNull();
    expect(patch.edges).toBeNull();
    expect(patch.appendedEdges!.map((e) => [e.from, e.to])).toEqual([
      ['b1', 'b900'],
      ['b900', 'b901'],
      ['b3', 'b901'],
    ]);
    expect(applyPatch(a.analysis, patch)).toEqual(b.analysis);
  });

  it('a patch for a content edit carries one node and no edges', () => {
    const a = analyzeIncrementally(BASE, 'clair', 1, null);
    const b = analyzeIncrementally(BASE.replace('(10)', '(ten)'), 'clair', 2, a.document);
    const patch = makePatch(a.analysis, b.analysis);
    expect(patch.baseVersion).toBe(1);
    expect(patch.nodes.map((n) => n.id)).toEqual(['b10']);
    expect(patch.edges).toBeNull();
    expect(patch.order).toBeNull();
  });

  it('a patch cannot be applied to another base', () => {
    const a = analyzeIncrementally(BASE, 'clair', 1, null).analysis;
    const b = analyzeIncrementally(BASE + '\n', 'clair', 2, null).analysis;
    expect(applyPatch({ ...a, version: 5 }, makePatch(a, b))).toBeNull();
    expect(applyPatch(null, completePatch(b))).toEqual(b);
  });

  it('the session answers like a from-scratch analysis, with symbols on demand', () => {
    const session = new AnalysisSession(() => 0);
    let view = applyPatch(null, session.analyze({ version: 1, text: BASE, language: 'clair', baseVersion: null }));
    const text2 = BASE.replace('(20)', '(twenty)');
    view = applyPatch(view, session.analyze({ version: 2, text: text2, language: 'clair', baseVersion: 1 }));
    const { symbols, ...scratch } = analyzeDocument(text2, 'clair', 2, () => 0);
    expect(withoutTiming(view!)).toEqual(withoutTiming(scratch));
    expect(session.usesOf(2, 'b3')).toEqual(symbols.uses.filter((u) => u.id === 'b3'));
    expect(session.usesOf(2, 'b3')!.filter((u) => u.kind === 'mention')).toHaveLength(2);
    // A base the session no longer has gives a complete analysis.
    expect(session.analyze({ version: 3, text: BASE, language: 'clair', baseVersion: 77 }).baseVersion).toBeNull();
  });

  it('a session sent each edit as its changes answers as one sent each whole text', () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 8 }), (edits) => {
        const fed = new AnalysisSession(() => 0);
        const whole = new AnalysisSession(() => 0);
        fed.setText(1, BASE);
        let text = BASE;
        edits.forEach((e, i) => {
          const next = applyEdit(text, e);
          // The edit as one change: the span between the common prefix and suffix.
          let start = 0;
          while (start < text.length && start < next.length && text[start] === next[start]) start++;
          let end = 0;
          while (end < text.length - start && end < next.length - start && text[text.length - 1 - end] === next[next.length - 1 - end]) end++;
          const change = { offset: start, length: text.length - start - end, text: next.slice(start, next.length - end) };
          expect(fed.editText({ baseVersion: i + 1, version: i + 2, changes: [change], length: next.length })).toBe(true);
          text = next;
        });
        const version = edits.length + 1;
        const request = { version, language: 'clair' as const, baseVersion: null };
        expect(fed.textOf(version)).toBe(text);
        expect(withoutTiming(applyPatch(null, fed.analyzeHeldText(request)!)!)).toEqual(withoutTiming(applyPatch(null, whole.analyze({ ...request, text }))!));
        // Analysed, its text stays with the analysis once newer edits arrive.
        fed.editText({ baseVersion: version, version: version + 1, changes: [{ offset: 0, length: 0, text: ';\n' }], length: text.length + 2 });
        expect(fed.textOf(version)).toBe(text);
        expect(fed.analyzeHeldText({ ...request, version: version + 7 })).toBeNull();
      }),
      { numRuns: 60 },
    );
  });
});
