/**
 * A large whole text (a big paste, a big file) is laid out beside its analysis rather than
 * after it: CLAIR builds the graph before validation and confidences, the validation
 * worker hands the graph's layout input to the layout worker at that moment, and the
 * layout asked for with the text starts from it. The layout is the same as the one asked
 * for after the analysis; only the moment it starts moves.
 */
import { wrap } from 'comlink';
import type { Remote } from 'comlink';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { generateGaiaPackage } from '../../bench/generateGaiaPackage.ts';
import { generateTrace } from '../../bench/generateTrace.ts';
import { AnalysisSession } from '../../src/core/analysis/analysisSession.ts';
import { analyzeClair } from '../../src/core/clair/analyzeClair.ts';
import { clairAnalyzer } from '../../src/core/languages/clairAnalyzer.ts';
import type { LayoutInput } from '../../src/core/layout/layoutTypes.ts';
import { LAYOUT_AHEAD_MIN_NODES } from '../../src/core/layout/layoutInputAhead.ts';
import { unpackLayoutInput } from '../../src/core/layout/packedLayoutInput.ts';
import { DocumentPipeline } from '../../src/store/pipeline/documentPipeline.ts';
import { useDocumentStore } from '../../src/store/document/documentStore.ts';
import { createLayoutApi } from '../../workers/layoutApi.ts';
import type { LayoutApi } from '../../workers/layout.worker.ts';
import type { LayoutInputAheadMessage, LayoutInputSource } from '../../workers/layoutInputChannel.ts';
import { SENT_AHEAD } from '../../workers/layoutInputChannel.ts';
import { LayoutInputsAhead } from '../../workers/layoutInputsAhead.ts';
import type { ValidationApi } from '../../workers/validation.worker.ts';
import { createValidationApi } from '../../workers/validationApi.ts';
import { until } from '../support/corePipeline.ts';

const BIG = generateTrace(LAYOUT_AHEAD_MIN_NODES + 300, 11);
const channels: MessageChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

/** The two workers' APIs in this thread, joined by a channel as the page joins them. */
function joinedWorkers() {
  const validation = createValidationApi();
  const layout = createLayoutApi({ warmUpAfterFirstLayoutMs: null });
  const channel = new MessageChannel();
  channels.push(channel);
  validation.connectLayout(channel.port1);
  layout.connectValidation(channel.port2);
  return { validation, layout };
}

describe('the graph comes before validation', () => {
  it('onGraph is told the very graph the analysis returns, with its structure key', () => {
    const told: unknown[] = [];
    const a = analyzeClair(BIG, null, (graph) => told.push(graph));
    expect(told).toEqual([a.graph]);
    expect(told[0]).toBe(a.graph);
    const keys: string[] = [];
    const r = clairAnalyzer.analyze(BIG, { version: 1, previous: null, now: () => 0, onGraph: (_graph, key) => keys.push(key) });
    expect(keys).toEqual([r.analysis.structureKey]);
  });

  it('an analysis with onGraph equals one without, for any trace (incremental or not)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 50 }), (n, seed, cut) => {
        const text = generateTrace(n, seed);
        const previous = analyzeClair(text.slice(0, text.length - cut)).document;
        const plain = analyzeClair(text, previous);
        const told = analyzeClair(text, previous, () => undefined);
        expect(told).toEqual(plain);
      }),
      { numRuns: 40 },
    );
  });
});

