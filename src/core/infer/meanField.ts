/**
 * Mean-field variational inference (coordinate ascent, CAVI) as Gaia runs it on graphs
 * of more than 2000 variables. Each variable gets an independent q(x = 1) = μ; a sweep
 * visits the variables that are not pinned, in graph order, and replaces μ by the
 * sigmoid of its prior's log-odds plus, for every factor it is in, the difference
 * between the expected log weight of the factor with it true and with it false (the
 * expectation taken over the other variables' current μ — updated ones included, since
 * the sweep is in place). It stops when no μ moved by 1e-6 or more in a sweep, or after
 * 500 sweeps.
 *
 * The numbers follow Gaia's so the beliefs agree to the last bits, not just closely:
 *  - strict operator tables (allowed 1, forbidden 0), a zero weight read as 1e-10 before
 *    its log is taken;
 *  - μ and priors clamped to [1e-6, 1 − 1e-6]; pinned variables held at 1 − ε / ε;
 *  - the same summation order: factors by index, the variable true before false, the
 *    other variables' assignments with the first of them the slowest to change.
 */
import type { CompiledGraph } from './compiledGraph.ts';
import { UnaryKind } from './compiledGraph.ts';
import { variableEdges } from './variableEdges.ts';

export interface MeanFieldOptions {
  readonly maxIterations: number;
  readonly threshold: number;
  /** Keep every sweep's beliefs (Gaia's belief_history). */
  readonly recordHistory: boolean;
}

/** Gaia's MeanFieldVI settings as its engine constructs it. */
export const DEFAULT_MEAN_FIELD_OPTIONS = {
  maxIterations: 500,
  threshold: 1e-6,
} as const;

export interface MeanFieldRun {
  readonly beliefs: Float64Array;
  readonly converged: boolean;
  readonly iterations: number;
  readonly maxChange: number;
  /** Initial μ, then one array per sweep, when recorded. */
  readonly history: readonly Float64Array[];
}

/** μ never reaches 0 or 1, so a later factor can always move it. */
const MU_EPS = 1e-6;
/** A forbidden state's weight before the log: finite, so one contradiction does not pin μ. */
const WEIGHT_FLOOR = 1e-10;

function clampMu(mu: number): number {
  return Math.max(MU_EPS, Math.min(1 - MU_EPS, mu));
}

/** σ(x), in the form that never overflows. */
function sigmoid(x: number): number {
  if (x >= 0) return 1 / (1 + Math.exp(-x));
  const e = Math.exp(x);
  return e / (1 + e);
}

export function runMeanField(graph: CompiledGraph, options: MeanFieldOptions): MeanFieldRun {
  const { n, scopeStart, scopeVars, unaryKind, unary1 } = graph;
  const tables = graph.tables(true);

  // log of each factor's (floored) weights, over the factor's scope.
  const logWeights = tables.map((table) => table.map((w) => Math.log(Math.max(w, WEIGHT_FLOOR))));

  // Variable → its scope entries in factor order; an entry knows its factor and position.
  const { varEdgeStart, varEdges, edgeFactor } = variableEdges(graph);

  const mu = new Float64Array(n);
  const priorLogOdds = new Float64Array(n);
  const soft: number[] = [];
  for (let v = 0; v < n; v++) {
    const kind = unaryKind[v];
    if (kind === UnaryKind.HardEvidence) {
      mu[v] = unary1[v]!;
      continue;
    }
    soft.push(v);
    if (kind === UnaryKind.Prior) {
      const p = clampMu(unary1[v]!);
      mu[v] = p;
      priorLogOdds[v] = Math.log(p) - Math.log(1 - p);
    } else mu[v] = 0.5;
  }

  let maxScope = 0;
  for (let f = 0; f < tables.length; f++) maxScope = Math.max(maxScope, scopeStart[f + 1]! - scopeStart[f]!);
  const otherVar = new Int32Array(maxScope);
  const otherBit = new Int32Array(maxScope);

  const history: Float64Array[] = options.recordHistory ? [mu.slice()] : [];
  let maxChange = 0;
  for (let iteration = 0; iteration < options.maxIterations; iteration++) {
    maxChange = 0;
    for (const v of soft) {
      let logRatio = priorLogOdds[v]!;
      for (let i = varEdgeStart[v]!; i < varEdgeStart[v + 1]!; i++) {
        const e = varEdges[i]!;
        const f = edgeFactor[e]!;
        const start = scopeStart[f]!;
        const own = e - start;
        const size = scopeStart[f + 1]! - start;
        const others = size - 1;
        // The other variables in scope order; the first is the highest bit of r.
        for (let t = 0; t < others; t++) {
          const at = t < own ? t : t + 1;
          otherVar[t] = scopeVars[start + at]!;
          otherBit[t] = 1 << at;
        }
        const logW = logWeights[f]!;
        const combos = 1 << others;
        for (let x = 1; x >= 0; x--) {
          const base = x === 1 ? 1 << own : 0;
          for (let r = 0; r < combos; r++) {
            let index = base;
            let weight = 1;
            for (let t = 0; t < others; t++) {
              const m = mu[otherVar[t]!]!;
              if ((r >> (others - 1 - t)) & 1) {
                index |= otherBit[t]!;
                weight *= m;
              } else weight *= 1 - m;
            }
            if (x === 1) logRatio += weight * logW[index]!;
            else logRatio -= weight * logW[index]!;
          }
        }
      }
      const updated = clampMu(sigmoid(logRatio));
      const change = Math.abs(updated - mu[v]!);
      if (change > maxChange) maxChange = change;
      mu[v] = updated;
    }
    if (options.recordHistory) history.push(mu.slice());
    if (maxChange < options.threshold) return { beliefs: mu, converged: true, iterations: iteration + 1, maxChange, history };
  }
  return { beliefs: mu, converged: false, iterations: options.maxIterations, maxChange, history };
}
