/**
 * The CLAIR spec's debug output (Semantics → Debug Output, Alternatives):
 *
 *     [debug: b8 .8 <b7 | alternatives: b6 .4 regex]
 *
 * a belief's id, confidence and justifications, then the alternatives it was weighed
 * against. Alternatives are, as the spec defines them, the beliefs that share a
 * justification parent with it; confidence ranks them, highest first (document order
 * breaks ties). A root has no parent, so no alternatives.
 *
 * One rule for every surface: `export --to clair-debug` prints a line per belief, the
 * inspector shows the selected belief's. Read off the graph's index (the page already
 * holds one), not the text, so the page never re-parses to show a line.
 *
 * Written as the spec writes it, except that an alternative's content is quoted the way
 * CLAIR quotes strings: contents hold spaces, commas and `]`, which would otherwise run
 * into the next alternative or close the bracket.
 */
import { formatConfidence } from '../graph/explainWhy.ts';
import type { GraphIndex } from '../graph/graphIndex.ts';
import { indexGraph } from '../graph/graphIndex.ts';
import type { NodeId, ReasoningGraph } from '../graph/reasoningGraph.ts';
import { quote } from './printer.ts';

/** A line shows at most this many alternatives, then how many more there are (a hub's children number thousands). */
export const MAX_ALTERNATIVES = 10;

export interface DebugAlternative {
  readonly id: string;
  readonly confidence: number | null;
  readonly content: string;
}

export interface BeliefDebug {
  readonly id: string;
  readonly confidence: number | null;
  /** Its justifications, in the order the text lists them. */
  readonly justifications: readonly string[];
  /** The highest-ranked alternatives, at most MAX_ALTERNATIVES. */
  readonly alternatives: readonly DebugAlternative[];
  /** How many more alternatives there are beyond those listed. */
  readonly more: number;
}

/** The debug record of one belief; null for an id that is no belief, or a line that does not parse. */
export function beliefDebug(index: GraphIndex, id: NodeId, max = MAX_ALTERNATIVES): BeliefDebug | null {
  const node = index.byId.get(id);
  if (!node || node.broken) return null;
  const parents = index.supportsOf.get(id) ?? [];
  const seen = new Set<NodeId>([id]);
  const candidates: NodeId[] = [];
  for (const p of parents) {
    for (const c of index.dependentsOf.get(p) ?? []) {
      if (seen.has(c)) continue;
      seen.add(c);
      if (index.byId.get(c)?.broken === false) candidates.push(c);
    }
  }
  const confidenceOf = (c: NodeId) => index.byId.get(c)?.confidence ?? Number.NEGATIVE_INFINITY;
  candidates.sort((x, y) => confidenceOf(y) - confidenceOf(x) || (index.order.get(x) ?? 0) - (index.order.get(y) ?? 0));
  const alternatives = candidates.slice(0, max).map((c) => {
    const n = index.byId.get(c)!;
    return { id: c, confidence: n.confidence, content: n.content };
  });
  return { id, confidence: node.confidence, justifications: parents, alternatives, more: candidates.length - alternatives.length };
}

/** `[debug: b4 .85 <b2 | alternatives: b5 .5 "Machin formula", b3 .3 "Leibniz series"]`. */
export function debugLine(d: BeliefDebug): string {
  let line = `[debug: ${d.id} ${formatConfidence(d.confidence)}`;
  if (d.justifications.length > 0) line += ` <${d.justifications.join(',')}`;
  if (d.alternatives.length > 0) {
    line += ' | alternatives: ' + d.alternatives.map((a) => `${a.id} ${formatConfidence(a.confidence)} ${quote(a.content)}`).join(', ');
    if (d.more > 0) line += `, … ${d.more} more`;
  }
  return line + ']';
}

/**
 * One debug line per belief, in document order (lines that do not parse have none).
 * `caveatOf`: an inline caveat to follow a belief's line (an open contradiction, contract §3).
 */
export function debugLines(graph: ReasoningGraph, caveatOf: (id: string) => string | undefined = () => undefined): string {
  const index = indexGraph(graph);
  const out: string[] = [];
  for (const n of graph.nodes) {
    const d = beliefDebug(index, n.id);
    if (!d) continue;
    const caveat = caveatOf(n.id);
    out.push(caveat === undefined ? debugLine(d) : `${debugLine(d)}  ⚠ ${caveat}`);
  }
  return out.length === 0 ? '' : out.join('\n') + '\n';
}
