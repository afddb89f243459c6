/**
 * A very large analysis crosses to the page in slices: what the page assembles from them
 * (the patch, its index and its belief views) is what one complete message gives.
 */
import { expose } from 'comlink';
import { describe, expect, it } from 'vitest';
import { generateGaiaPackage } from '../../bench/generateGaiaPackage.ts';
import { generateTrace } from '../../bench/generateTrace.ts';
import { applyPatch, completePatch } from '../../src/core/analysis/analysisPatch.ts';
import { AnalysisSession } from '../../src/core/analysis/analysisSession.ts';
import { assembleSlices, assembleWhole, SLICE_ITEMS, SLICE_SIZE } from '../../src/core/analysis/analysisSlices.ts';
import type { SlicedPart } from '../../src/core/analysis/analysisSlices.ts';
import { buildBeliefViews } from '../../src/core/analysis/beliefView.ts';
import { indexGraph } from '../../src/core/graph/graphIndex.ts';
import { indexAsMaps } from '../support/indexAsMaps.ts';
import { toLayoutInput } from '../../src/core/layout/toLayoutInput.ts';
import { createLayoutApi } from '../../workers/layoutApi.ts';
import { sliceStarts } from '../../src/core/transfer/pullSlices.ts';
import { unpackPositionsInto } from '../../src/core/layout/packedPositions.ts';
import { packedLayoutInput } from '../../workers/validationApi.ts';

// Past two slices, with problems on some nodes (a dangling justification, a duplicate id).
const TEXT = `${generateTrace(SLICE_ITEMS * 2 + 100, 3)}bx .4 @self <b99999 "dangling"\nb5 .5 L0 @self "again"\n`;

