/**
 * Exact marginals on the junction tree of a min-fill elimination (Hugin propagation).
 *
 * The tree's nodes are the elimination cliques: clique i holds variable order[i] (as
 * bit 0 of its table) and its later-eliminated neighbours, and its parent is the clique
 * of the first of those neighbours to be eliminated, which contains them all. So the
 * separator to the parent is clique i without its own variable, and the message up is
 * clique i's table with that one variable summed out — the collect pass is variable
 * elimination in order. The distribute pass runs back down, multiplying each clique by
 * the calibrated separator marginal over the message it sent. Then every variable's
 * marginal is read from its own clique.
 *
 * Each factor and each unary term is multiplied into exactly one clique (a factor into
 * the clique of its first-eliminated variable, which holds its whole scope). Messages are
 * normalised as they go, so long products never underflow; a message with no weight at
 * all means the evidence is inconsistent.
 */
import type { CompiledGraph } from './compiledGraph.ts';
import { UnaryKind } from './compiledGraph.ts';
import { InferenceError } from './inferenceProblem.ts';
import type { Elimination } from './minFillElimination.ts';

/** Above this treewidth the clique tables (2^(w+1) entries) would not fit in memory. */
export const JUNCTION_TREE_MAX_TREEWIDTH = 24;

const INCONSISTENT = 'every assignment has zero weight: the evidence and constraints contradict each other';

/** P(x_v = 1) for every variable, softened tables. */
export function runJunctionTree(graph: CompiledGraph, elimination: Elimination): Float64Array {
  const { n } = graph;
  const { order, position, cliqueStart, cliqueVars, treewidth } = elimination;
  if (treewidth > JUNCTION_TREE_MAX_TREEWIDTH) {
    throw new InferenceError('too-many-variables', `treewidth ${treewidth} is too large for the junction tree (at most ${JUNCTION_TREE_MAX_TREEWIDTH})`);
  }
  const beliefs = new Float64Array(n);
  if (n === 0) return beliefs;

  const size = (i: number): number => cliqueStart[i + 1]! - cliqueStart[i]!;
  const parent = new Int32Array(n);
  const tableAt = new Float64Array(n + 1);
  const messageAt = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    parent[i] = size(i) > 1 ? position[cliqueVars[cliqueStart[i]! + 1]!]! : -1;
    tableAt[i + 1] = tableAt[i]! + 2 ** size(i);
    messageAt[i + 1] = messageAt[i]! + (size(i) > 1 ? 2 ** (size(i) - 1) : 0);
  }
  const tables = new Float64Array(tableAt[n]!).fill(1);
  const messages = new Float64Array(messageAt[n]!);
  const map = new Int32Array(2 ** (treewidth + 1));

  // Unary terms: each variable is bit 0 of its own clique.
  for (let v = 0; v < n; v++) {
    if (graph.unaryKind[v] === UnaryKind.None) continue;
    const base = tableAt[position[v]!]!;
    const p1 = graph.unary1[v]!;
    const len = 2 ** size(position[v]!);
    for (let x = 0; x < len; x += 2) {
      tables[base + x]! *= 1 - p1;
      tables[base + x + 1]! *= p1;
    }
  }

  // Factors: into the clique of their first-eliminated variable.
  const factorTables = graph.tables(false);
  const { scopeStart, scopeVars } = graph;
  for (let f = 0; f < factorTables.length; f++) {
    let home = n;
    for (let j = scopeStart[f]!; j < scopeStart[f + 1]!; j++) home = Math.min(home, position[scopeVars[j]!]!);
    const len = projection(cliqueVars, cliqueStart[home]!, size(home), scopeVars, scopeStart[f]!, scopeStart[f + 1]!, map);
    const base = tableAt[home]!;
    const table = factorTables[f]!;
    for (let x = 0; x < len; x++) tables[base + x]! *= table[map[x]!]!;
  }
  for (let i = 0; i < n; i++) rescale(tables, tableAt[i]!, tableAt[i + 1]!);

  // Collect: children come before parents in elimination order.
  for (let i = 0; i < n; i++) {
    const p = parent[i]!;
    const base = tableAt[i]!;
    if (p < 0) {
      if (!(sum(tables, base, tableAt[i + 1]!) > 0)) throw new InferenceError('inconsistent-evidence', INCONSISTENT);
      continue;
    }
    const half = 2 ** (size(i) - 1);
    const out = messageAt[i]!;
    let total = 0;
    for (let s = 0; s < half; s++) {
      const m = tables[base + 2 * s]! + tables[base + 2 * s + 1]!;
      messages[out + s] = m;
      total += m;
    }
    if (!(total > 0)) throw new InferenceError('inconsistent-evidence', INCONSISTENT);
    for (let s = 0; s < half; s++) messages[out + s]! /= total;
    const len = projection(cliqueVars, cliqueStart[p]!, size(p), cliqueVars, cliqueStart[i]! + 1, cliqueStart[i + 1]!, map);
    const pBase = tableAt[p]!;
    for (let x = 0; x < len; x++) tables[pBase + x]! *= messages[out + map[x]!]!;
    rescale(tables, pBase, tableAt[p + 1]!);
  }

  // Distribute: parents come after children, so walk the order backwards.
  const separator = new Float64Array(2 ** treewidth);
  for (let i = n - 1; i >= 0; i--) {
    const p = parent[i]!;
    if (p < 0) continue;
    const half = 2 ** (size(i) - 1);
    separator.fill(0, 0, half);
    const len = projection(cliqueVars, cliqueStart[p]!, size(p), cliqueVars, cliqueStart[i]! + 1, cliqueStart[i + 1]!, map);
    const pBase = tableAt[p]!;
    for (let x = 0; x < len; x++) separator[map[x]!]! += tables[pBase + x]!;
    const total = sum(separator, 0, half);
    if (!(total > 0)) throw new InferenceError('inconsistent-evidence', INCONSISTENT);
    const out = messageAt[i]!;
    const base = tableAt[i]!;
    for (let s = 0; s < half; s++) {
      const sent = messages[out + s]!;
      // Where the child sent nothing, its table is already zero on those states.
      const ratio = sent > 0 ? separator[s]! / total / sent : 0;
      tables[base + 2 * s]! *= ratio;
      tables[base + 2 * s + 1]! *= ratio;
    }
    rescale(tables, base, tableAt[i + 1]!);
  }

  for (let i = 0; i < n; i++) {
    const base = tableAt[i]!;
    let zero = 0;
    let one = 0;
    for (let x = base; x < tableAt[i + 1]!; x += 2) {
      zero += tables[x]!;
      one += tables[x + 1]!;
    }
    if (!(zero + one > 0)) throw new InferenceError('inconsistent-evidence', INCONSISTENT);
    beliefs[order[i]!] = one / (zero + one);
  }
  return beliefs;
}

