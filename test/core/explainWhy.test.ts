/**
 * "Why?" reads the justification chain back from the graph alone. Beliefs that rest on the
 * same supports are named as such, never called alternatives: a trace does not say that
 * two siblings answer the same question, so ranking one "over" another would be invented.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { explainWhy } from '../../src/core/graph/explainWhy.ts';
import { indexGraph, reindexSameShape } from '../../src/core/graph/graphIndex.ts';
import { provenanceOf } from '../../src/core/graph/provenance.ts';
import type { NodeId } from '../../src/core/graph/reasoningGraph.ts';

function why(text: string, id: string) {
  const index = indexGraph(analyzeDocument(text, 'clair', 1).graph);
  const answer = explainWhy(index, id as NodeId);
  if (!answer) throw new Error(`no explanation for ${id}`);
  return answer;
}

const sentenceOf = (text: string, id: string) => why(text, id).steps.find((s) => s.id === id)!.sentence;

describe('Why? names siblings by what the graph shows', () => {
  const route = readFileSync(new URL('../../public/samples/route-planning.clair', import.meta.url), 'utf8');

  it('says which other beliefs rest on the same support, in document order, without ranking them', () => {
    const sentence = sentenceOf(route, 'b5');
    expect(sentence).toBe('From b3 follows “Dijkstra with a binary heap” (b5, .9). b4 and b6 also rest on b3.');
    expect(sentenceOf(route, 'b4')).toContain('b5 and b6 also rest on b3.');
  });

  it('never calls siblings alternatives, preferred or rated higher', () => {
    const all = ['b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9'].flatMap((id) => why(route, id).steps.map((s) => s.sentence)).join('\n');
    expect(all).not.toMatch(/alternative|preferred|rated higher|over “/);
  });

  it('siblings that share a justifier by accident get no verdict either (issue 11: w10)', () => {
    const text = `w1 1.0 L0 @user "ship the release on Friday"
w9 .5 L0 @self <w1 "depends on something undefined"
w10 .8 L0 @self <w1 "write the changelog first"`;
    const sentence = sentenceOf(text, 'w10');
    expect(sentence).toBe('From w1 follows “write the changelog first” (w10, .8). w9 also rests on w1.');
    expect(sentence).not.toContain('preferred over');
  });

  it('with several supports, only beliefs on exactly the same ones are named', () => {
    const text = `b1 1.0 L0 @user "a"
b2 .9 L0 @ctx "b"
b3 .8 L0 @self <b1,b2 "c"
b4 .7 L0 @self <b2,b1 "d"
b5 .6 L0 @self <b1 "e"`;
    expect(sentenceOf(text, 'b3')).toBe('From b1 and b2 follows “c” (b3, .8). b4 also rests on b1 and b2.');
    expect(sentenceOf(text, 'b5')).toBe('From b1 follows “e” (b5, .6).');
  });

  it('a long list of siblings is cut short with a count', () => {
    const lines = ['r 1.0 L0 @user "root"', ...Array.from({ length: 7 }, (_, i) => `s${i} .5 L0 @self <r "sibling ${i}"`)];
    expect(sentenceOf(lines.join('\n'), 's0')).toBe('From r follows “sibling 0” (s0, .5). s1, s2, s3, s4 and 2 more also rest on r.');
  });
});

describe("Why? after a keystroke that keeps the graph's shape", () => {
  it('equals the answer for the new text read from scratch, though the chain is kept per shape', () => {
    const lines = Array.from({ length: 60 }, (_, i) => `b${i + 1} .9 L0 @self${i > 0 ? ` <b${i}` : ''} "step ${i + 1}"`);
    const before = indexGraph(analyzeDocument(lines.join('\n'), 'clair', 1).graph);
    const first = explainWhy(before, 'b60' as NodeId)!;
    expect(first.omitted).toBe(59 - 39);
    // The text of b59 and the confidence of b60 change; justifications do not.
    const edited = [...lines];
    edited[58] = 'b59 .9 L0 @self <b58 "step 59, edited"';
    edited[59] = 'b60 .7 L0 @self <b59 "step 60"';
    const after = analyzeDocument(edited.join('\n'), 'clair', 2).graph;
    const kept = reindexSameShape(before, after);
    expect(kept.supportsOf).toBe(before.supportsOf);
    const again = explainWhy(kept, 'b60' as NodeId)!;
    expect(again).toEqual(explainWhy(indexGraph(after), 'b60' as NodeId));
    expect(again.steps.at(-2)!.sentence).toContain('step 59, edited');
    expect(again.summary).toContain('.7');
  });
});

describe('Why? shows the steps nearest the belief, roots first', () => {
  it('equals sorting the whole chain (deepest first, document order within a depth) and keeping its end', () => {
    const dag = fc.array(fc.array(fc.nat(), { maxLength: 3 }), { minLength: 1, maxLength: 90 });
    fc.assert(
      fc.property(dag, (supports) => {
        const text = supports.map((s, i) => `n${i} .8 L0 @self${i > 0 && s.length ? ` <${[...new Set(s.map((k) => `n${k % i}`))].join(',')}` : ''} "node ${i}"`).join('\n');
        const index = indexGraph(analyzeDocument(text, 'clair', 1).graph);
        const last = `n${supports.length - 1}` as NodeId;
        const chain = provenanceOf(index, last);
        const ordered = [...chain].sort((a, b) => b.depth - a.depth || index.order.get(a.id)! - index.order.get(b.id)!).map((s) => s.id);
        const kept = ordered.slice(Math.max(0, ordered.length - 39));
        const answer = explainWhy(index, last)!;
        expect(answer.steps.map((s) => s.id)).toEqual([...kept, last]);
        expect(answer.omitted).toBe(ordered.length - kept.length);
      }),
      { numRuns: 150 },
    );
  });

  it('a chain deeper than the trace names its first levels, how many are left out, and the roots', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `b${i + 1} .9 L0 @self${i > 0 ? ` <b${i}` : ''} "step ${i + 1}"`);
    const answer = explainWhy(indexGraph(analyzeDocument(lines.join('\n'), 'clair', 1).graph), 'b100' as NodeId)!;
    expect(answer.trace).toBe(['b100', ...Array.from({ length: 22 }, (_, i) => `b${99 - i}`), '… 75 more levels …', 'b2', 'b1'].join(' ← '));
  });
});
