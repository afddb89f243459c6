/**
 * Whether two nodes show the same thing: every field of a node (a view, an export or
 * the inspector may read any of them). The page's copy of an analysis is patched with
 * the nodes this says differ, so a field left out here is a field the page shows stale
 * (a Gaia factor's warrant renumbered by an edit above it was one).
 */
import type { GraphFactor, GraphNode } from './reasoningGraph.ts';

export function sameNode(a: GraphNode, b: GraphNode): boolean {
  if (a === b) return true;
  return (
    a.id === b.id &&
    a.content === b.content &&
    a.confidence === b.confidence &&
    a.level === b.level &&
    a.broken === b.broken &&
    a.kind === b.kind &&
    a.source?.type === b.source?.type &&
    a.source?.reference === b.source?.reference &&
    a.invalidations.length === b.invalidations.length &&
    a.invalidations.every((s, i) => s === b.invalidations[i]) &&
    a.range.line === b.range.line &&
    a.range.column === b.range.column &&
    a.range.endLine === b.range.endLine &&
    a.range.endColumn === b.range.endColumn &&
    a.qid === b.qid &&
    a.priorSource === b.priorSource &&
    a.helper === b.helper &&
    sameFactor(a.factor, b.factor)
  );
}

function sameFactor(a: GraphFactor | undefined, b: GraphFactor | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.verb !== b.verb || a.label !== b.label || a.rationale !== b.rationale || a.warrant !== b.warrant) return false;
  const ka = Object.keys(a.parameters);
  const kb = Object.keys(b.parameters);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a.parameters[k] === b.parameters[k]);
}