describe('analysis in slices', () => {
  it.each([
    ['a small document', generateTrace(50)],
    ['a document past two slices', TEXT],
  ])('%s: assembled, equals the complete patch, its index and its views', async (_, text) => {
    const session = new AnalysisSession(() => 0);
    const head = session.analyzeInSlices({ version: 1, text, language: 'clair', baseVersion: null });
    const complete = completePatch(session.analysisOf(1)!);
    if (!head.sliced) {
      expect(head).toEqual(complete);
      // In one message, the same index and views are built at once.
      const whole = assembleWhole(head, new Map());
      const analysis = applyPatch(null, head)!;
      expect(indexAsMaps(whole.index.finish(analysis.graph))).toEqual(indexAsMaps(indexGraph(analysis.graph)));
      expect(whole.views).toEqual(buildBeliefViews(analysis, new Map()));
      return;
    }
    expect(head.nodes).toEqual([]);
    expect(head.sliced).toEqual({ nodes: complete.nodes.length, edges: complete.edges!.length, derived: complete.derived.length });
    let fetches = 0;
    const built = await assembleSlices(head, async (part: SlicedPart, from: number) => (fetches++, session.patchSlice(1, part, from)) as never, new Map());
    expect(built).not.toBeNull();
    expect(fetches).toBe(Math.ceil(complete.nodes.length / SLICE_SIZE.nodes) + Math.ceil(complete.edges!.length / SLICE_SIZE.edges) + Math.ceil(complete.derived.length / SLICE_SIZE.derived));
    expect(built!.patch).toEqual(complete);
    const analysis = applyPatch(null, built!.patch)!;
    const index = built!.index.finish(analysis.graph);
    const expected = indexGraph(analysis.graph);
    expect(indexAsMaps(index)).toEqual(indexAsMaps(expected));
    expect([...index.ends].every((i) => i >= 0)).toBe(true);
    const ids = analysis.graph.nodes.map((n) => n.id);
    analysis.graph.edges.forEach((e, k) => expect([ids[index.ends[k * 2]!], ids[index.ends[k * 2 + 1]!]]).toEqual([e.from, e.to]));
    expect(built!.views).toEqual(buildBeliefViews(analysis, new Map()));
    expect([...built!.views.values()].some((v) => v.errors > 0)).toBe(true);
  });

  it('a Gaia module past one slice (claims, actions, helper claims and its IR) assembles to the complete analysis', async () => {
    const session = new AnalysisSession(() => 0);
    const text = generateGaiaPackage(3600);
    const head = session.analyzeInSlices({ version: 1, text, language: 'gaia', baseVersion: null, fileName: 'big.py' });
    const complete = completePatch(session.analysisOf(1)!);
    expect(head.sliced?.nodes).toBe(complete.nodes.length);
    expect(head.ir).toEqual(complete.ir);
    const built = await assembleSlices(head, async (part: SlicedPart, from: number) => session.patchSlice(1, part, from) as never, new Map());
    expect(built!.patch).toEqual(complete);
    const analysis = applyPatch(null, built!.patch)!;
    expect(built!.views).toEqual(buildBeliefViews(analysis, new Map()));
    expect(indexAsMaps(built!.index.finish(analysis.graph))).toEqual(indexAsMaps(indexGraph(analysis.graph)));
  });

  it('a slice of a version the worker has moved past is null, and assembling it gives null', async () => {
    const session = new AnalysisSession(() => 0);
    const head = session.analyzeInSlices({ version: 1, text: TEXT, language: 'clair', baseVersion: null });
    session.analyzeInSlices({ version: 2, text: `${TEXT}b77777 .5 L0 @self "more"\n`, language: 'clair', baseVersion: null });
    expect(session.patchSlice(1, 'nodes', 0)).toBeNull();
    expect(await assembleSlices(head, async (part: SlicedPart, from: number) => session.patchSlice(1, part, from) as never, new Map())).toBeNull();
  });

  it('stops when a newer edit is waiting', async () => {
    const session = new AnalysisSession(() => 0);
    const head = session.analyzeInSlices({ version: 1, text: TEXT, language: 'clair', baseVersion: null });
    let calls = 0;
    const built = await assembleSlices(
      head,
      async (part: SlicedPart, from: number) => session.patchSlice(1, part, from) as never,
      new Map(),
      () => ++calls > 2,
    );
    expect(built).toBeNull();
  });

  it('the layout worker lays out a version with the input the validation worker gives it over their channel', async () => {
    const session = new AnalysisSession(() => 0);
    session.analyzeInSlices({ version: 4, text: generateTrace(30), language: 'clair', baseVersion: null });
    const channel = new MessageChannel();
    expose({ layoutInput: (v: number, hide: boolean) => packedLayoutInput(session, v, hide) }, channel.port1);
    const api = createLayoutApi({ warmUpAfterFirstLayoutMs: null });
    api.connectValidation(channel.port2);
    const viaChannel = await api.layoutOf({ version: 4, documentKey: 'a', hideHelpers: true });
    const direct = await createLayoutApi({ warmUpAfterFirstLayoutMs: null }).layout({ version: 4, documentKey: 'a', input: toLayoutInput(session.analysisOf(4)!.graph, { hideHelpers: true }) });
    // With the shape it is of, which the page keys the layout by.
    expect(viaChannel).toEqual({ ...direct, ms: viaChannel!.ms, structureKey: session.analysisOf(4)!.structureKey });
    expect(await api.layoutOf({ version: 9, documentKey: 'a', hideHelpers: true })).toBeNull();
    channel.port1.close();
    channel.port2.close();
  });

  it('a very large layout comes packed, and unpacks, a slice at a time, into the positions one reply gives', async () => {
    const session = new AnalysisSession(() => 0);
    session.analyzeInSlices({ version: 2, text: TEXT, language: 'clair', baseVersion: null });
    const api = createLayoutApi({ warmUpAfterFirstLayoutMs: null });
    api.connectValidation({ layoutInput: (v, hide) => packedLayoutInput(session, v, hide) });
    const reply = await api.layoutOf({ version: 2, documentKey: 'big', hideHelpers: true, draft: true });
    const whole = await createLayoutApi({ warmUpAfterFirstLayoutMs: null }).layout({ version: 2, documentKey: 'big', input: session.layoutInput(2, true)!, draft: true });
    expect(reply!.positions).toEqual({});
    expect(reply!.packed!.ids.length).toBe(Object.keys(whole.positions).length);
    const merged: Record<string, { x: number; y: number }> = {};
    for (const from of sliceStarts(reply!.packed!.ids.length)) unpackPositionsInto(reply!.packed!, merged, from, from + SLICE_ITEMS);
    expect(merged).toEqual(whole.positions);
    expect({ ...reply, packed: undefined, positions: merged }).toEqual({ ...whole, packed: undefined, ms: reply!.ms, structureKey: session.analysisOf(2)!.structureKey });
  });
});
