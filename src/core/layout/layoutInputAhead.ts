/**
 * Which graphs the validation worker hands to the layout worker as soon as they are built,
 * before the rest of their analysis: large ones (a big paste, a big file opened), so their
 * layout runs beside validation rather than after it. Only a graph without helper claims:
 * its layout input is then the same whether helpers are shown or hidden.
 */
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { LayoutInput } from './layoutTypes.ts';
import { toLayoutInput } from './toLayoutInput.ts';

/** From this many nodes a graph's layout input goes ahead of its analysis. */
export const LAYOUT_AHEAD_MIN_NODES = 2000;

/** The input to lay `graph` out with, ahead of its analysis; null when it waits for the analysis as usual. */
export function layoutInputAhead(graph: ReasoningGraph): LayoutInput | null {
  if (graph.nodes.length < LAYOUT_AHEAD_MIN_NODES || graph.nodes.some((n) => n.helper)) return null;
  return toLayoutInput(graph);
}
