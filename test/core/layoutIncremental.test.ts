import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutFastLayered } from '../../src/core/layout/fastLayered.ts';
import type { PreviousLayout, RememberedNode } from '../../src/core/layout/incrementalLayout.ts';
import { updateLayout } from '../../src/core/layout/incrementalLayout.ts';
import type { LayoutInput, Positions } from '../../src/core/layout/layoutTypes.ts';
import { NODE_HEIGHT } from '../../src/core/layout/layoutTypes.ts';
import { LAYER_GAP } from '../../src/core/layout/layoutSpacing.ts';
import { movedIds, overlaps, unplaced, upwardEdges } from './layoutGeometry.ts';
import { dagArbitrary, inputOf, textInput } from './layoutInputs.ts';

const laidOut = (input: LayoutInput): PreviousLayout => ({ input, positions: layoutFastLayered(input) });

function patched(previous: PreviousLayout, next: LayoutInput, remembered: readonly RememberedNode[] = []) {
  const outcome = updateLayout(previous, next, { remembered });
  if (outcome.kind === 'full') throw new Error(`expected a patch, got a full layout (${outcome.changed} changed)`);
  return outcome;
}

function withNode(input: LayoutInput, id: string, supports: readonly string[], dependents: readonly string[] = []): LayoutInput {
  return {
    nodes: [...input.nodes, { id, width: 232, height: 86 }],
    edges: [...input.edges, ...supports.map((s) => ({ id: `${s}->${id}`, from: s, to: id })), ...dependents.map((d) => ({ id: `${id}->${d}`, from: id, to: d }))],
  };
}

function withoutNode(input: LayoutInput, id: string): LayoutInput {
  return {
    nodes: input.nodes.filter((n) => n.id !== id),
    edges: input.edges.filter((e) => e.from !== id && e.to !== id),
  };
}

function renamed(input: LayoutInput, from: string, to: string): LayoutInput {
  const r = (id: string) => (id === from ? to : id);
  return {
    nodes: input.nodes.map((n) => ({ ...n, id: r(n.id) })),
    edges: input.edges.map((e) => ({ ...e, from: r(e.from), to: r(e.to) })),
  };
}

function checkPicture(input: LayoutInput, positions: Positions, acyclic = true) {
  expect(unplaced(input, positions)).toEqual([]);
  expect(overlaps(input, positions)).toEqual([]);
  if (acyclic) expect(upwardEdges(input, positions)).toEqual([]);
}

const TRACE = [
  'b1 1.0 L0 @user "the cache is cold"',
  'b2 .9 L0 @ctx "the index is stale"',
  'b3 .8 L0 @self <b1,b2 "so the query plan is slow"',
  'b4 .7 L0 @self <b3 "so the timeout fires"',
  'b5 .9 L0 @ctx "the lock is held"',
  'b6 .6 L0 @self <b4,b5 "so the retry loop spins"',
].join('\n');

