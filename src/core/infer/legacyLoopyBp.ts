/**
 * Gaia's older loopy BP, the `loopy_bp` method of its legacy `infer()` function (the
 * engine `gaia run infer` uses does not offer it): synchronous sum-product on the strict
 * operator tables, damping 0.5, at most 500 sweeps, stopping when no belief moved by
 * 1e-6. It differs from Warrant's `bp` in what it reads: only soft priors enter as unary
 * terms — a pinned variable (an observation, an asserted relation) starts from ½ like a
 * variable without a prior, so the pins are not seen — and in its tables (strict, not
 * softened). Kept for the `--method loopy_bp` name, with Gaia's numbers.
 *
 * One sweep, as Gaia orders it: every variable→factor message from the previous
 * factor→variable messages (prior times the other incoming ones, normalised), then every
 * factor→variable message from the new ones, then both damped (α·new + (1 − α)·old,
 * normalised), then the beliefs. A message whose two entries sum below 1e-300 has no
 * weight left: the constraints contradict each other, reported as Gaia raises it.
 */
import type { CompiledGraph } from './compiledGraph.ts';
import { UnaryKind } from './compiledGraph.ts';
import { InferenceError } from './inferenceProblem.ts';
import { variableEdges } from './variableEdges.ts';

/** Gaia's legacy `infer(graph, 'loopy_bp')` settings. */
export const LEGACY_LOOPY_BP_OPTIONS = {
  damping: 0.5,
  maxIterations: 500,
  threshold: 1e-6,
} as const;

export interface LegacyLoopyBpOptions {
  readonly damping: number;
  readonly maxIterations: number;
  readonly threshold: number;
  readonly recordHistory: boolean;
}

export interface LegacyLoopyBpRun {
  readonly beliefs: Float64Array;
  readonly converged: boolean;
  readonly iterations: number;
  readonly maxChange: number;
  /** Initial beliefs (the priors), then one array per sweep, when recorded. */
  readonly history: readonly Float64Array[];
}

const NO_WEIGHT = 'a message has no weight left: the constraints contradict each other';

export function runLegacyLoopyBp(graph: CompiledGraph, options: LegacyLoopyBpOptions): LegacyLoopyBpRun {
  const { n, scopeStart, scopeVars, unaryKind, unary1 } = graph;
  const tables = graph.tables(true);
  const edges = scopeVars.length;
  const alpha = options.damping;

  const prior1 = new Float64Array(n);
  for (let v = 0; v < n; v++) prior1[v] = unaryKind[v] === UnaryKind.Prior ? unary1[v]! : 0.5;
  const history: Float64Array[] = options.recordHistory ? [prior1.slice()] : [];
  // No factors: the priors, pinned variables at ½ (nothing else reaches them).
  if (tables.length === 0) return { beliefs: prior1.slice(), converged: true, iterations: 0, maxChange: 0, history };

  // Variable → its scope entries, in factor order.
  const { varEdgeStart, varEdges, edgeFactor } = variableEdges(graph);

  // Messages as [P(0), P(1)] pairs, one per scope entry.
  const f2v0 = new Float64Array(edges).fill(0.5);
  const f2v1 = new Float64Array(edges).fill(0.5);
  const v2f0 = new Float64Array(edges).fill(0.5);
  const v2f1 = new Float64Array(edges).fill(0.5);
  const newF2v0 = new Float64Array(edges);
  const newF2v1 = new Float64Array(edges);
  const newV2f0 = new Float64Array(edges);
  const newV2f1 = new Float64Array(edges);
  let previous = prior1.slice();
  let beliefs = previous;

  const normalised = (a: number, b: number, out0: Float64Array, out1: Float64Array, at: number) => {
    const s = a + b;
    if (s < 1e-300) throw new InferenceError('inconsistent-evidence', NO_WEIGHT);
    out0[at] = a / s;
    out1[at] = b / s;
  };

  let maxChange = 0;
  for (let iteration = 0; iteration < options.maxIterations; iteration++) {
    // Variable → factor: the prior times every other factor's message, in factor order.
    for (let v = 0; v < n; v++) {
      for (let i = varEdgeStart[v]!; i < varEdgeStart[v + 1]!; i++) {
        const e = varEdges[i]!;
        let a0 = 1 - prior1[v]!;
        let a1 = prior1[v]!;
        for (let k = varEdgeStart[v]!; k < varEdgeStart[v + 1]!; k++) {
          const other = varEdges[k]!;
          if (edgeFactor[other] === edgeFactor[e]) continue;
          a0 *= f2v0[other]!;
          a1 *= f2v1[other]!;
        }
        normalised(a0, a1, newV2f0, newV2f1, e);
      }
    }
    // Factor → variable: sum over the other variables' states, the first the slowest.
    for (let f = 0; f < tables.length; f++) {
      const start = scopeStart[f]!;
      const size = scopeStart[f + 1]! - start;
      const table = tables[f]!;
      const others = size - 1;
      for (let own = 0; own < size; own++) {
        const totals = [0, 0];
        for (let x = 0; x <= 1; x++) {
          let total = 0;
          for (let r = 0; r < 1 << others; r++) {
            let index = x << own;
            let weight = 1;
            for (let t = 0; t < others; t++) {
              const at = t < own ? t : t + 1;
              const bit = (r >> (others - 1 - t)) & 1;
              index |= bit << at;
              weight *= bit ? newV2f1[start + at]! : newV2f0[start + at]!;
            }
            total += table[index]! * weight;
          }
          totals[x] = total;
        }
        normalised(totals[0]!, totals[1]!, newF2v0, newF2v1, start + own);
      }
    }
    for (let e = 0; e < edges; e++) {
      normalised(alpha * newF2v0[e]! + (1 - alpha) * f2v0[e]!, alpha * newF2v1[e]! + (1 - alpha) * f2v1[e]!, f2v0, f2v1, e);
    }
    for (let e = 0; e < edges; e++) {
      normalised(alpha * newV2f0[e]! + (1 - alpha) * v2f0[e]!, alpha * newV2f1[e]! + (1 - alpha) * v2f1[e]!, v2f0, v2f1, e);
    }
    beliefs = new Float64Array(n);
    const pair0 = new Float64Array(1);
    const pair1 = new Float64Array(1);
    maxChange = 0;
    for (let v = 0; v < n; v++) {
      let b0 = 1 - prior1[v]!;
      let b1 = prior1[v]!;
      for (let i = varEdgeStart[v]!; i < varEdgeStart[v + 1]!; i++) {
        b0 *= f2v0[varEdges[i]!]!;
        b1 *= f2v1[varEdges[i]!]!;
      }
      normalised(b0, b1, pair0, pair1, 0);
      beliefs[v] = pair1[0]!;
      maxChange = Math.max(maxChange, Math.abs(beliefs[v]! - previous[v]!));
    }
    if (options.recordHistory) history.push(beliefs);
    previous = beliefs;
    if (maxChange < options.threshold) return { beliefs, converged: true, iterations: iteration + 1, maxChange, history };
  }
  return { beliefs, converged: false, iterations: options.maxIterations, maxChange, history };
}
