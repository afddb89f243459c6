/**
 * Lowers a parsed CLAIR document to a ReasoningGraph: one node per id (its first
 * definition; a broken line draws a broken node from what could be read), one edge per
 * distinct justification. Duplicates draw nothing; self-justifications draw no edge.
 */
import type { ClairDocument, ClairLine } from '../clair/ast.ts';
import { uniqueJustifications } from '../clair/ast.ts';
import type { ClairSymbols } from '../clair/symbols.ts';
import { lineRange } from '../text/sourceRange.ts';
import type { GraphEdge, GraphNode, ReasoningGraph } from './reasoningGraph.ts';
import { edgeId, nodeId } from './reasoningGraph.ts';

/**
 * A node depends only on its own line, so a re-parse that reuses a line object (see
 * reparseClair) gets the very same node back: views can compare nodes by identity.
 */
const nodeCache = new WeakMap<ClairLine, GraphNode>();

function nodeOfLine(line: ClairLine, make: () => GraphNode): GraphNode {
  let node = nodeCache.get(line);
  if (!node) {
    node = make();
    nodeCache.set(line, node);
  }
  return node;
}

export function clairToGraph(doc: ClairDocument, symbols: ClairSymbols): ReasoningGraph {
  const nodes: GraphNode[] = [];
  // The lines drawn, in order: their justifications become edges once every node is known.
  const drawnLines: ClairLine[] = [];
  const duplicates = new Set(symbols.duplicates);
  const drawn = new Set<string>();

  for (const l of doc.lines) {
    if (l.kind === 'belief') {
      const b = l.belief;
      if (duplicates.has(b)) continue;
      drawn.add(b.id.value);
      nodes.push(
        nodeOfLine(l, () => ({
          id: nodeId(b.id.value),
          kind: 'belief',
          content: b.content.value,
          confidence: b.confidence.value,
          level: b.level ? b.level.value : null,
          source: { type: b.source.type, reference: b.source.reference },
          invalidations: b.invalidations.map((s) => s.value),
          range: b.range,
          broken: false,
        })),
      );
      drawnLines.push(l);
    } else if (l.kind === 'broken') {
      const p = l.partial;
      if (!p.id || symbols.brokenIds.has(p.id.value) === false || drawn.has(p.id.value)) continue;
      drawn.add(p.id.value);
      nodes.push(
        nodeOfLine(l, () => ({
          id: nodeId(p.id!.value),
          kind: 'belief',
          // Content not yet written stays empty rather than showing the half-typed line.
          content: p.content ?? '',
          confidence: p.confidence,
          level: p.level,
          source: p.source ? { type: p.source.type, reference: p.source.reference } : null,
          invalidations: p.invalidations,
          range: lineRange(l.line, 1, l.text.length + 1),
          broken: true,
        })),
      );
      drawnLines.push(l);
    }
  }

  const edges: GraphEdge[] = [];
  for (const l of drawnLines) {
    const tentative = l.kind === 'broken';
    const line = l.kind === 'belief' ? l.belief : l.kind === 'broken' ? l.partial : null;
    if (!line) continue;
    const to = line.id!.value;
    for (const j of uniqueJustifications(line)) {
      const from = j.value;
      if (from === to || !drawn.has(from)) continue;
      edges.push({ id: edgeId(from, to), from: nodeId(from), to: nodeId(to), kind: 'justification', tentative });
    }
  }
  return { language: 'clair', nodes, edges };
}
