/**
 * Focus mode lays out the neighbourhood alone: the layout input the validation worker
 * gives for a focused view is that neighbourhood (less what a collapse hides) and the
 * edges among it, and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { generateTrace } from '../../bench/generateTrace.ts';
import { AnalysisSession } from '../../src/core/analysis/analysisSession.ts';
import { indexGraph } from '../../src/core/graph/graphIndex.ts';
import { neighbourhood, viewNodes } from '../../src/core/graph/graphView.ts';
import type { NodeId } from '../../src/core/graph/reasoningGraph.ts';
import { createLayoutApi } from '../../workers/layoutApi.ts';
import { packedLayoutInput } from '../../workers/validationApi.ts';

const TEXT = `${generateTrace(2000, 3)}b2001 .6 L0 @self <b1999,b2000 "typed last"\n`;

describe('a focused view’s layout input', () => {
  const session = new AnalysisSession(() => 0);
  session.analyze({ version: 1, text: TEXT, language: 'clair', baseVersion: null });
  const graph = session.analysisOf(1)!.graph;
  const index = indexGraph(graph);

  it.each([
    ['b2001', 1, []],
    ['b1500', 2, []],
    ['b1500', 3, []],
    ['b10', 2, ['b10']],
  ] as const)('focus on %s at depth %i (collapsed: %j): its neighbourhood and the edges among it', (id, depth, collapsed) => {
    const view = { focus: { id, depth }, collapsed: [...collapsed] };
    const input = session.layoutInput(1, false, view)!;
    const expected = viewNodes(index, view);
    expect(new Set(input.nodes.map((n) => n.id))).toEqual(expected);
    expect(expected.size).toBeLessThan(graph.nodes.length);
    const among = graph.edges.filter((e) => expected.has(e.from) && expected.has(e.to)).map((e) => [e.from, e.to]);
    expect(input.edges.map((e) => [e.from, e.to])).toEqual(among);
    if (collapsed.length === 0) expect(expected).toEqual(neighbourhood(index, id as NodeId, depth));
  });

  it('without a view, the whole graph', () => {
    expect(session.layoutInput(1, false)!.nodes.length).toBe(graph.nodes.length);
  });

  it('the layout worker lays out the focused neighbourhood alone, its justifiers beside it', async () => {
    const api = createLayoutApi({ warmUpAfterFirstLayoutMs: null });
    api.connectValidation({ layoutInput: (v, hide, view) => packedLayoutInput(session, v, hide, view ?? null) });
    const view = { focus: { id: 'b2001', depth: 1 }, collapsed: [] };
    const result = (await api.layoutOf({ version: 1, documentKey: 'doc#focus', hideHelpers: false, force: true, draft: false, view }))!;
    const ids = Object.keys(result.positions).sort();
    expect(ids).toEqual(['b1999', 'b2000', 'b2001']);
    const p = result.positions;
    // The justifiers sit one row above the belief, close by.
    expect(p.b1999!.y).toBeLessThan(p.b2001!.y);
    expect(p.b2000!.y).toBeLessThan(p.b2001!.y);
    for (const id of ['b1999', 'b2000']) expect(Math.abs(p[id]!.x - p.b2001!.x)).toBeLessThan(600);
  });
});
