/**
 * Provenance (docs/contract.md §1.4, src/core/graph/provenance.ts): the depth-first, deduplicated
 * chain of a belief's supports down to the roots, each with the depth at which the walk
 * first reaches it, supports visited in the order the text lists them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeClair } from '../../src/core/clair/analyzeClair.ts';
import type { GraphIndex } from '../../src/core/graph/graphIndex.ts';
import { indexGraph } from '../../src/core/graph/graphIndex.ts';
import { dependentsClosure, provenanceOf } from '../../src/core/graph/provenance.ts';
import { nodeId } from '../../src/core/graph/reasoningGraph.ts';

const doc = (...lines: string[]) => lines.join('\n');
const indexOf = (text: string) => indexGraph(analyzeClair(text).graph);
const chain = (index: GraphIndex, id: string) => provenanceOf(index, nodeId(id)).map((s) => `${s.id as string}:${s.depth}`);

describe('provenance: a table', () => {
  const cases: { name: string; text: string; of: string; expect: string[] }[] = [
    { name: 'a root has none', text: 'a 1 L0 @user "a"', of: 'a', expect: [] },
    { name: 'an unknown id has none', text: 'a 1 L0 @user "a"', of: 'zz', expect: [] },
    { name: 'a chain, down to the root', text: doc('a 1 L0 @user "a"', 'b .9 L0 @self <a "b"', 'c .8 L0 @self <b "c"'), of: 'c', expect: ['b:1', 'a:2'] },
    {
      name: 'a diamond: depth first, the shared root once',
      text: doc('a 1 L0 @user "a"', 'b .9 L0 @self <a "b"', 'c .9 L0 @self <a "c"', 'd .8 L0 @self <b,c "d"'),
      of: 'd',
      expect: ['b:1', 'a:2', 'c:1'],
    },
    {
      name: 'depth as the walk finds it: b is reached at 2 through a before its own edge at 1',
      text: doc('b 1 L0 @user "b"', 'a .9 L0 @self <b "a"', 'd .8 L0 @self <a,b "d"'),
      of: 'd',
      expect: ['a:1', 'b:2'],
    },
    {
      name: 'listed the other way, b is reached first at depth 1',
      text: doc('b 1 L0 @user "b"', 'a .9 L0 @self <b "a"', 'd .8 L0 @self <b,a "d"'),
      of: 'd',
      expect: ['b:1', 'a:1'],
    },
    {
      name: 'supports in the order the text lists them, not document order',
      text: doc('a 1 L0 @user "a"', 'b 1 L0 @user "b"', 'c 1 L0 @user "c"', 'd .5 L0 @self <c,a,b "d"'),
      of: 'd',
      expect: ['c:1', 'a:1', 'b:1'],
    },
    {
      name: 'justification groups read as one list, repeats once',
      text: doc('a 1 L0 @user "a"', 'b 1 L0 @user "b"', 'd .5 L0 @self <b <a,b <a "d"'),
      of: 'd',
      expect: ['b:1', 'a:1'],
    },
    {
      name: 'a deeper tree, fully depth-first',
      text: doc('r1 1 L0 @user "r1"', 'r2 1 L0 @user "r2"', 'm1 .9 L0 @self <r1 "m1"', 'm2 .9 L0 @self <r2,r1 "m2"', 'top .5 L0 @self <m1,m2 "top"'),
      of: 'top',
      expect: ['m1:1', 'r1:2', 'm2:1', 'r2:2'],
    },
    { name: 'unknown references are skipped', text: doc('a 1 L0 @user "a"', 'd .5 L0 @self <b9,a "d"'), of: 'd', expect: ['a:1'] },
    {
      name: 'a duplicate line adds no supports',
      text: doc('a 1 L0 @user "a"', 'b 1 L0 @user "b"', 'd .5 L0 @self <a "d"', 'd .5 L0 @self <b "again"'),
      of: 'd',
      expect: ['a:1'],
    },
    { name: 'a two-cycle ends at the start', text: doc('a .5 L0 @self <b "a"', 'b .5 L0 @self <a "b"'), of: 'a', expect: ['b:1'] },
    {
      name: 'a cycle fed by a root',
      text: doc('r 1 L0 @user "r"', 'a .5 L0 @self <b,r "a"', 'b .5 L0 @self <a "b"', 'c .5 L0 @self <a "c"'),
      of: 'c',
      expect: ['a:1', 'b:2', 'r:2'],
    },
    { name: 'a self-justification lists nothing', text: 'a .5 L0 @self <a "a"', of: 'a', expect: [] },
    {
      name: 'a broken justifier is in the chain',
      text: doc('a 1 L0 @user "a"', 'x .5 L0 @self <a "unterminated', 'd .5 L0 @self <x "d"'),
      of: 'd',
      expect: ['x:1', 'a:2'],
    },
  ];
  for (const c of cases) it(c.name, () => expect(chain(indexOf(c.text), c.of)).toEqual(c.expect));

  it('every step has the role "justification"', () => {
    const steps = provenanceOf(indexOf(doc('a 1 L0 @user "a"', 'b .9 L0 @self <a "b"', 'c .8 L0 @self <b,a "c"')), nodeId('c'));
    expect(steps.length).toBe(2);
    for (const s of steps) expect(s.role).toBe('justification');
  });
});

describe('provenance of a deep chain', () => {
  it('walks 100k beliefs without overflowing the stack', () => {
    const n = 100_000;
    const lines = ['b0 1 L0 @user "root"'];
    for (let i = 1; i < n; i++) lines.push(`b${i} 1 L0 @self <b${i - 1} "step"`);
    const steps = provenanceOf(indexOf(lines.join('\n')), nodeId(`b${n - 1}`));
    expect(steps).toHaveLength(n - 1);
    expect(steps[0]).toEqual({ depth: 1, id: `b${n - 2}`, role: 'justification' });
    expect(steps[n - 2]).toEqual({ depth: n - 1, id: 'b0', role: 'justification' });
    expect(steps.every((s, i) => s.depth === i + 1)).toBe(true);
  });
});

describe('provenance agrees with a recursive depth-first walk', () => {
  const graphs = fc.array(fc.array(fc.nat(9), { maxLength: 3 }), { minLength: 1, maxLength: 10 });
  it('for random graphs, cycles included', () => {
    fc.assert(
      fc.property(graphs, fc.nat(9), (refs, startRaw) => {
        const text = refs.map((rs, i) => `n${i} .5 L0 @self${rs.length ? ' <' + rs.map((r) => `n${r}`).join(',') : ''} "x"`).join('\n');
        const index = indexOf(text);
        const start = startRaw % refs.length;

        // The model: recursive preorder over the distinct, defined, non-self supports as listed.
        const supports = (i: number) => [...new Set(refs[i]!)].filter((r) => r < refs.length && r !== i);
        const seen = new Set<number>([start]);
        const want: string[] = [];
        const visit = (v: number, depth: number) => {
          for (const s of supports(v)) {
            if (seen.has(s)) continue;
            seen.add(s);
            want.push(`n${s}:${depth}`);
            visit(s, depth + 1);
          }
        };
        visit(start, 1);
        const got = chain(index, `n${start}`);
        expect(got).toEqual(want);

        // Down to the roots: every support of a listed belief is listed too (or is the start).
        const listed = new Set(got.map((g) => g.split(':')[0]));
        for (const g of listed) {
          for (const s of supports(Number(g!.slice(1)))) expect(listed.has(`n${s}`) || s === start).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('dependentsClosure', () => {
  it('is everything downstream, not the belief itself, cycles included', () => {
    const index = indexOf(doc('a 1 L0 @user "a"', 'b .5 L0 @self <a,c "b"', 'c .5 L0 @self <b "c"', 'd .5 L0 @self <c "d"', 'e .5 L0 @user "e"'));
    expect([...dependentsClosure(index, nodeId('a'))].sort()).toEqual(['b', 'c', 'd']);
    expect([...dependentsClosure(index, nodeId('b'))].sort()).toEqual(['c', 'd']);
    expect([...dependentsClosure(index, nodeId('e'))]).toEqual([]);
  });
});
