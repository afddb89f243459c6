import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { structureKey } from '../../src/core/graph/structureKey.ts';
import type { GraphEdge, GraphNode, ReasoningGraph } from '../../src/core/graph/reasoningGraph.ts';
import { edgeId } from '../../src/core/graph/reasoningGraph.ts';

const node = (id: string, content = 'c'): GraphNode =>
  ({ id, kind: 'belief', content, confidence: 0.5, level: 0, source: null, invalidations: [], range: { line: 1, column: 1, endLine: 1, endColumn: 2 }, broken: false }) as unknown as GraphNode;
const edge = (from: string, to: string, tentative = false): GraphEdge => ({ id: edgeId(from, to), from, to, kind: 'justification', tentative }) as GraphEdge;
const graph = (nodes: GraphNode[], edges: GraphEdge[]): ReasoningGraph => ({ language: 'clair', nodes, edges });

describe('structureKey', () => {
  const a = [node('a'), node('b'), node('c')];
  it.each([
    ['content and confidence do not count', graph(a, [edge('a', 'b')]), graph([node('a', 'other'), node('b'), node('c')], [edge('a', 'b')]), true],
    ['another edge', graph(a, [edge('a', 'b')]), graph(a, [edge('a', 'c')]), false],
    ['an edge turned round', graph(a, [edge('a', 'b')]), graph(a, [edge('b', 'a')]), false],
    ['a tentative edge', graph(a, [edge('a', 'b')]), graph(a, [edge('a', 'b', true)]), false],
    ['ends split differently', graph([node('ab'), node('c'), node('a'), node('bc')], [edge('ab', 'c')]), graph([node('ab'), node('c'), node('a'), node('bc')], [edge('a', 'bc')]), false],
    ['nodes in another order', graph(a, []), graph([node('b'), node('a'), node('c')], []), false],
    ['a node more', graph(a, []), graph([...a, node('d')], []), false],
  ])('%s', (_, x, y, same) => {
    expect(structureKey(x) === structureKey(y)).toBe(same);
  });

  it('is a function of the ids and the edges alone (property)', () => {
    const ids = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(ids, fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { maxLength: 20 }), fc.string(), (names, pairs, content) => {
        const edges = pairs.map(([f, t, tentative]) => edge(names[f % names.length]!, names[t % names.length]!, tentative));
        const one = graph(
          names.map((n) => node(n)),
          edges,
        );
        const other = graph(
          names.map((n) => node(n, content)),
          edges.map((e) => ({ ...e })),
        );
        expect(structureKey(one)).toBe(structureKey(other));
      }),
    );
  });
});
