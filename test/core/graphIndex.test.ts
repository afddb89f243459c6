/**
 * The graph index against its definition: for any graph (duplicate ids, edges to ids
 * that are no node, self-edges, repeated edges), each node's supports are the `from` of
 * the edges to it in edge order, its dependents the `to` of the edges from it in
 * document order (an id that is no node first), and slices give what the whole gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GraphIndexBuilder, indexGraph, nodeAtLine, nodeAtOrAboveLine, reindexSameShape } from '../../src/core/graph/graphIndex.ts';
import type { GraphEdge, GraphNode, NodeId, ReasoningGraph } from '../../src/core/graph/reasoningGraph.ts';
import { indexAsMaps } from '../support/indexAsMaps.ts';
import type { IndexMaps } from '../support/indexAsMaps.ts';

const node = (id: string, content = id): GraphNode => ({
  id: id as NodeId,
  kind: 'belief',
  content,
  confidence: 0.5,
  level: 0,
  source: null,
  invalidations: [],
  range: { line: 1, column: 1, endLine: 1, endColumn: 2 },
  broken: false,
});
const edge = (from: string, to: string): GraphEdge => ({ id: `${from}->${to}` as GraphEdge['id'], from: from as NodeId, to: to as NodeId, kind: 'justification', tentative: false });

/** The index as maps of lists, written the plain way. */
function definition(graph: ReasoningGraph): IndexMaps {
  const out: IndexMaps = { byId: new Map(), supportsOf: new Map(), dependentsOf: new Map(), order: new Map(), ends: [] };
  graph.nodes.forEach((n, i) => {
    out.byId.set(n.id, n);
    out.order.set(n.id, i);
  });
  const add = (m: Map<NodeId, readonly NodeId[]>, k: NodeId, v: NodeId) => m.set(k, [...(m.get(k) ?? []), v]);
  for (const e of graph.edges) {
    add(out.supportsOf, e.to, e.from);
    add(out.dependentsOf, e.from, e.to);
    out.ends.push(out.order.get(e.from) ?? -1, out.order.get(e.to) ?? -1);
  }
  for (const [k, list] of out.dependentsOf)
    out.dependentsOf.set(
      k,
      [...list].sort((a, b) => (out.order.get(a) ?? 0) - (out.order.get(b) ?? 0)),
    );
  return out;
}

const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'ghost', 'x'];
const graphs = fc
  .record({
    nodes: fc.array(fc.constantFrom(...ids.slice(0, 6)), { maxLength: 10 }),
    edges: fc.array(fc.tuple(fc.constantFrom(...ids), fc.constantFrom(...ids)), { maxLength: 20 }),
  })
  .map(({ nodes, edges }): ReasoningGraph => ({ language: 'clair', nodes: nodes.map((id, i) => node(id, `${id} ${i}`)), edges: edges.map(([f, t]) => edge(f, t)) }));

