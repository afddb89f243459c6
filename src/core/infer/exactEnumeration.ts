/**
 * Exact marginals by enumerating every assignment (2^n of them, n ≤ 26), the reference
 * the other engines are checked against. Each assignment's weight is built in log space
 * and the weights are exponentiated chunk by chunk against a running maximum, so
 * nothing underflows however many factors multiply together; memory stays one chunk.
 */
import type { CompiledGraph } from './compiledGraph.ts';
import { UnaryKind } from './compiledGraph.ts';
import { InferenceError } from './inferenceProblem.ts';

export const EXACT_MAX_VARIABLES = 26;
const CHUNK_BITS = 16;

/** P(x_v = 1) for every variable, softened tables. Throws on too many variables or zero total weight. */
export function runExactEnumeration(graph: CompiledGraph): Float64Array {
  const { n } = graph;
  if (n > EXACT_MAX_VARIABLES) {
    throw new InferenceError('too-many-variables', `exact enumeration handles at most ${EXACT_MAX_VARIABLES} variables; this graph has ${n}`);
  }
  const beliefs = new Float64Array(n);
  if (n === 0) return beliefs;

  const logUnary0: number[] = [];
  const logUnary1: number[] = [];
  const unaryVars: number[] = [];
  for (let v = 0; v < n; v++) {
    if (graph.unaryKind[v] === UnaryKind.None) continue;
    unaryVars.push(v);
    logUnary0.push(Math.log(1 - graph.unary1[v]!));
    logUnary1.push(Math.log(graph.unary1[v]!));
  }
  const logTables = graph.tables(false).map((t) => t.map(Math.log));

  const total = 2 ** n;
  const chunk = Math.min(total, 2 ** CHUNK_BITS);
  const logJoint = new Float64Array(chunk);
  const ones = new Float64Array(n); // Σ weight over states with x_v = 1, scaled by exp(-scale)
  let z = 0;
  let scale = -Infinity;

  for (let start = 0; start < total; start += chunk) {
    logJoint.fill(0);
    for (let u = 0; u < unaryVars.length; u++) {
      const v = unaryVars[u]!;
      const l0 = logUnary0[u]!;
      const l1 = logUnary1[u]!;
      for (let s = 0; s < chunk; s++) logJoint[s]! += ((start + s) >> v) & 1 ? l1 : l0;
    }
    for (let f = 0; f < logTables.length; f++) {
      const table = logTables[f]!;
      const from = graph.scopeStart[f]!;
      const to = graph.scopeStart[f + 1]!;
      for (let s = 0; s < chunk; s++) {
        const state = start + s;
        let row = 0;
        for (let j = from; j < to; j++) row |= ((state >> graph.scopeVars[j]!) & 1) << (j - from);
        logJoint[s]! += table[row]!;
      }
    }
    let chunkMax = -Infinity;
    for (let s = 0; s < chunk; s++) if (logJoint[s]! > chunkMax) chunkMax = logJoint[s]!;
    if (chunkMax === -Infinity) continue;
    if (chunkMax > scale) {
      const shrink = scale === -Infinity ? 0 : Math.exp(scale - chunkMax);
      z *= shrink;
      for (let v = 0; v < n; v++) ones[v]! *= shrink;
      scale = chunkMax;
    }
    for (let s = 0; s < chunk; s++) logJoint[s] = Math.exp(logJoint[s]! - scale);
    // Marginal sums of the chunk by folding it one bit at a time, highest first: once
    // the bits above b are folded away, the upper half holds exactly the states with
    // bit b set. Pairwise sums keep the rounding error from growing with 2^n.
    for (let len = chunk; len > 1; len >>= 1) {
      const half = len >> 1;
      const b = Math.log2(half);
      ones[b]! += pairwiseSum(logJoint, half, len);
      for (let x = 0; x < half; x++) logJoint[x]! += logJoint[x + half]!;
    }
    const chunkTotal = logJoint[0]!;
    z += chunkTotal;
    for (let v = Math.log2(chunk); v < n; v++) if ((start >> v) & 1) ones[v]! += chunkTotal;
  }
  if (!(z > 0)) {
    throw new InferenceError('inconsistent-evidence', 'every assignment has zero weight: the evidence and constraints contradict each other');
  }
  for (let v = 0; v < n; v++) beliefs[v] = ones[v]! / z;
  return beliefs;
}

/** Σ a[from .. to) by halves, so the error grows with log(length), not length. */
function pairwiseSum(a: Float64Array, from: number, to: number): number {
  if (to - from <= 32) {
    let total = 0;
    for (let i = from; i < to; i++) total += a[i]!;
    return total;
  }
  const mid = (from + to) >> 1;
  return pairwiseSum(a, from, mid) + pairwiseSum(a, mid, to);
}