describe('which analyses send their layout input ahead', () => {
  const cases: { name: string; text: string; language: 'clair' | 'gaia'; layoutAhead: boolean; sent: boolean }[] = [
    { name: 'a large CLAIR text asked to', text: BIG, language: 'clair', layoutAhead: true, sent: true },
    { name: 'a large CLAIR text not asked to (a keystroke)', text: BIG, language: 'clair', layoutAhead: false, sent: false },
    { name: 'a small CLAIR text', text: generateTrace(LAYOUT_AHEAD_MIN_NODES - 1, 3), language: 'clair', layoutAhead: true, sent: false },
    { name: 'a Gaia module (its graph comes last)', text: 'from gaia.lang import claim\n\na = claim("A.")\n', language: 'gaia', layoutAhead: true, sent: false },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.sent ? 'sent' : 'not sent'}`, () => {
      const session = new AnalysisSession(() => 0);
      const sent: { version: number; input: LayoutInput; key: string }[] = [];
      session.onLayoutInputAhead((version, input, key) => sent.push({ version, input, key }));
      session.analyze({ version: 3, text: c.text, language: c.language, baseVersion: null, layoutAhead: c.layoutAhead });
      expect(sent.length).toBe(c.sent ? 1 : 0);
      if (!c.sent) return;
      // The input the layout worker would otherwise ask for, helpers shown or hidden.
      expect(sent[0]!.input).toEqual(session.layoutInput(3, true));
      expect(sent[0]!.input).toEqual(session.layoutInput(3, false));
      expect(sent[0]!.key).toBe(session.analysisOf(3)!.structureKey);
    });
  }
});

describe('the layout worker holds the newest input sent ahead', () => {
  const input = (n: number) => ({ ids: [`b${n}`], sizes: new Float64Array(2), ends: new Int32Array(0), others: [], structureKey: `k${n}` });
  it('answers a version it holds, waits for one to come, and answers null once a newer one came instead', async () => {
    const ahead = new LayoutInputsAhead();
    const waitingFor5 = ahead.of(5);
    const waitingFor7 = ahead.of(7);
    ahead.receive(5, input(5));
    expect(await waitingFor5).toEqual(input(5));
    expect(await ahead.of(5)).toEqual(input(5));
    ahead.receive(6, input(6));
    expect(await ahead.of(5)).toBeNull();
    ahead.receive(7, input(7));
    expect(await waitingFor7).toEqual(input(7));
    const waitingFor8 = ahead.of(8);
    ahead.receive(9, input(9));
    expect(await waitingFor8).toBeNull();
  });
});

describe('between the two workers', () => {
  it('the validation worker sends a large graph\'s input as it builds it, and answers "sent" when asked for it', async () => {
    const validation = createValidationApi();
    const channel = new MessageChannel();
    channels.push(channel);
    validation.connectLayout(channel.port1);
    const received = new Promise<LayoutInputAheadMessage>((resolve) => channel.port2.addEventListener('message', (e) => resolve(e.data as LayoutInputAheadMessage), { once: true }));
    channel.port2.start();
    validation.setText(2, BIG);
    validation.analyzeHeldText({ version: 2, language: 'clair', baseVersion: null, layoutAhead: true });
    const message = await received;
    expect(message.layoutInputAhead.version).toBe(2);
    const { structureKey, ...packed } = message.layoutInputAhead.input;
    const session = new AnalysisSession(() => 0);
    session.analyze({ version: 2, text: BIG, language: 'clair', baseVersion: null });
    expect(unpackLayoutInput(packed)).toEqual(session.layoutInput(2, true));
    expect(structureKey).toBe(session.analysisOf(2)!.structureKey);
    const source = wrap<LayoutInputSource>(channel.port2);
    expect(await source.layoutInput(2, true)).toBe(SENT_AHEAD);
    // A focused view is never sent ahead: asked for, it is answered.
    expect(await source.layoutInput(2, true, { focus: { id: 'b5', depth: 1 }, collapsed: [] })).not.toBe(SENT_AHEAD);
  });

  it('a layout asked for with the text equals the one asked for after its analysis (any large trace)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: LAYOUT_AHEAD_MIN_NODES, max: LAYOUT_AHEAD_MIN_NODES + 400 }), fc.integer({ min: 1, max: 500 }), async (n, seed) => {
        const text = generateTrace(n, seed);
        const ahead = joinedWorkers();
        ahead.validation.setText(1, text);
        const early = ahead.layout.layoutOf({ version: 1, documentKey: 'd', hideHelpers: true, draft: true, inputAhead: true });
        ahead.validation.analyzeHeldText({ version: 1, language: 'clair', baseVersion: null, layoutAhead: true });
        const usual = joinedWorkers();
        usual.validation.setText(1, text);
        usual.validation.analyzeHeldText({ version: 1, language: 'clair', baseVersion: null });
        const after = await usual.layout.layoutOf({ version: 1, documentKey: 'd', hideHelpers: true, draft: true });
        const first = (await early)!;
        expect({ ...first, ms: 0 }).toEqual({ ...after, ms: 0 });
        expect(first.structureKey).toBeDefined();
      }),
      { numRuns: 4 },
    );
  });
});

describe("the page asks for a large text's layout with its analysis", () => {
  it('its layout is asked for before the analysis came back (then, as for any draft, the real one), and draws the pasted version', async () => {
    const { validation, layout } = joinedWorkers();
    const asks: { version: number; inputAhead: boolean; draft: boolean; analysed: number | null }[] = [];
    const spied = {
      ...layout,
      layoutOf: (r: Parameters<typeof layout.layoutOf>[0]) => {
        asks.push({ version: r.version, inputAhead: r.inputAhead === true, draft: r.draft === true, analysed: useDocumentStore.getState().analysis?.version ?? null });
        return layout.layoutOf(r);
      },
    };
    useDocumentStore.setState({ editorVersion: 0, analysis: null, index: null, views: new Map(), language: 'clair', name: 'big.clair', layoutKey: null, graphVersion: 0 });
    const pipeline = new DocumentPipeline(validation as unknown as Remote<ValidationApi>, spied as unknown as Remote<LayoutApi>, null);
    const version = pipeline.edit(BIG);
    await until(() => useDocumentStore.getState().graphVersion === version, 'the pasted version drawn');
    // A graph this size is drawn first from a quick draft; the real layout follows, from the same input.
    expect(asks.map(({ analysed: _, ...a }) => a)).toEqual([
      { version, inputAhead: true, draft: true },
      { version, inputAhead: true, draft: false },
    ]);
    expect(asks[0]!.analysed).toBeNull();
    const s = useDocumentStore.getState();
    expect(s.layoutKey).toBe(s.analysis!.structureKey);
    expect(Object.keys(s.positions).length).toBe(s.analysis!.graph.nodes.length);
  });

  it('a large Gaia module sends nothing ahead: its layout, asked for with it, is answered after the analysis and keyed as any Gaia layout', async () => {
    const { validation, layout } = joinedWorkers();
    const text = generateGaiaPackage(1200, 5);
    expect(text.length).toBeGreaterThan(128 * 1024);
    useDocumentStore.setState({ editorVersion: 0, analysis: null, index: null, views: new Map(), language: 'gaia', name: 'big.py', layoutKey: null, graphVersion: 0, showHelpers: false });
    const pipeline = new DocumentPipeline(validation as unknown as Remote<ValidationApi>, layout as unknown as Remote<LayoutApi>, null);
    const version = pipeline.edit(text);
    await until(() => useDocumentStore.getState().graphVersion === version, 'the Gaia module drawn');
    const s = useDocumentStore.getState();
    expect(s.layoutKey).toBe(`${s.analysis!.structureKey}|no-helpers`);
    const shown = s.analysis!.graph.nodes.filter((n) => !n.helper).length;
    expect(Object.keys(s.positions).length).toBe(shown);
  });
});
