/**
 * Synchronous sum-product belief propagation with damping, in two flavours:
 *  - `bp`: plain loopy BP over the softened tables the exact engines use, hard evidence
 *    as a unary term. On a tree it converges to the exact marginals.
 *  - `trw_bp`: Gaia's tree-reweighted BP, reproduced so its beliefs can be diffed with
 *    Gaia's: strict operator tables, every factor message raised to a weight ρ =
 *    min(1, (n_soft − 1) / F_soft) (1 for factors over pinned variables only), and
 *    hard-evidence variables sending their pin unchanged.
 * Each sweep computes every variable→factor message from the previous factor→variable
 * messages, then every factor→variable message from those, damps both (new · α + old ·
 * (1 − α), α = 0.5), and stops when no belief (and, for plain BP, no message) moved
 * more than the threshold (1e-8), or after the iteration limit (200).
 *
 * All messages are [P(0), P(1)] pairs in flat typed arrays indexed by factor-scope
 * entry, allocated once per run; a sweep allocates nothing. Leave-one-out products use
 * prefix and suffix products (no division), normalised step by step so nothing
 * underflows. TRW floors message components at 1e-300 as Gaia's log-domain TRW does;
 * plain BP keeps exact zeros, so a product with no weight left — evidence that
 * contradicts itself where BP can see it — is reported instead of becoming 0/0. (On a
 * loop, BP cannot always see a contradiction that exact inference would.)
 */
import type { CompiledGraph } from './compiledGraph.ts';
import { UnaryKind } from './compiledGraph.ts';
import { InferenceError } from './inferenceProblem.ts';
import { variableEdges } from './variableEdges.ts';

export interface LoopyBpOptions {
  /** Gaia's TRW-BP (strict tables, ρ weights, pinned evidence) rather than plain BP. */
  readonly treeReweighted: boolean;
  readonly damping: number;
  readonly maxIterations: number;
  readonly threshold: number;
  /** Keep every sweep's beliefs (Gaia's belief_history); costs one array per sweep. */
  readonly recordHistory: boolean;
}

export const DEFAULT_BP_OPTIONS = {
  damping: 0.5,
  maxIterations: 200,
  threshold: 1e-8,
} as const;

export interface LoopyBpRun {
  readonly beliefs: Float64Array;
  readonly converged: boolean;
  readonly iterations: number;
  readonly maxChange: number;
  /** The ρ reported by Gaia: the reweighting of soft factors, 1 when none is below 1. */
  readonly rho: number;
  /** Initial beliefs, then one array per sweep, when recorded. */
  readonly history: readonly Float64Array[];
  /** Final variable→factor messages (P(1) per scope entry) and factor weights, for joint tables. */
  readonly v2f0: Float64Array;
  readonly v2f1: Float64Array;
  readonly factorRho: Float64Array;
}

/** Gaia's TRW takes logs of messages floored here. */
const TRW_FLOOR = 1e-300;
const INCONSISTENT = 'no state is left with any weight: the evidence and constraints contradict each other';

