/**
 * Layout inputs for the layout tests: fixed shapes, generated traces, seeded random
 * DAGs, and fast-check arbitraries for property tests.
 */
import fc from 'fast-check';
import { generateTrace } from '../../bench/generateTrace.ts';
import { analyzeClair } from '../../src/core/clair/analyzeClair.ts';
import type { LayoutEdge, LayoutInput } from '../../src/core/layout/layoutTypes.ts';
import { NODE_HEIGHT, NODE_WIDTH } from '../../src/core/layout/layoutTypes.ts';
import { toLayoutInput } from '../../src/core/layout/toLayoutInput.ts';

export function inputOf(ids: readonly string[], edges: readonly (readonly [string, string])[]): LayoutInput {
  return {
    nodes: ids.map((id) => ({ id, width: NODE_WIDTH, height: NODE_HEIGHT })),
    edges: edges.map(([from, to]) => ({ from, to })),
  };
}

export function traceInput(beliefs: number): LayoutInput {
  return toLayoutInput(analyzeClair(generateTrace(beliefs)).graph);
}

export function textInput(text: string): LayoutInput {
  return toLayoutInput(analyzeClair(text).graph);
}

export function chainInput(length: number): LayoutInput {
  const nodes = Array.from({ length }, (_, i) => ({ id: `n${i}`, width: NODE_WIDTH, height: NODE_HEIGHT }));
  const edges: LayoutEdge[] = [];
  for (let i = 1; i < length; i++) edges.push({ from: `n${i - 1}`, to: `n${i}` });
  return { nodes, edges };
}

/** A seeded random DAG: each node after the first few rests on 1–3 earlier nodes. */
export function randomDagInput(size: number, seed = 1): LayoutInput {
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const nodes = Array.from({ length: size }, (_, i) => ({ id: `v${i}`, width: NODE_WIDTH, height: NODE_HEIGHT }));
  const edges: LayoutEdge[] = [];
  for (let i = 1; i < size; i++) {
    const count = random() < 0.1 ? 0 : 1 + Math.floor(random() * 3);
    for (let k = 0; k < count; k++) {
      const j = Math.floor(random() * i);
      edges.push({ from: `v${j}`, to: `v${i}` });
    }
  }
  return { nodes, edges };
}

/** A DAG: edges only from a lower to a higher index, nodes listed in a shuffled order. */
export const dagArbitrary = (maxNodes = 40): fc.Arbitrary<LayoutInput> =>
  fc
    .integer({ min: 1, max: maxNodes })
    .chain((n) =>
      fc.record({
        n: fc.constant(n),
        pairs: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: n * 2 }),
        order: fc.shuffledSubarray(
          Array.from({ length: n }, (_, i) => i),
          { minLength: n, maxLength: n },
        ),
      }),
    )
    .map(({ pairs, order }) =>
      inputOf(
        order.map((i) => `d${i}`),
        pairs.filter(([a, b]) => a !== b).map(([a, b]) => [`d${Math.min(a, b)}`, `d${Math.max(a, b)}`] as const),
      ),
    );

/** Any directed graph: cycles, self-loops, repeated edges and dangling ends included. */
export const anyGraphArbitrary = (maxNodes = 30): fc.Arbitrary<LayoutInput> =>
  fc.integer({ min: 0, max: maxNodes }).chain((n) =>
    fc.array(fc.tuple(fc.nat(n + 2), fc.nat(n + 2)), { maxLength: n * 3 }).map((pairs) =>
      inputOf(
        Array.from({ length: n }, (_, i) => `g${i}`),
        pairs.map(([a, b]) => [`g${a}`, `g${b}`] as const),
      ),
    ),
  );