describe('graph index', () => {
  it('a table: supports in text order, dependents in document order, ids that are no node', () => {
    const graph: ReasoningGraph = {
      language: 'clair',
      nodes: ['a', 'b', 'c', 'd'].map((id) => node(id)),
      edges: [edge('a', 'd'), edge('c', 'd'), edge('b', 'd'), edge('d', 'c'), edge('d', 'b'), edge('ghost', 'a'), edge('a', 'ghost')],
    };
    const index = indexGraph(graph);
    expect(index.supportsOf.get('d' as NodeId)).toEqual(['a', 'c', 'b']);
    expect(index.dependentsOf.get('d' as NodeId)).toEqual(['b', 'c']);
    expect(index.dependentsOf.get('a' as NodeId)).toEqual(['ghost', 'd']);
    expect(index.supportsOf.get('a' as NodeId)).toEqual(['ghost']);
    expect(index.supportsOf.get('ghost' as NodeId)).toEqual(['a']);
    expect(index.dependentsOf.get('ghost' as NodeId)).toEqual(['a']);
    expect(index.supportsOf.get('b' as NodeId)).toEqual(['d']);
    expect(index.dependentsOf.get('b' as NodeId)).toEqual(['d']);
    expect(index.dependentsOf.get('c' as NodeId)).toEqual(['d']);
    expect(index.supportsOf.get('c' as NodeId)).toEqual(['d']);
    expect(index.supportsOf.get('x' as NodeId)).toBeUndefined();
    expect(index.supportsOf.get('nowhere' as NodeId)).toBeUndefined();
    expect(index.byId.get('ghost' as NodeId)).toBeUndefined();
    expect([...index.ends]).toEqual([0, 3, 2, 3, 1, 3, 3, 2, 3, 1, -1, 0, 0, -1]);
    // Asked twice, the same list.
    expect(index.supportsOf.get('d' as NodeId)).toBe(index.supportsOf.get('d' as NodeId));
  });

  it('equals its definition for any graph', () => {
    fc.assert(
      fc.property(graphs, (graph) => {
        expect(indexAsMaps(indexGraph(graph))).toEqual(definition(graph));
      }),
      { numRuns: 500 },
    );
  });

  it('equals its definition with lists long and short (sorted two ways)', () => {
    const dense = fc
      .record({
        nodes: fc.array(fc.constantFrom(...ids.slice(0, 6)), { maxLength: 10 }),
        edges: fc.array(fc.tuple(fc.constantFrom('a', 'b', 'ghost'), fc.constantFrom(...ids)), { minLength: 10, maxLength: 80 }),
      })
      .map(({ nodes, edges }): ReasoningGraph => ({ language: 'clair', nodes: nodes.map((id, i) => node(id, `${id} ${i}`)), edges: edges.map(([f, t]) => edge(f, t)) }));
    fc.assert(
      fc.property(dense, (graph) => {
        expect(indexAsMaps(indexGraph(graph))).toEqual(definition(graph));
      }),
      { numRuns: 300 },
    );
  });

  it('built in slices, equals the whole', () => {
    fc.assert(
      fc.property(graphs, fc.integer({ min: 1, max: 4 }), (graph, size) => {
        const builder = new GraphIndexBuilder();
        for (let i = 0; i < graph.nodes.length; i += size) builder.addNodes(graph.nodes.slice(i, i + size));
        for (let i = 0; i < graph.edges.length; i += size) builder.addEdges(graph.edges.slice(i, i + size));
        expect(indexAsMaps(builder.finish(graph))).toEqual(definition(graph));
      }),
      { numRuns: 300 },
    );
  });

  it('reindexed for the same shape, reads the new nodes and keeps the adjacency', () => {
    fc.assert(
      fc.property(graphs, (graph) => {
        const before = indexGraph(graph);
        const edited: ReasoningGraph = { ...graph, nodes: graph.nodes.map((n) => ({ ...n, content: `${n.content} edited` })) };
        const after = reindexSameShape(before, edited);
        expect(after.supportsOf).toBe(before.supportsOf);
        expect(indexAsMaps(after)).toEqual(definition(edited));
      }),
      { numRuns: 300 },
    );
  });

  it('extended by what follows a graph (an append), equals the index of the whole, asked in any order', () => {
    fc.assert(
      fc.property(graphs, fc.nat(), fc.nat(), fc.boolean(), (graph, cutNodes, cutEdges, askFirst) => {
        const head: ReasoningGraph = { ...graph, nodes: graph.nodes.slice(0, cutNodes % (graph.nodes.length + 1)), edges: graph.edges.slice(0, cutEdges % (graph.edges.length + 1)) };
        const before = indexGraph(head);
        // The earlier index asked (its lists made) or not: either way it stays what it was.
        if (askFirst) for (const n of head.nodes) before.dependentsOf.get(n.id);
        const after = GraphIndexBuilder.extend(before, graph);
        // An id given twice moves earlier places: such a graph is indexed from scratch.
        if (new Set(graph.nodes.map((n) => n.id)).size < graph.nodes.length) {
          expect(after).toBeNull();
          return;
        }
        expect(after).not.toBeNull();
        expect(indexAsMaps(after!)).toEqual(definition(graph));
        expect(indexAsMaps(before)).toEqual(definition(head));
        // Extended once more from the same earlier index, it is still right (the shared positions are copied).
        expect(indexAsMaps(GraphIndexBuilder.extend(before, graph)!)).toEqual(definition(graph));
      }),
      { numRuns: 400 },
    );
  });

  it('is not extended over a graph that does not start with the earlier one', () => {
    const before = indexGraph({ language: 'clair', nodes: [node('a'), node('b')], edges: [edge('a', 'b')] });
    expect(GraphIndexBuilder.extend(before, { language: 'clair', nodes: [node('b'), node('a'), node('c')], edges: [edge('a', 'b')] })).toBeNull();
    expect(GraphIndexBuilder.extend(before, { language: 'clair', nodes: [node('a'), node('b'), node('c')], edges: [edge('b', 'a')] })).toBeNull();
    expect(GraphIndexBuilder.extend(before, { language: 'clair', nodes: [node('a')], edges: [edge('a', 'b')] })).toBeNull();
    // An edge to an id that was no node finds it once it is appended.
    const loose = indexGraph({ language: 'clair', nodes: [node('a')], edges: [edge('a', 'z')] });
    const found = GraphIndexBuilder.extend(loose, { language: 'clair', nodes: [node('a'), node('z')], edges: [edge('a', 'z')] })!;
    expect([...found.ends]).toEqual([0, 1]);
    expect(found.dependentsOf.get('a' as NodeId)).toEqual(['z']);
  });
});