describe('incremental layout: cases', () => {
  const base = laidOut(textInput(TRACE));

  it('a content-only edit reuses every position', () => {
    const outcome = updateLayout(base, textInput(TRACE.replace('is cold', 'is warm').replace('.7', '.65')));
    expect(outcome.kind).toBe('cached');
    if (outcome.kind === 'full') return;
    expect(outcome.moved).toBe(0);
    expect(outcome.positions).toEqual(base.positions);
  });

  it('moving a line (same structure) reuses every position', () => {
    const lines = TRACE.split('\n');
    const reordered = [lines[4], ...lines.slice(0, 4), lines[5]].join('\n');
    expect(updateLayout(base, textInput(reordered)).kind).toBe('cached');
  });

  it('a new belief goes to the row below its lowest support and moves nothing', () => {
    const next = textInput(`${TRACE}\nb7 .5 L0 @self <b3,b5 "so the schema drifts"`);
    const outcome = patched(base, next);
    expect(outcome.kind).toBe('incremental');
    expect(outcome.moved).toBe(0);
    expect(movedIds(base.positions, outcome.positions)).toEqual([]);
    // b3 is the lower support; the row below it is b4's.
    expect(base.positions['b3']!.y).toBeGreaterThan(base.positions['b5']!.y);
    expect(outcome.positions['b7']!.y).toBe(base.positions['b4']!.y);
    checkPicture(next, outcome.positions);
  });

  it('a new root goes to the top row', () => {
    const next = textInput(`${TRACE}\nb7 .5 L0 @ctx "the replica lags"`);
    const outcome = patched(base, next);
    expect(outcome.positions['b7']!.y).toBe(Math.min(...Object.values(base.positions).map((p) => p.y)));
    expect(outcome.moved).toBe(0);
    checkPicture(next, outcome.positions);
  });

  it('a new belief near its supports: x close to their mean when the row has room', () => {
    const next = textInput(`${TRACE}\nb7 .5 L0 @self <b6 "so the queue grows"`);
    const outcome = patched(base, next);
    // b6 is alone on the bottom row, so b7 sits straight under it.
    expect(outcome.positions['b7']!.x).toBeCloseTo(base.positions['b6']!.x);
  });

  it('removing a belief moves nothing', () => {
    const next = textInput(
      TRACE.split('\n')
        .filter((l) => !l.startsWith('b4 '))
        .join('\n'),
    );
    const outcome = patched(base, next);
    expect(outcome.moved).toBe(0);
    expect(outcome.positions['b4']).toBeUndefined();
    for (const id of ['b1', 'b2', 'b3', 'b5', 'b6']) expect(outcome.positions[id]).toEqual(base.positions[id]);
  });

  it('renaming a leaf keeps its position', () => {
    const next = textInput(TRACE.replace('b6 .6', 'b66 .6'));
    const outcome = patched(base, next);
    expect(outcome.positions['b66']).toEqual(base.positions['b6']);
    expect(outcome.moved).toBe(0);
  });

  it('renaming a cited belief keeps its position (its citations now dangle)', () => {
    const next = textInput(TRACE.replace('b3 .8', 'b33 .8'));
    const outcome = patched(base, next);
    expect(outcome.positions['b33']).toEqual(base.positions['b3']);
    expect(outcome.moved).toBe(0);
  });

  it('renaming a belief and its citations together keeps every position', () => {
    const next = textInput(TRACE.replaceAll('b3', 'b9'));
    const outcome = patched(base, next);
    expect(outcome.positions['b9']).toEqual(base.positions['b3']);
    expect(outcome.moved).toBe(0);
  });

  it('a belief rewired to rest on a lower one moves below it, with only the descendants that must follow', () => {
    // b5 (a root on the top row) now rests on b4, which sits two rows down.
    const next = textInput(TRACE.replace('b5 .9 L0 @ctx', 'b5 .9 L0 @self <b4'));
    const outcome = patched(base, next);
    expect(outcome.positions['b5']!.y).toBeGreaterThan(base.positions['b4']!.y);
    // b6 rests on b5 and must follow; b1..b4 must not move.
    expect(outcome.positions['b6']!.y).toBeGreaterThan(outcome.positions['b5']!.y);
    const moved = movedIds(base.positions, outcome.positions).sort();
    expect(moved).toEqual(['b5', 'b6']);
    expect(outcome.moved).toBe(2);
    checkPicture(next, outcome.positions);
  });

  it('dropping a support moves nothing, but is not reported as cached', () => {
    // b6 drops b5 as a support: nothing needs to move.
    const next = textInput(TRACE.replace('<b4,b5', '<b4'));
    const outcome = patched(base, next);
    expect(outcome.kind).toBe('incremental');
    expect(outcome.moved).toBe(0);
  });

  it('a rewired belief that is still below its supports stays put', () => {
    // b6 swaps b5 (top row) for b3 (second row): still below both.
    const next = textInput(TRACE.replace('<b4,b5', '<b4,b3'));
    const outcome = patched(base, next);
    expect(outcome.moved).toBe(0);
  });

  // The same picture with b4 and b6 pushed far right, where fresh placement (under
  // their supports) would never put them: only memory can bring them back there.
  const aside: PreviousLayout = {
    input: base.input,
    positions: {
      ...base.positions,
      b4: { x: 5000, y: base.positions['b4']!.y },
      b6: { x: 5000, y: base.positions['b6']!.y },
    },
  };

  it('undoing a deletion puts the node back where it was', () => {
    const without = textInput(
      TRACE.split('\n')
        .filter((l) => !l.startsWith('b4 '))
        .join('\n'),
    );
    const removed = patched(aside, without);
    if (removed.kind !== 'incremental') throw new Error('expected incremental');
    expect(removed.departed).toEqual([{ id: 'b4', position: aside.positions['b4'], supports: 'b3' }]);
    const after = { input: without, positions: removed.positions };
    // Without memory it is placed afresh under b3; with it, it returns to its old spot.
    expect(patched(after, aside.input).positions['b4']).not.toEqual(aside.positions['b4']);
    const restored = patched(after, aside.input, removed.departed);
    expect(restored.positions['b4']).toEqual(aside.positions['b4']);
    checkPicture(aside.input, restored.positions);
  });

  it('an id retyped over two steps (b6 → gone → b7 with the same supports) takes the old spot', () => {
    const without = textInput(
      TRACE.split('\n')
        .filter((l) => !l.startsWith('b6 '))
        .join('\n'),
    );
    const gone = patched(aside, without);
    if (gone.kind !== 'incremental') throw new Error('expected incremental');
    const retyped = textInput(TRACE.replace('b6 .6', 'b7 .6'));
    const back = patched({ input: without, positions: gone.positions }, retyped, gone.departed);
    expect(back.positions['b7']).toEqual(aside.positions['b6']);
  });

  it('a remembered spot that is now taken is not reused', () => {
    const without = textInput(
      TRACE.split('\n')
        .filter((l) => !l.startsWith('b6 '))
        .join('\n'),
    );
    const gone = patched(base, without);
    if (gone.kind !== 'incremental') throw new Error('expected incremental');
    // Something else now sits exactly where b6 was.
    const squatter = { id: 'b6', position: gone.positions['b1']!, supports: '' };
    const back = patched({ input: without, positions: gone.positions }, base.input, [squatter]);
    expect(back.positions['b6']).not.toEqual(gone.positions['b1']);
    checkPicture(base.input, back.positions);
  });

  it('asks for a full layout when many nodes change', () => {
    const big = laidOut(
      inputOf(
        Array.from({ length: 50 }, (_, i) => `n${i}`),
        [],
      ),
    );
    let next = big.input;
    for (let i = 0; i < 15; i++) next = withNode(next, `m${i}`, [`n${i}`]);
    const outcome = updateLayout(big, next);
    expect(outcome.kind).toBe('full');
  });

  it('sizes are compared by distinct ids: a node listed twice is one node, as the layout reads it', () => {
    const base = laidOut(
      inputOf(
        Array.from({ length: 50 }, (_, i) => `n${i}`),
        [],
      ),
    );
    const twice = { ...base.input, nodes: [...base.input.nodes, ...base.input.nodes] };
    const outcome = updateLayout(base, withNode(twice, 'm0', ['n0']));
    expect(outcome.kind).toBe('incremental');
    // Many more nodes than before decide a full layout, however they were listed.
    let grown: LayoutInput = twice;
    for (let i = 0; i < 15; i++) grown = withNode(grown, `m${i}`, [`n${i}`]);
    expect(updateLayout(base, grown)).toEqual({ kind: 'full', changed: 15 });
  });

  it('small graphs are still patched, not re-laid out', () => {
    const tiny = laidOut(inputOf(['a'], []));
    expect(updateLayout(tiny, withNode(tiny.input, 'b', ['a'])).kind).toBe('incremental');
  });

  it('a first layout (nothing before) is always full', () => {
    const empty = { input: inputOf([], []), positions: {} };
    expect(updateLayout(empty, inputOf(['a'], [])).kind).toBe('full');
  });

  it('closing a cycle does not crash and places every node without overlaps', () => {
    const next = textInput(TRACE.replace('b1 1.0 L0 @user', 'b1 1.0 L0 @self <b6'));
    const outcome = patched(base, next);
    checkPicture(next, outcome.positions, false);
  });

  it('a new node in a crowded row takes the nearest free slot', () => {
    const row = laidOut(inputOf(['a', 'b', 'c', 'd'], []));
    const next = withNode(row.input, 'e', []);
    const outcome = patched(row, next);
    checkPicture(next, outcome.positions);
    expect(outcome.positions['e']!.y).toBe(0);
  });

  it('inserting a belief between two others moves the lower one down', () => {
    const chain = laidOut(inputOf(['a', 'c'], [['a', 'c']]));
    // c now rests on b, which rests on a: b lands on c's row, so c must go down.
    const next = inputOf(
      ['a', 'b', 'c'],
      [
        ['a', 'b'],
        ['b', 'c'],
      ],
    );
    const outcome = patched(chain, next);
    expect(outcome.positions['a']).toEqual(chain.positions['a']);
    expect(outcome.moved).toBe(1);
    checkPicture(next, outcome.positions);
  });
});

