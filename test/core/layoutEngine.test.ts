import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ComponentLayoutCache } from '../../src/core/layout/componentLayoutCache.ts';
import type { LayoutInput, Positions } from '../../src/core/layout/layoutTypes.ts';
import { createLayoutEngine } from '../../src/elk/layoutEngine.ts';
import { layoutFromScratch, UNCACHED_FROM } from '../../src/elk/layoutFromScratch.ts';
import { layoutWithElk } from '../../src/elk/layoutWithElk.ts';
import { movedIds, overlaps, unplaced, upwardEdges } from './layoutGeometry.ts';
import { anyGraphArbitrary, chainInput, dagArbitrary, inputOf, textInput } from './layoutInputs.ts';
import { generateTrace } from '../../bench/generateTrace.ts';
import { connectedComponents } from '../../src/core/layout/connectedComponents.ts';
import { normalizeLayoutInput } from '../../src/core/layout/normalizeLayoutInput.ts';
import { ELK_TUNED_OPTIONS } from '../../src/elk/elkOptions.ts';
import { layoutComponentsWithElk } from '../../src/elk/layoutComponentsWithElk.ts';
import { bundledElk, useElkFactory } from '../../src/elk/elkInstance.ts';

function checkPicture(input: LayoutInput, positions: Positions, acyclic = true) {
  expect(unplaced(input, positions)).toEqual([]);
  expect(overlaps(input, positions)).toEqual([]);
  if (acyclic) expect(upwardEdges(input, positions)).toEqual([]);
}

const TRACE = generateTrace(300);
const lines = TRACE.trimEnd().split('\n');
const withLine = (text: string, line: string) => `${text.trimEnd()}\n${line}\n`;
const replaceLine = (id: string, edit: (line: string) => string) => lines.map((l) => (l.startsWith(`${id} `) ? edit(l) : l)).join('\n');