export function runLoopyBp(graph: CompiledGraph, options: LoopyBpOptions): LoopyBpRun {
  const { n, scopeStart, scopeVars, unaryKind, unary1 } = graph;
  const trw = options.treeReweighted;
  const tables = graph.tables(trw);
  const factorCount = tables.length;
  const edges = scopeVars.length;
  const alpha = options.damping;
  const floor = trw ? TRW_FLOOR : 0;

  // Variable → its scope entries (edges), as a flat list.
  const { varEdgeStart, varEdges } = variableEdges(graph);

  const pinned = new Uint8Array(n);
  let softVariables = 0;
  for (let v = 0; v < n; v++) {
    if (unaryKind[v] === UnaryKind.HardEvidence) pinned[v] = 1;
    else softVariables++;
  }
  const factorRho = new Float64Array(factorCount).fill(1);
  let rho = 1;
  if (trw) {
    let softFactors = 0;
    const touchesSoft = new Uint8Array(factorCount);
    for (let f = 0; f < factorCount; f++) {
      for (let e = scopeStart[f]!; e < scopeStart[f + 1]!; e++) if (!pinned[scopeVars[e]!]) touchesSoft[f] = 1;
      softFactors += touchesSoft[f]!;
    }
    const rhoSoft = softFactors === 0 || softVariables <= 1 ? 1 : Math.min(1, (softVariables - 1) / softFactors);
    for (let f = 0; f < factorCount; f++) if (touchesSoft[f]) factorRho[f] = rhoSoft;
    if (rhoSoft < 1 && softFactors > 0) rho = rhoSoft;
  }

  const prior0 = new Float64Array(n);
  const prior1 = new Float64Array(n);
  const previous = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    const p = unaryKind[v] === UnaryKind.None ? 0.5 : unary1[v]!;
    prior0[v] = 1 - p;
    prior1[v] = p;
    previous[v] = p;
  }

  const f2v0 = new Float64Array(edges).fill(0.5);
  const f2v1 = new Float64Array(edges).fill(0.5);
  const v2f0 = new Float64Array(edges).fill(0.5);
  const v2f1 = new Float64Array(edges).fill(0.5);
  const newF2v0 = new Float64Array(edges);
  const newF2v1 = new Float64Array(edges);
  const newV2f0 = new Float64Array(edges);
  const newV2f1 = new Float64Array(edges);
  const beliefs = new Float64Array(n);

  let maxDegree = 0;
  for (let v = 0; v < n; v++) maxDegree = Math.max(maxDegree, varEdgeStart[v + 1]! - varEdgeStart[v]!);
  const prefix0 = new Float64Array(maxDegree + 1);
  const prefix1 = new Float64Array(maxDegree + 1);
  let maxScope = 0;
  for (let f = 0; f < factorCount; f++) maxScope = Math.max(maxScope, scopeStart[f + 1]! - scopeStart[f]!);
  const q0 = new Float64Array(maxScope);
  const q1 = new Float64Array(maxScope);
  const product = new Float64Array(2 ** maxScope);

  const history: Float64Array[] = options.recordHistory ? [previous.slice()] : [];
  let converged = false;
  let iterations = 0;
  let maxChange = 0;

  for (let iteration = 0; iteration < options.maxIterations; iteration++) {
    // Variable → factor: prior times every other incoming factor message.
    for (let v = 0; v < n; v++) {
      const from = varEdgeStart[v]!;
      const to = varEdgeStart[v + 1]!;
      if (trw && pinned[v]) {
        for (let i = from; i < to; i++) {
          newV2f0[varEdges[i]!] = prior0[v]!;
          newV2f1[varEdges[i]!] = prior1[v]!;
        }
        continue;
      }
      let a0 = prior0[v]!;
      let a1 = prior1[v]!;
      prefix0[0] = a0;
      prefix1[0] = a1;
      for (let i = from; i < to; i++) {
        const e = varEdges[i]!;
        a0 *= Math.max(f2v0[e]!, floor);
        a1 *= Math.max(f2v1[e]!, floor);
        const s = a0 + a1;
        if (!(s > 0)) throw new InferenceError('inconsistent-evidence', INCONSISTENT);
        a0 /= s;
        a1 /= s;
        prefix0[i - from + 1] = a0;
        prefix1[i - from + 1] = a1;
      }
      let s0 = 1;
      let s1 = 1;
      for (let i = to - 1; i >= from; i--) {
        const e = varEdges[i]!;
        const m0 = prefix0[i - from]! * s0;
        const m1 = prefix1[i - from]! * s1;
        const s = m0 + m1;
        if (!(s > 0)) throw new InferenceError('inconsistent-evidence', INCONSISTENT);
        newV2f0[e] = m0 / s;
        newV2f1[e] = m1 / s;
        s0 *= Math.max(f2v0[e]!, floor);
        s1 *= Math.max(f2v1[e]!, floor);
        const t = s0 + s1;
        if (!(t > 0)) throw new InferenceError('inconsistent-evidence', INCONSISTENT);
        s0 /= t;
        s1 /= t;
      }
    }

    // Factor → variable: sum the table against the other variables' fresh messages.
    for (let f = 0; f < factorCount; f++) {
      const from = scopeStart[f]!;
      const k = scopeStart[f + 1]! - from;
      const table = tables[f]!;
      const size = 1 << k;
      for (let j = 0; j < k; j++) {
        q0[j] = Math.max(newV2f0[from + j]!, floor);
        q1[j] = Math.max(newV2f1[from + j]!, floor);
      }
      const weight = factorRho[f]!;
      for (let t = 0; t < k; t++) {
        product[0] = 1;
        for (let j = 0; j < k; j++) {
          const half = 1 << j;
          const a0 = j === t ? 1 : q0[j]!;
          const a1 = j === t ? 1 : q1[j]!;
          for (let x = 0; x < half; x++) {
            const p = product[x]!;
            product[x + half] = p * a1;
            product[x] = p * a0;
          }
        }
        let out0 = 0;
        let out1 = 0;
        const bit = 1 << t;
        for (let x = 0; x < size; x++) {
          const w = table[x]! * product[x]!;
          if (x & bit) out1 += w;
          else out0 += w;
        }
        if (weight !== 1) {
          out0 = out0 ** weight;
          out1 = out1 ** weight;
        }
        const s = out0 + out1;
        if (!(s > 0)) throw new InferenceError('inconsistent-evidence', INCONSISTENT);
        newF2v0[from + t] = out0 / s;
        newF2v1[from + t] = out1 / s;
      }
    }

    // Damping. Plain BP also tracks how far messages moved: a sweep can leave every
    // belief where it was while evidence is still on its way (a message that is uniform
    // until a second hop reaches it), and stopping there would be wrong.
    let messageChange = 0;
    for (let e = 0; e < edges; e++) {
      let m0 = alpha * newF2v0[e]! + (1 - alpha) * f2v0[e]!;
      let m1 = alpha * newF2v1[e]! + (1 - alpha) * f2v1[e]!;
      let s = m0 + m1;
      if (!trw) messageChange = Math.max(messageChange, Math.abs(m1 / s - f2v1[e]!));
      f2v0[e] = m0 / s;
      f2v1[e] = m1 / s;
      if (trw && pinned[scopeVars[e]!]) {
        v2f0[e] = newV2f0[e]!;
        v2f1[e] = newV2f1[e]!;
        continue;
      }
      m0 = alpha * newV2f0[e]! + (1 - alpha) * v2f0[e]!;
      m1 = alpha * newV2f1[e]! + (1 - alpha) * v2f1[e]!;
      s = m0 + m1;
      if (!trw) messageChange = Math.max(messageChange, Math.abs(m1 / s - v2f1[e]!));
      v2f0[e] = m0 / s;
      v2f1[e] = m1 / s;
    }

    // Beliefs and the stopping rule.
    maxChange = 0;
    for (let v = 0; v < n; v++) {
      let b0 = prior0[v]!;
      let b1 = prior1[v]!;
      for (let i = varEdgeStart[v]!; i < varEdgeStart[v + 1]!; i++) {
        const e = varEdges[i]!;
        b0 *= Math.max(f2v0[e]!, floor);
        b1 *= Math.max(f2v1[e]!, floor);
        const s = b0 + b1;
        if (!(s > 0)) throw new InferenceError('inconsistent-evidence', INCONSISTENT);
        b0 /= s;
        b1 /= s;
      }
      const belief = b1 / (b0 + b1);
      beliefs[v] = belief;
      const change = Math.abs(belief - previous[v]!);
      if (change > maxChange) maxChange = change;
      previous[v] = belief;
    }
    if (options.recordHistory) history.push(beliefs.slice());
    iterations = iteration + 1;
    // TRW-BP keeps Gaia's rule (beliefs only), so its sweeps and history match Gaia's.
    if (maxChange < options.threshold && messageChange < options.threshold) {
      converged = true;
      break;
    }
  }
  if (iterations === 0) beliefs.set(previous);
  // The damped messages never reach an exact zero, but the last undamped ones do where a
  // factor rules a value out whatever its neighbours say: a variable with both of its
  // values ruled out that way (or by its pin) has no consistent state.
  if (!trw && iterations > 0) {
    for (let v = 0; v < n; v++) {
      let b0 = prior0[v]!;
      let b1 = prior1[v]!;
      for (let i = varEdgeStart[v]!; i < varEdgeStart[v + 1]!; i++) {
        const e = varEdges[i]!;
        b0 = newF2v0[e]! > 0 ? b0 : 0;
        b1 = newF2v1[e]! > 0 ? b1 : 0;
      }
      if (!(b0 + b1 > 0)) throw new InferenceError('inconsistent-evidence', INCONSISTENT);
    }
  }
  return { beliefs, converged, iterations, maxChange, rho, history, v2f0, v2f1, factorRho };
}
