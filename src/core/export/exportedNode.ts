/**
 * The facts every exporter shows about a node: what the graph holds, joined with the
 * derived confidences and the band used for colour. One place, so that the JSON, DOT,
 * GraphML and SVG exports never disagree about a node.
 */
import type { DerivedConfidence } from '../clair/derivedConfidence.ts';
import type { ConfidenceBand } from '../clair/confidenceAlgebra.ts';
import { nodeLook } from '../graph/nodeLook.ts';
import type { GraphNode, NodeKind, NodeSource, ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { LifecycleState } from '../oplog/lifecycle.ts';
import type { SessionStates } from '../session/sessionStates.ts';
import { stateIn } from '../session/sessionStates.ts';
import type { Reintroduction, ReintroductionFlag } from '../contradiction/reintroductionFlag.ts';

export interface ExportedNode extends ReintroductionFlag {
  readonly id: string;
  readonly kind: NodeKind;
  readonly content: string;
  readonly confidence: number | null;
  readonly level: number | null;
  readonly source: NodeSource | null;
  readonly invalidations: readonly string[];
  /** 1-based line where the node is written. */
  readonly line: number;
  readonly broken: boolean;
  /** Derived confidence (docs/contract.md §1.2); null when it cannot be computed. */
  readonly derived: number | null;
  readonly effective: number | null;
  /** Band of the effective confidence, else of the stated one; null when neither exists (nodeLook). */
  readonly band: ConfidenceBand | null;
}

/**
 * `flags`: the open contradictions the export is made under (docs/contract.md §3) — a
 * session's ledger where there is one, else the document's own; every node carries
 * `reintroduced_claim` (and the caveat when true), stamped by reintroductionFlag.ts.
 */
export function exportedNodes(graph: ReasoningGraph, derived: readonly DerivedConfidence[], flags: Reintroduction): ExportedNode[] {
  const byId = new Map<string, DerivedConfidence>();
  for (const d of derived) byId.set(d.id, d);
  return graph.nodes.map((n) => flags.stamp(exportedNode(n, byId.get(n.id)), n.id));
}

/** A node as the session sees it: its lifecycle state and the correction standing on it. */
export interface NodeWithState extends ExportedNode {
  readonly state: LifecycleState;
  /** The value of a standing correction; null when none stands. */
  readonly corrected: number | null;
}

/**
 * The exported nodes under a session's states. A standing correction stands in for the
 * stated value, so the band is the corrected value's, as the page colours the node.
 */
export function nodesWithStates(graph: ReasoningGraph, derived: readonly DerivedConfidence[], states: SessionStates, flags: Reintroduction): NodeWithState[] {
  return exportedNodes(graph, derived, flags).map((n) => {
    const corrected = states.corrected.get(n.id) ?? null;
    const band = nodeLook({ stated: n.confidence, effective: n.effective, corrected, broken: n.broken }).band;
    return { ...n, band, state: stateIn(states, n.id), corrected };
  });
}

function exportedNode(n: GraphNode, d: DerivedConfidence | undefined): Omit<ExportedNode, keyof ReintroductionFlag> {
  // A broken line's numbers are not trusted by the analysis, so it gets no derived value.
  const derivedValue = n.broken ? null : (d?.derived ?? null);
  const effective = n.broken ? null : (d?.effective ?? null);
  return {
    id: n.id,
    kind: n.kind,
    content: n.content,
    confidence: n.confidence,
    level: n.level,
    source: n.source,
    invalidations: n.invalidations,
    line: n.range.line,
    broken: n.broken,
    derived: derivedValue,
    effective,
    band: nodeLook({ stated: n.confidence, effective, broken: n.broken }).band,
  };
}

/** `@type` or `@type:reference`, as CLAIR writes a source. */
export function sourceLabel(source: NodeSource | null): string | null {
  if (!source) return null;
  return source.reference === null ? `@${source.type}` : `@${source.type}:${source.reference}`;
}

/** A confidence for display: at most three decimals, no trailing zeros (0.85, 1, 0.722). */
export function displayConfidence(x: number | null): string {
  if (x === null) return '–';
  if (!Number.isFinite(x)) return String(x);
  return String(Number(x.toFixed(3)));
}