describe('the node at or above a line (the belief just typed, the cursor on the line below it)', () => {
  const at = (id: string, line: number, endLine = line): GraphNode => ({ ...node(id), range: { line, column: 1, endLine, endColumn: 2 } });
  const graph = (nodes: GraphNode[]): ReasoningGraph => ({ language: 'clair', nodes, edges: [], derived: [] }) as unknown as ReasoningGraph;
  it.each([
    ['above every node', [at('b1', 2), at('b2', 3)], 1, null],
    ['on a node', [at('b1', 2), at('b2', 3)], 3, 'b2'],
    ['the empty line below the last', [at('b1', 1), at('b2', 2)], 3, 'b2'],
    ['between two, after a blank line', [at('b1', 1), at('b2', 4)], 3, 'b1'],
    ['inside a node written over lines', [at('b1', 1, 3), at('b2', 5)], 2, 'b1'],
    ['no nodes', [], 4, null],
  ])('%s', (_name, nodes, line, id) => {
    expect(nodeAtOrAboveLine(graph(nodes), line)?.id ?? null).toBe(id);
  });

  it.each([
    ['on a node', [at('b1', 1), at('b2', 2)], 2, 'b2'],
    ['inside a node written over lines', [at('b1', 1, 3), at('b2', 5)], 3, 'b1'],
    ['a blank line between two', [at('b1', 1), at('b2', 3)], 2, null],
    ['below the last', [at('b1', 1)], 2, null],
  ])('the node written on a line, %s', (_name, nodes, line, id) => {
    expect(nodeAtLine(graph(nodes), line)?.id ?? null).toBe(id);
  });

  it('is the last node in document order starting on or above the line', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 40 }), fc.integer({ min: 0, max: 140 }), (gaps, line) => {
        let l = 0;
        const nodes = gaps.map((g, i) => at(`n${i}`, (l += g)));
        const plain = nodes.filter((n) => n.range.line <= line).at(-1) ?? null;
        expect(nodeAtOrAboveLine(graph(nodes), line)).toBe(plain);
      }),
    );
  });
});
