import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutComponentFastLayered, layoutFastLayered } from '../../src/core/layout/fastLayered.ts';
import { LAYER_GAP } from '../../src/core/layout/layoutSpacing.ts';
import type { LayoutInput } from '../../src/core/layout/layoutTypes.ts';
import { NODE_HEIGHT } from '../../src/core/layout/layoutTypes.ts';
import { overlaps, unplaced, upwardEdges } from './layoutGeometry.ts';
import { anyGraphArbitrary, chainInput, dagArbitrary, inputOf, randomDagInput, traceInput } from './layoutInputs.ts';

const ROW = NODE_HEIGHT + LAYER_GAP;

describe('fast layered layout: cases', () => {
  const cases: { name: string; input: LayoutInput; rows: Record<string, number> }[] = [
    { name: 'empty', input: inputOf([], []), rows: {} },
    { name: 'one node', input: inputOf(['a'], []), rows: { a: 0 } },
    {
      name: 'chain',
      input: inputOf(
        ['a', 'b', 'c'],
        [
          ['a', 'b'],
          ['b', 'c'],
        ],
      ),
      rows: { a: 0, b: 1, c: 2 },
    },
    {
      name: 'chain listed backwards',
      input: inputOf(
        ['c', 'b', 'a'],
        [
          ['b', 'c'],
          ['a', 'b'],
        ],
      ),
      rows: { a: 0, b: 1, c: 2 },
    },
    {
      name: 'diamond',
      input: inputOf(
        ['a', 'b', 'c', 'd'],
        [
          ['a', 'b'],
          ['a', 'c'],
          ['b', 'd'],
          ['c', 'd'],
        ],
      ),
      rows: { a: 0, b: 1, c: 1, d: 2 },
    },
    {
      name: 'long edge: a node sits below its lowest support',
      input: inputOf(
        ['a', 'b', 'c'],
        [
          ['a', 'b'],
          ['a', 'c'],
          ['b', 'c'],
        ],
      ),
      rows: { a: 0, b: 1, c: 2 },
    },
    {
      name: 'two roots share the top row',
      input: inputOf(
        ['a', 'b', 'c'],
        [
          ['a', 'c'],
          ['b', 'c'],
        ],
      ),
      rows: { a: 0, b: 0, c: 1 },
    },
    { name: 'self-loop is ignored', input: inputOf(['a'], [['a', 'a']]), rows: { a: 0 } },
    {
      name: 'edge to an unknown node is ignored',
      input: inputOf(
        ['a'],
        [
          ['a', 'zz'],
          ['zz', 'a'],
        ],
      ),
      rows: { a: 0 },
    },
    {
      name: 'two-node cycle breaks at the earlier node',
      input: inputOf(
        ['a', 'b'],
        [
          ['a', 'b'],
          ['b', 'a'],
        ],
      ),
      rows: { a: 0, b: 1 },
    },
    {
      name: 'cycle below a root',
      input: inputOf(
        ['r', 'x', 'y'],
        [
          ['r', 'x'],
          ['x', 'y'],
          ['y', 'x'],
        ],
      ),
      rows: { r: 0, x: 1, y: 2 },
    },
  ];
  for (const { name, input, rows } of cases) {
    it(name, () => {
      const layout = layoutComponentFastLayered(input);
      const got = Object.fromEntries(Object.entries(layout.positions).map(([id, p]) => [id, p.y / ROW]));
      expect(got).toEqual(rows);
      expect(overlaps(input, layout.positions)).toEqual([]);
    });
  }

  it('keeps odd ids, repeated nodes and bad sizes from producing NaN or losing nodes', () => {
    const input: LayoutInput = {
      nodes: [
        { id: '__proto__', width: NaN, height: -1 },
        { id: 'constructor', width: Infinity, height: 0 },
        { id: '__proto__', width: 10, height: 10 },
        { id: 'toString', width: 100, height: 40 },
      ],
      edges: [
        { from: '__proto__', to: 'constructor' },
        { from: '__proto__', to: 'constructor' },
        { from: 'constructor', to: 'toString' },
      ],
    };
    const positions = layoutFastLayered(input);
    expect(Object.keys(positions).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(unplaced(input, positions)).toEqual([]);
    expect(upwardEdges(input, positions)).toEqual([]);
    expect(overlaps(input, positions)).toEqual([]);
  });

  it('lays out a generated trace with every edge pointing down and no overlaps', () => {
    const input = traceInput(1000);
    const positions = layoutFastLayered(input);
    expect(unplaced(input, positions)).toEqual([]);
    expect(upwardEdges(input, positions)).toEqual([]);
    expect(overlaps(input, positions)).toEqual([]);
  });
});

describe('fast layered layout: properties', () => {
  it('on any DAG: every edge points down, nothing overlaps, every root is on a top row', () => {
    fc.assert(
      fc.property(dagArbitrary(), (input) => {
        const layout = layoutComponentFastLayered(input);
        expect(unplaced(input, layout.positions)).toEqual([]);
        expect(upwardEdges(input, layout.positions)).toEqual([]);
        expect(overlaps(input, layout.positions)).toEqual([]);
        const supported = new Set(input.edges.map((e) => e.to));
        for (const node of input.nodes) {
          if (!supported.has(node.id)) expect(layout.positions[node.id]!.y).toBe(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('on any graph (cycles, self-loops, dangling edges): every node placed, nothing overlaps', () => {
    fc.assert(
      fc.property(anyGraphArbitrary(), (input) => {
        const positions = layoutFastLayered(input);
        expect(unplaced(input, positions)).toEqual([]);
        expect(overlaps(input, positions)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('packed components do not overlap each other', () => {
    fc.assert(
      fc.property(fc.array(dagArbitrary(8), { minLength: 1, maxLength: 6 }), (parts) => {
        // Give each part its own ids so the parts are separate components.
        const input: LayoutInput = {
          nodes: parts.flatMap((p, i) => p.nodes.map((n) => ({ ...n, id: `${i}:${n.id}` }))),
          edges: parts.flatMap((p, i) => p.edges.map((e) => ({ ...e, from: `${i}:${e.from}`, to: `${i}:${e.to}` }))),
        };
        const positions = layoutFastLayered(input);
        expect(overlaps(input, positions)).toEqual([]);
        expect(upwardEdges(input, positions)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});

describe('fast layered layout: size', () => {
  it('lays out a 100k-node chain without overflowing the stack', () => {
    const input = chainInput(100_000);
    const positions = layoutFastLayered(input);
    expect(unplaced(input, positions)).toEqual([]);
    expect(positions['n99999']!.y).toBe(99_999 * ROW);
    expect(upwardEdges(input, positions)).toEqual([]);
  });

  it('lays out a 20k-node random DAG without overflowing the stack', () => {
    const input = randomDagInput(20_000, 3);
    const positions = layoutFastLayered(input);
    expect(unplaced(input, positions)).toEqual([]);
    expect(upwardEdges(input, positions)).toEqual([]);
    expect(overlaps(input, positions)).toEqual([]);
  });

  it('lays out a 100k-node cycle without overflowing the stack', () => {
    const input = chainInput(100_000);
    const cyclic: LayoutInput = { ...input, edges: [...input.edges, { from: 'n99999', to: 'n0' }] };
    const positions = layoutFastLayered(cyclic);
    expect(unplaced(cyclic, positions)).toEqual([]);
    expect(positions['n0']!.y).toBe(0);
  });
});