describe('incremental layout: properties', () => {
  const dagWithPick = dagArbitrary(30).chain((input) =>
    fc.record({
      input: fc.constant(input),
      pick: fc.nat(Math.max(0, input.nodes.length - 1)),
      supports: fc.subarray(
        input.nodes.map((n) => n.id),
        { maxLength: Math.min(3, input.nodes.length) },
      ),
    }),
  );

  it('adding one node moves no existing node; it lands below its supports without overlap', () => {
    fc.assert(
      fc.property(dagWithPick, ({ input, supports }) => {
        const previous = laidOut(input);
        const next = withNode(input, 'fresh', supports);
        const outcome = patched(previous, next);
        expect(outcome.moved).toBe(0);
        expect(movedIds(previous.positions, outcome.positions)).toEqual([]);
        checkPicture(next, outcome.positions);
        // Clear of its supports by at least half a row gap, not just touching them.
        for (const s of supports) {
          expect(outcome.positions['fresh']!.y).toBeGreaterThanOrEqual(previous.positions[s]!.y + NODE_HEIGHT + LAYER_GAP / 2);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('removing one node moves none', () => {
    fc.assert(
      fc.property(dagWithPick, ({ input, pick }) => {
        const previous = laidOut(input);
        const gone = input.nodes[pick]!.id;
        const next = withoutNode(input, gone);
        const outcome = updateLayout(previous, next);
        expect(outcome.kind).not.toBe('full');
        if (outcome.kind === 'full') return;
        expect(outcome.moved).toBe(0);
        expect(movedIds(previous.positions, outcome.positions)).toEqual([]);
        expect(outcome.positions[gone]).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('renaming one node keeps its position and moves nothing', () => {
    fc.assert(
      fc.property(dagWithPick, ({ input, pick }) => {
        const previous = laidOut(input);
        const old = input.nodes[pick]!.id;
        const outcome = patched(previous, renamed(input, old, 'renamed'));
        expect(outcome.positions['renamed']).toEqual(previous.positions[old]);
        expect(outcome.moved).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('random edit sequences: never overlaps, edges of a DAG point down, moved is honest', () => {
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), supports: fc.array(fc.nat(), { maxLength: 3 }) }),
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('link' as const), a: fc.nat(), b: fc.nat() }),
      fc.record({ kind: fc.constant('unlink' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('rename' as const), at: fc.nat() }),
    );
    fc.assert(
      fc.property(dagArbitrary(25), fc.array(edit, { minLength: 1, maxLength: 12 }), (start, edits) => {
        let previous = laidOut(start);
        // Index order is the topological order, so a 'link' can keep the graph a DAG.
        let order = start.nodes.map((n) => n.id).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
        let counter = 0;
        for (const e of edits) {
          let next = previous.input;
          const ids = order;
          if (e.kind === 'add') {
            const supports = [...new Set(e.supports.filter(() => ids.length > 0).map((i) => ids[i % ids.length]!))];
            const id = `x${counter++}`;
            next = withNode(next, id, supports);
            order = [...order, id];
          } else if (e.kind === 'remove' && ids.length > 0) {
            const id = ids[e.at % ids.length]!;
            next = withoutNode(next, id);
            order = order.filter((x) => x !== id);
          } else if (e.kind === 'link' && ids.length > 1) {
            const i = e.a % ids.length;
            const j = e.b % ids.length;
            if (i === j) continue;
            const from = ids[Math.min(i, j)]!;
            const to = ids[Math.max(i, j)]!;
            next = { ...next, edges: [...next.edges, { from, to }] };
          } else if (e.kind === 'unlink' && next.edges.length > 0) {
            const at = e.at % next.edges.length;
            next = { ...next, edges: next.edges.filter((_, k) => k !== at) };
          } else if (e.kind === 'rename' && ids.length > 0) {
            const id = ids[e.at % ids.length]!;
            const to = `r${counter++}`;
            next = renamed(next, id, to);
            order = order.map((x) => (x === id ? to : x));
          }
          const outcome = updateLayout(previous, next);
          const positions = outcome.kind === 'full' ? layoutFastLayered(next) : outcome.positions;
          checkPicture(next, positions);
          if (outcome.kind !== 'full') {
            expect(outcome.moved).toBe(movedIds(previous.positions, positions).length);
          }
          previous = { input: next, positions };
        }
      }),
      { numRuns: 200 },
    );
  });
});
