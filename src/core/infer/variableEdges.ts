/**
 * The compiled graph read from the variables' side: each variable's scope entries (its
 * edges), in factor order, and the factor of each edge. Loopy BP, Gaia's legacy loopy BP
 * and mean field all walk a variable's factors this way.
 */
import type { CompiledGraph } from './compiledGraph.ts';

export interface VariableEdges {
  /** Variable v's edges are varEdges[varEdgeStart[v] .. varEdgeStart[v + 1]). */
  readonly varEdgeStart: Int32Array;
  readonly varEdges: Int32Array;
  /** The factor each edge (scope entry) belongs to. */
  readonly edgeFactor: Int32Array;
}

export function variableEdges(graph: Pick<CompiledGraph, 'n' | 'scopeStart' | 'scopeVars'>): VariableEdges {
  const { n, scopeStart, scopeVars } = graph;
  const edges = scopeVars.length;
  const varEdgeStart = new Int32Array(n + 1);
  for (let e = 0; e < edges; e++) varEdgeStart[scopeVars[e]! + 1]! += 1;
  for (let v = 0; v < n; v++) varEdgeStart[v + 1]! += varEdgeStart[v]!;
  const varEdges = new Int32Array(edges);
  const fill = varEdgeStart.slice(0, n);
  const edgeFactor = new Int32Array(edges);
  // Edges are laid out factor by factor, so walking factors in order is walking edges in order.
  for (let f = 0; f + 1 < scopeStart.length; f++) {
    for (let e = scopeStart[f]!; e < scopeStart[f + 1]!; e++) {
      edgeFactor[e] = f;
      varEdges[fill[scopeVars[e]!]!++] = e;
    }
  }
  return { varEdgeStart, varEdges, edgeFactor };
}
