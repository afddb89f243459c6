/**
 * The packed forms a layout input and its positions cross threads in give back exactly
 * what was packed, whatever the input holds (repeated ids, dangling ends, odd sizes).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LayoutInput } from '../../src/core/layout/layoutTypes.ts';
import { packLayoutInput, unpackLayoutInput } from '../../src/core/layout/packedLayoutInput.ts';
import { packPositions, unpackPositionsInto } from '../../src/core/layout/packedPositions.ts';
import { layoutFastLayered } from '../../src/core/layout/fastLayered.ts';
import { positionsRecord } from '../../src/core/layout/positionsRecord.ts';
import { anyGraphArbitrary, traceInput } from './layoutInputs.ts';

const size = fc.oneof(fc.double({ noNaN: false }), fc.constantFrom(0, -1, 220, 64.5));
const oddInput: fc.Arbitrary<LayoutInput> = fc.record({
  nodes: fc.array(fc.record({ id: fc.constantFrom('a', 'b', 'c', '__proto__', 'constructor', ''), width: size, height: size }), { maxLength: 8 }),
  edges: fc.array(fc.record({ from: fc.constantFrom('a', 'b', 'x', '__proto__'), to: fc.constantFrom('a', 'c', 'y', '') }), { maxLength: 8 }),
});

describe('packed layout input', () => {
  it('unpacks to the input packed', () => {
    fc.assert(
      fc.property(fc.oneof(anyGraphArbitrary(), oddInput), (input) => {
        expect(unpackLayoutInput(structuredClone(packLayoutInput(input)))).toEqual(input);
      }),
      { numRuns: 300 },
    );
  });

  it('names each endpoint no node has once, after the nodes', () => {
    const packed = packLayoutInput({
      nodes: [{ id: 'a', width: 1, height: 2 }],
      edges: [
        { from: 'z', to: 'a' },
        { from: 'a', to: 'z' },
      ],
    });
    expect(packed.others).toEqual(['z']);
    expect([...packed.ends]).toEqual([1, 0, 0, 1]);
  });
});

describe('packed positions', () => {
  it('unpack, in any slices, to the positions packed', () => {
    fc.assert(
      fc.property(anyGraphArbitrary(), fc.integer({ min: 1, max: 7 }), (input, step) => {
        const positions = layoutFastLayered(input);
        const packed = structuredClone(packPositions(positions));
        const into = positionsRecord();
        for (let from = 0; from < packed.ids.length; from += step) unpackPositionsInto(packed, into, from, from + step);
        expect(into).toEqual(positions);
      }),
      { numRuns: 200 },
    );
  });

  it('a 3,000-belief trace laid out crosses packed unchanged', () => {
    const positions = layoutFastLayered(traceInput(3000));
    const into = positionsRecord();
    unpackPositionsInto(packPositions(positions), into);
    expect(into).toEqual(positions);
  });
});
