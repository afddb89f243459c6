/**
 * Makes a layout input safe to lay out whatever arrived (a worker message can carry
 * anything): non-array lists become empty, entries without a string id or endpoints
 * are dropped. Well-formed input comes back as it was.
 */
import type { LayoutEdge, LayoutInput, LayoutNode } from './layoutTypes.ts';

export function normalizeLayoutInput(input: unknown): LayoutInput {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as { nodes?: unknown; edges?: unknown };
  const nodes = Array.isArray(raw.nodes) ? (raw.nodes as unknown[]) : [];
  const edges = Array.isArray(raw.edges) ? (raw.edges as unknown[]) : [];
  const goodNodes = nodes.filter(isNode);
  const goodEdges = edges.filter(isEdge);
  if (goodNodes.length === nodes.length && goodEdges.length === edges.length && raw === input) {
    return input as LayoutInput;
  }
  return { nodes: goodNodes, edges: goodEdges };
}

function isNode(value: unknown): value is LayoutNode {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

function isEdge(value: unknown): value is LayoutEdge {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as { from?: unknown; to?: unknown };
  return typeof e.from === 'string' && typeof e.to === 'string';
}