/**
 * Fills map[x], for every state x of a clique (bit b = cliqueVars[from + b]), with the
 * index of the same assignment restricted to sub = subVars[subFrom .. subTo) (bit j =
 * sub[j]). Every variable of sub must be in the clique. Returns the clique's state count.
 */
function projection(cliqueVars: Int32Array, from: number, k: number, subVars: Int32Array, subFrom: number, subTo: number, map: Int32Array): number {
  map[0] = 0;
  for (let b = 0; b < k; b++) {
    const v = cliqueVars[from + b]!;
    let weight = 0;
    for (let j = subFrom; j < subTo; j++) {
      if (subVars[j] === v) {
        weight = 1 << (j - subFrom);
        break;
      }
    }
    const half = 1 << b;
    for (let x = 0; x < half; x++) map[half + x] = map[x]! + weight;
  }
  return 1 << k;
}

function sum(a: Float64Array, from: number, to: number): number {
  let total = 0;
  for (let i = from; i < to; i++) total += a[i]!;
  return total;
}

/** Scales a table so its largest entry is 1: the products of many small weights stay representable. */
function rescale(a: Float64Array, from: number, to: number): void {
  let max = 0;
  for (let i = from; i < to; i++) if (a[i]! > max) max = a[i]!;
  if (max > 0 && (max < 1e-100 || max > 1e100)) for (let i = from; i < to; i++) a[i]! /= max;
}
