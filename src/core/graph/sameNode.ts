/** Whether two nodes show the same thing: every field a view or an export reads. */
import type { GraphNode } from './reasoningGraph.ts';

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
    a.range.endColumn === b.range.endColumn
  );
}
