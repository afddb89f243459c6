/**
 * A keystroke's belief views (or those of lines appended), built from what the patch names, are the views built from
 * the whole analysis — and unchanged beliefs keep their view objects (no re-render).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateTrace } from '../../bench/generateTrace.ts';
import { applyPatch, makePatch } from '../../src/core/analysis/analysisPatch.ts';
import { analyzeIncrementally } from '../../src/core/analysis/analyzeDocument.ts';
import { GraphIndexBuilder, indexGraph, reindexSameShape } from '../../src/core/graph/graphIndex.ts';
import { BeliefViewsBuilder, buildBeliefViews, updateBeliefViews, withChangedProblems } from '../../src/core/analysis/beliefView.ts';
import { indexAsMaps } from '../support/indexAsMaps.ts';
import type { Diagnostic } from '../../src/core/text/diagnostic.ts';

const BASE = generateTrace(80, 5);

/** Typing into one line: replace a character of line `line` at `at` with `text`. */
function typeInto(text: string, line: number, at: number, insert: string): string {
  const lines = text.split('\n');
  const i = line % lines.length;
  const l = lines[i]!;
  const col = at % (l.length + 1);
  lines[i] = l.slice(0, col) + insert + l.slice(col);
  return lines.join('\n');
}

describe('belief views after a keystroke', () => {
  it('updated from the patch equal those built from scratch', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ line: fc.nat(), at: fc.nat(), text: fc.constantFrom('x', '9', '.', ' ', '"', 'b') }),
            fc.record({ append: fc.constantFrom('b900 .3 L0 @self <b1 "new"', 'b901 .6 L0 @self <b900 <b3 "newer"', 'junk', 'b2 .1 L0 @self "dup"') }),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        (keys) => {
          let prev = analyzeIncrementally(BASE, 'clair', 1, null);
          let held = prev.analysis;
          let index = indexGraph(held.graph);
          let views = buildBeliefViews(held, new Map());
          let text = BASE;
          keys.forEach((k, i) => {
            // A key typed, or a line appended (records added to a log).
            text = 'append' in k ? `${text}\n${k.append}` : typeInto(text, k.line, k.at, k.text);
            const next = analyzeIncrementally(text, 'clair', i + 2, prev.document);
            const patch = makePatch(prev.analysis, next.analysis);
            const patched = applyPatch(held, patch)!;
            // Every node kept its place (a keystroke, or lines appended), as the page tells.
            const kept = patch.order === null;
            if (kept) {
              const touched = new Set([
                ...patch.nodes.map((n) => n.id),
                ...patch.derived.map((d) => d.id),
                ...patch.derivedGone,
                ...[...held.diagnostics, ...patched.diagnostics].flatMap((d) => (d.subject ? [d.subject] : [])),
              ]);
              const sameShape = patch.edges === null && !patch.appended && !patch.appendedEdges;
              index = sameShape ? reindexSameShape(index, patched.graph) : (GraphIndexBuilder.extend(index, patched.graph) ?? indexGraph(patched.graph));
              const updated = updateBeliefViews(patched, views, touched, index.byId);
              expect(updated).toEqual(buildBeliefViews(patched, views));
              expect(indexAsMaps(index)).toEqual(indexAsMaps(indexGraph(patched.graph)));
              for (const [id, v] of updated) if (!touched.has(id)) expect(v).toBe(views.get(id));
              views = updated;
            } else {
              index = indexGraph(patched.graph);
              views = buildBeliefViews(patched, views);
            }
            held = patched;
            prev = next;
          });
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe('belief views: each node with its own derived value', () => {
  // Derived values in document order are found in place; any other order, values with no
  // node and nodes with no value still give each node the value of its id.
  it('whatever the order of the derived values, each node gets the value of its id', () => {
    const analysis = analyzeIncrementally(generateTrace(40, 3), 'clair', 1, null).analysis;
    const derivedOf = new Map(analysis.derived.map((d) => [d.id as string, d]));
    fc.assert(
      fc.property(fc.shuffledSubarray([...analysis.derived]), fc.boolean(), fc.nat(analysis.derived.length), (derived, sorted, cut) => {
        const list = sorted ? [...derived].sort((a, b) => analysis.derived.indexOf(a) - analysis.derived.indexOf(b)) : derived;
        const builder = new BeliefViewsBuilder({ derived: list.slice(0, cut), diagnostics: analysis.diagnostics }, new Map());
        builder.addDerived(list.slice(cut));
        builder.addNodes(analysis.graph.nodes);
        const kept = new Set(list.map((d) => d.id));
        for (const n of analysis.graph.nodes) expect(builder.views.get(n.id)!.derived).toBe(kept.has(n.id) ? derivedOf.get(n.id)! : null);
      }),
      { numRuns: 300 },
    );
  });
});

describe('belief views brought to diagnostics a later stage changed', () => {
  it('equal the views built with the new diagnostics, and keep what did not change', () => {
    const analysis = analyzeIncrementally(`${generateTrace(30, 4)}bx .4 @self <b999 "dangling"\n`, 'clair', 1, null).analysis;
    const ids = analysis.graph.nodes.map((n) => n.id as string);
    const finding = (subject: string, k: number): Diagnostic => ({
      severity: k % 2 ? 'warning' : 'info',
      code: 'W-NEAR',
      message: `near ${k}`,
      range: { line: 1, column: 1, endLine: 1, endColumn: 2 },
      subject,
    });
    fc.assert(
      fc.property(fc.subarray([...analysis.diagnostics]), fc.array(fc.tuple(fc.constantFrom(...ids), fc.nat(3)), { maxLength: 6 }), fc.boolean(), (kept, added, withPrevious) => {
        const previous = withPrevious ? buildBeliefViews(analysis, new Map()) : new Map();
        const built = new BeliefViewsBuilder(analysis, previous);
        built.addNodes(analysis.graph.nodes);
        const later = { ...analysis, diagnostics: [...kept, ...added.map(([id, k]) => finding(id, k))] };
        const before = new Map(built.views);
        const brought = withChangedProblems(built.views, analysis.diagnostics, later, previous);
        expect(brought).toEqual(buildBeliefViews(later, previous));
        for (const [id, v] of brought) {
          const old = previous.get(id);
          if (old && JSON.stringify(old) === JSON.stringify(v)) expect(v).toBe(old);
          else if (JSON.stringify(before.get(id)) === JSON.stringify(v)) expect(v).toBe(before.get(id));
        }
      }),
      { numRuns: 200 },
    );
  });
});