describe('layoutWithElk (stateless, also used by the command line)', () => {
  it('lays out a generated trace: roots above, edges down, no overlaps', async () => {
    const input = textInput(TRACE);
    const positions = await layoutWithElk(input);
    checkPicture(input, positions);
  });

  it('on any DAG: edges point down and nothing overlaps', async () => {
    await fc.assert(
      fc.asyncProperty(dagArbitrary(25), async (input) => {
        checkPicture(input, await layoutWithElk(input));
      }),
      { numRuns: 40 },
    );
  });

  it('on any graph (cycles, self-loops, dangling edges): never rejects, places every node, no overlaps', async () => {
    await fc.assert(
      fc.asyncProperty(anyGraphArbitrary(20), async (input) => {
        const positions = await layoutWithElk(input);
        expect(unplaced(input, positions)).toEqual([]);
        expect(overlaps(input, positions)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('hands components over the node limit to the fast layout', async () => {
    const input = chainInput(50);
    const full = await layoutFromScratch(input, { elkNodeLimit: 10 });
    expect(full.method).toBe('fast-layered');
    expect(full.fallbackComponents).toBe(1);
    checkPicture(input, full.positions);
  });

  it('lays out inputs over the total limit with the fast layout throughout', async () => {
    const input = textInput(generateTrace(60));
    const full = await layoutFromScratch(input, { elkTotalLimit: 59 });
    expect(full.method).toBe('fast-layered');
    expect(full.fallbackComponents).toBe(full.components);
    checkPicture(input, full.positions);
    expect((await layoutFromScratch(input, { elkTotalLimit: 60 })).method).toBe('elk');
  });

  it('hands components whose long edges make them costly to the fast layout', async () => {
    // Every node rests on the root: few nodes, but each edge spans many layers.
    const ids = ['r', 'a', 'b', 'c', 'd', 'e'];
    const input = inputOf(ids, [
      ['r', 'a'],
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'd'],
      ['d', 'e'],
      ['r', 'c'],
      ['r', 'd'],
      ['r', 'e'],
    ]);
    expect((await layoutFromScratch(input, { elkCostLimit: 100 })).method).toBe('elk');
    const full = await layoutFromScratch(input, { elkCostLimit: 8 });
    expect(full.method).toBe('fast-layered');
    checkPicture(input, full.positions);
  });

  it('falls back to the fast layout when ELK throws', async () => {
    const input = inputOf(
      ['a', 'b', 'c'],
      [
        ['a', 'b'],
        ['b', 'c'],
      ],
    );
    const full = await layoutFromScratch(input, { elkOptions: { 'elk.algorithm': 'no.such.algorithm' } });
    expect(full.method).toBe('fast-layered');
    checkPicture(input, full.positions);
  });

  it('re-runs ELK only for the components an edit touched', async () => {
    const cache = new ComponentLayoutCache();
    const input = textInput(TRACE);
    const first = await layoutFromScratch(input, { cache });
    expect(first.cachedComponents).toBe(0);
    expect(first.components).toBeGreaterThan(3);
    // Hang a new belief under b300: only b300's component changes.
    const edited = textInput(withLine(TRACE, 'b301 .5 L0 @self <b300 "so it holds"'));
    const second = await layoutFromScratch(edited, { cache });
    expect(second.components).toBe(first.components);
    expect(second.cachedComponents).toBe(first.components - 1);
  });

  it('caches a component the layered layout places only below UNCACHED_FROM nodes; the one past it is laid out alike each time', async () => {
    const cache = new ComponentLayoutCache();
    const small = chainInput(UNCACHED_FROM);
    await layoutFromScratch(small, { cache });
    expect(cache.size).toBe(1);
    expect((await layoutFromScratch(small, { cache })).cachedComponents).toBe(1);
    const huge = chainInput(UNCACHED_FROM + 1);
    const first = await layoutFromScratch(huge, { cache });
    const again = await layoutFromScratch(huge, { cache });
    expect(cache.size).toBe(1);
    expect(again.cachedComponents).toBe(0);
    expect(again.positions).toEqual(first.positions);
    checkPicture(huge, again.positions);
  });

  it('gives the same layout for the same input (deterministic, so caching is safe)', async () => {
    const input = textInput(TRACE);
    expect(await layoutWithElk(input)).toEqual(await layoutWithElk(input));
  });

  it('survives malformed input from a message', async () => {
    const junk = { nodes: [{ id: 'a', width: 'wide' }, null, { id: 3 }], edges: [{ from: 'a' }, 'x'] } as unknown as LayoutInput;
    const positions = await layoutWithElk(junk);
    expect(Object.keys(positions)).toEqual(['a']);
    expect(Number.isFinite(positions['a']!.x)).toBe(true);
  });
});

describe('layout engine', () => {
  it('first layout, then cached, incremental and forced layouts, each with an honest moved count', async () => {
    const engine = createLayoutEngine();
    const base = textInput(TRACE);
    const first = await engine.layout(base);
    expect(first.method).toBe('elk');
    expect(first.moved).toBe(0);
    checkPicture(base, first.positions);

    const same = await engine.layout(textInput(replaceLine('b150', (l) => l.replace('(150)', '(150, edited)'))));
    expect(same.method).toBe('cached');
    expect(same.moved).toBe(0);
    expect(same.positions).toEqual(first.positions);

    const added = textInput(withLine(TRACE, 'b301 .5 L0 @self <b290,b295 "so the queue drains"'));
    const grown = await engine.layout(added);
    expect(grown.method).toBe('incremental');
    expect(grown.moved).toBe(0);
    expect(movedIds(first.positions, grown.positions)).toEqual([]);
    checkPicture(added, grown.positions);

    // b250 now also rests on b299, the last belief: it and what hangs under it move down.
    const rewiredText = withLine(lines.map((l) => (l.startsWith('b250 ') ? l.replace(/ <(\S+)/, ' <$1,b299') : l)).join('\n'), 'b301 .5 L0 @self <b290,b295 "so the queue drains"');
    const rewiredInput = textInput(rewiredText);
    const rewired = await engine.layout(rewiredInput);
    expect(rewired.method).toBe('incremental');
    expect(rewired.moved).toBe(movedIds(grown.positions, rewired.positions).length);
    expect(rewired.positions['b250']!.y).toBeGreaterThan(rewired.positions['b299']!.y);
    checkPicture(rewiredInput, rewired.positions);

    const tidy = await engine.layout(rewiredInput, { force: true });
    expect(tidy.method).toBe('elk');
    expect(tidy.moved).toBe(movedIds(rewired.positions, tidy.positions).length);
    checkPicture(rewiredInput, tidy.positions);
  });

  it('deleting a line and undoing it puts the belief back in place', async () => {
    const engine = createLayoutEngine();
    const first = await engine.layout(textInput(TRACE));
    const deleted = await engine.layout(textInput(lines.filter((l) => !l.startsWith('b200 ')).join('\n')));
    expect(deleted.method).toBe('incremental');
    expect(deleted.moved).toBe(0);
    const undone = await engine.layout(textInput(TRACE));
    expect(undone.method).toBe('incremental');
    expect(undone.positions).toEqual(first.positions);
  });

  it('a large change gets a full layout', async () => {
    const engine = createLayoutEngine();
    await engine.layout(textInput(generateTrace(50)));
    const result = await engine.layout(textInput(generateTrace(100)));
    expect(result.method).toBe('elk');
  });

  it('queues calls, so each builds on the one before', async () => {
    const engine = createLayoutEngine();
    const a = engine.layout(textInput(TRACE));
    const b = engine.layout(textInput(withLine(TRACE, 'b301 .5 L0 @self <b300 "next"')));
    const [first, second] = await Promise.all([a, b]);
    expect(first.method).toBe('elk');
    expect(second.method).toBe('incremental');
    expect(movedIds(first.positions, second.positions)).toEqual([]);
  });

  it('reset makes the next call a first layout', async () => {
    const engine = createLayoutEngine();
    await engine.layout(textInput(TRACE));
    engine.reset();
    const again = await engine.layout(textInput(TRACE));
    expect(again.method).toBe('elk');
    expect(again.moved).toBe(0);
  });

  it('typing a new belief character by character never moves an existing node', async () => {
    const engine = createLayoutEngine();
    const first = await engine.layout(textInput(TRACE));
    const target = 'b301 .5 L0 @self <b298,b299 "so the lock is released"';
    let previous = first.positions;
    for (let i = 1; i <= target.length; i++) {
      const result = await engine.layout(textInput(withLine(TRACE, target.slice(0, i))));
      expect(result.method).not.toBe('elk');
      expect(movedIds(first.positions, result.positions)).toEqual([]);
      expect(result.moved).toBe(movedIds(previous, result.positions).length);
      checkPicture(textInput(withLine(TRACE, target.slice(0, i))), result.positions);
      previous = result.positions;
    }
  });
});

describe('drafts of large graphs', () => {
  it('a large first layout asked for as a draft is the fast layered one at once; the next call makes the real one; small graphs get no draft', async () => {
    const engine = createLayoutEngine();
    const big = textInput(generateTrace(400, 5));
    const draft = await engine.layout(big, { draft: true });
    expect(draft.draft).toBe(true);
    expect(draft.method).toBe('fast-layered');
    checkPicture(big, draft.positions);
    // The draft is not remembered as the previous layout: the real one is asked for next.
    const real = await engine.layout(big);
    expect(real.draft).toBeUndefined();
    expect(real.method).toBe('elk');
    checkPicture(big, real.positions);
    // Then an edit is patched as usual, not drafted.
    const edited = await engine.layout(textInput(withLine(generateTrace(400, 5), 'b401 .9 L0 @self <b400 "one more"')), { draft: true });
    expect(edited.draft).toBeUndefined();
    expect(edited.method).toBe('incremental');

    const small = await createLayoutEngine().layout(textInput(generateTrace(40)), { draft: true });
    expect(small.draft).toBeUndefined();
  });
});

describe('typing while ELK lays out a big paste', () => {
  it('each keystroke is answered at once, placed on the draft; the real layout then takes the same edit', async () => {
    // An ELK that holds every layout until released, as a thread of its own would while
    // it computes: the engine must not make keystrokes wait for it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const elkAsked = new Promise<void>((resolve) => (asked = resolve));
    const real = await bundledElk();
    useElkFactory(() => ({
      ...real,
      layout: async (graph, args) => {
        asked();
        await released;
        return real.layout(graph, args);
      },
    }));
    try {
      const engine = createLayoutEngine();
      const pasted = generateTrace(400, 5);
      const draft = await engine.layout(textInput(pasted), { draft: true });
      expect(draft.draft).toBe(true);
      let elkDone = false;
      const tidy = engine.layout(textInput(pasted)).then((r) => ((elkDone = true), r));
      await elkAsked;

      const target = 'b401 .9 L0 @self <b399,b400 "typed while ELK works"';
      let previous = draft.positions;
      for (let i = 1; i <= target.length; i++) {
        const input = textInput(withLine(pasted, target.slice(0, i)));
        const result = await engine.layout(input, { draft: true });
        expect(elkDone).toBe(false);
        expect(result.draft).toBe(true);
        expect(result.method).not.toBe('elk');
        // Nothing on the draft moves while a belief is typed on it.
        expect(movedIds(draft.positions, result.positions)).toEqual([]);
        expect(result.moved).toBe(movedIds(previous, result.positions).length);
        checkPicture(input, result.positions);
        previous = result.positions;
      }

      release();
      const laidOut = await tidy;
      expect(laidOut.method).toBe('elk');
      expect(laidOut.draft).toBeUndefined();
      // The real layout of the typed version: the same edit placed on ELK's picture.
      const typed = textInput(withLine(pasted, target));
      const final = await engine.layout(typed);
      expect(final.draft).toBeUndefined();
      expect(final.method).toBe('incremental');
      expect(movedIds(laidOut.positions, final.positions)).toEqual([]);
      checkPicture(typed, final.positions);
    } finally {
      useElkFactory(bundledElk);
    }
  });
});

describe('ELK options', () => {
  // The page draws its own edges, so the router is chosen for speed alone: it must not move a node.
  it('polyline routing places every node where orthogonal routing does', async () => {
    for (const seed of [3, 11]) {
      const components = connectedComponents(normalizeLayoutInput(textInput(generateTrace(300, seed))));
      const polyline = await layoutComponentsWithElk(components, ELK_TUNED_OPTIONS);
      const orthogonal = await layoutComponentsWithElk(components, { ...ELK_TUNED_OPTIONS, 'elk.edgeRouting': 'ORTHOGONAL' });
      expect(ELK_TUNED_OPTIONS['elk.edgeRouting']).toBe('POLYLINE');
      expect(polyline.every((l) => l !== null)).toBe(true);
      expect(polyline.map((l) => l?.positions)).toEqual(orthogonal.map((l) => l?.positions));
    }
  });
});
