/** What a view of a large graph draws: focus neighbourhoods and collapsed subtrees. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexGraph } from '../../src/core/graph/graphIndex.ts';
import { hiddenBelow, hiddenByCollapse, neighbourhood, visibleNodes } from '../../src/core/graph/graphView.ts';
import type { NodeId, ReasoningGraph } from '../../src/core/graph/reasoningGraph.ts';

const ids = (s: Iterable<string>): Set<NodeId> => new Set([...s] as NodeId[]);
const id = (s: string): NodeId => s as NodeId;

/** A graph from `from>to` pairs (ids are letters). */
function graphOf(ids: string, edges: string): ReturnType<typeof indexGraph> {
  const pairs = edges
    .split(' ')
    .filter(Boolean)
    .map((p) => p.split('>') as [string, string]);
  const g = {
    language: 'clair',
    nodes: [...ids].map((id) => ({ id })),
    edges: pairs.map(([from, to], i) => ({ id: `e${i}`, from, to, kind: 'support', tentative: false })),
  } as unknown as ReasoningGraph;
  return indexGraph(g);
}

const sorted = (s: Iterable<string>) => [...s].sort().join('');

//   a   b
//   |\ /
//   c d      d is supported by a and b
//   |  \
//   e   f
const G = graphOf('abcdef', 'a>c a>d b>d c>e d>f');

describe('focus', () => {
  it.each([
    ['c', 1, 'ace'],
    ['d', 1, 'abdf'],
    ['a', 1, 'acd'],
    ['a', 2, 'acdef'],
    ['f', 2, 'abdf'],
    ['f', 5, 'abdf'],
  ])('around %s, %i steps: %s', (node, depth, want) => expect(sorted(neighbourhood(G, id(node), depth))).toBe(want));

  it('an unknown node focuses on nothing', () => expect(neighbourhood(G, id('zz'), 2).size).toBe(0));
});

describe('collapse', () => {
  it.each([
    ['', ''],
    ['a', 'cdef'],
    ['b', 'df'],
    ['ab', 'cdef'],
    ['c', 'e'],
    ['d', 'f'],
    ['ac', 'cdef'],
  ])('collapsing %j hides %j', (collapsed, want) => expect(sorted(hiddenByCollapse(G, ids(collapsed)))).toBe(want));

  it('the collapsed node stays, unless another collapse hides it', () => {
    expect(hiddenByCollapse(G, ids(['a'])).has(id('a'))).toBe(false);
    const chain = graphOf('xyz', 'x>y y>z');
    expect(sorted(hiddenByCollapse(chain, ids(['x', 'y'])))).toBe('yz');
  });

  it('a cycle with no root stays visible; collapsing a node on it hides what follows, the collapsed node kept', () => {
    const cyc = graphOf('pqr', 'p>q q>p q>r');
    expect(sorted(hiddenByCollapse(cyc, new Set()))).toBe('');
    expect(sorted(hiddenByCollapse(cyc, ids(['q'])))).toBe('pr');
  });

  it('the badge counts what the collapse hides now', () => {
    expect(hiddenBelow(G, id('a'), hiddenByCollapse(G, ids(['a'])))).toBe(4);
    expect(hiddenBelow(G, id('b'), hiddenByCollapse(G, ids(['b'])))).toBe(2);
  });

  it('focus and collapse together; nothing set draws everything', () => {
    expect(visibleNodes(G, { focus: null, collapsed: new Set() })).toBeNull();
    expect(sorted(visibleNodes(G, { focus: { id: id('a'), depth: 2 }, collapsed: ids(['c']) })!)).toBe('acdf');
    expect(sorted(visibleNodes(G, { focus: null, collapsed: ids(['d']) })!)).toBe('abcde');
  });

  it('on random DAGs, the hidden nodes are exactly what follows from a collapsed node, the collapsed ones kept unless another hides them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 14 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 4 }), (n, raw, picks) => {
        const letters = 'abcdefghijklmn'.slice(0, n);
        const edges = raw
          .map(([a, b]): [number, number] => [a % n, b % n])
          .filter(([a, b]) => a < b)
          .map(([a, b]) => `${letters[a]!}>${letters[b]!}`)
          .join(' ');
        const g = graphOf(letters, edges);
        const collapsed = ids(picks.map((p) => letters[p % n]!));
        const hidden = hiddenByCollapse(g, collapsed);
        for (const x of g.byId.keys()) {
          // x is hidden iff some other collapsed node is an ancestor of x.
          const ancestors = neighbourhood(g, x, n);
          const below = [...collapsed].some((c) => c !== x && ancestors.has(c) && neighbourhood(g, c, n).has(x) && g.order.get(c)! < g.order.get(x)!);
          expect(hidden.has(x)).toBe(below);
        }
      }),
      { numRuns: 300 },
    );
  });
});
