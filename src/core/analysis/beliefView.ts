/**
 * What one graph node shows, precomputed per analysis. Views that did not change keep
 * their identity, so only the nodes whose belief changed re-render.
 */
import type { AnalysisView } from './documentAnalysis.ts';
import type { ConfidenceBand } from '../clair/confidenceAlgebra.ts';
import { bandOf } from '../clair/confidenceAlgebra.ts';
import type { DerivedConfidence } from '../clair/derivedConfidence.ts';
import type { GraphNode } from '../graph/reasoningGraph.ts';
import { sameNode } from '../graph/sameNode.ts';
import { positionsOf } from './analysisPatch.ts';

export interface BeliefView {
  readonly node: GraphNode;
  readonly derived: DerivedConfidence | null;
  readonly band: ConfidenceBand | null;
  readonly errors: number;
  readonly warnings: number;
  /** The first problem on the node's line, shown as the node's tooltip. */
  readonly problem: string | null;
}

type Problems = Map<string, { errors: number; warnings: number; first: string | null }>;

function problemsOf(analysis: AnalysisView): Problems {
  const problems: Problems = new Map();
  for (const d of analysis.diagnostics) {
    if (!d.subject) continue;
    const p = problems.get(d.subject) ?? { errors: 0, warnings: 0, first: null };
    if (d.severity === 'error') p.errors++;
    else if (d.severity === 'warning') p.warnings++;
    p.first ??= `${d.code}: ${d.message}`;
    problems.set(d.subject, p);
  }
  return problems;
}

/** The node's view, or the previous one when nothing it shows changed (so it does not re-render). */
function viewOf(node: GraphNode, derived: DerivedConfidence | null, problems: Problems, old: BeliefView | undefined): BeliefView {
  const p = problems.get(node.id);
  const view: BeliefView = {
    node,
    derived,
    band: node.confidence === null || !(node.confidence >= 0 && node.confidence <= 1) ? null : bandOf(node.confidence),
    errors: p?.errors ?? 0,
    warnings: p?.warnings ?? 0,
    problem: p?.first ?? null,
  };
  return old && sameView(old, view) ? old : view;
}

export function buildBeliefViews(analysis: AnalysisView, previous: ReadonlyMap<string, BeliefView>): Map<string, BeliefView> {
  const derivedById = new Map<string, DerivedConfidence>();
  for (const d of analysis.derived) derivedById.set(d.id, d);
  const problems = problemsOf(analysis);
  const out = new Map<string, BeliefView>();
  for (const node of analysis.graph.nodes) out.set(node.id, viewOf(node, derivedById.get(node.id) ?? null, problems, previous.get(node.id)));
  return out;
}

/**
 * The views after an edit that kept every node and its place (a keystroke), given the ids
 * whose node, derived value or problems may have changed: the rest are the previous views,
 * untouched. Equal to buildBeliefViews in that case, in time proportional to the change.
 */
export function updateBeliefViews(analysis: AnalysisView, previous: ReadonlyMap<string, BeliefView>, touched: Iterable<string>, byId: ReadonlyMap<string, GraphNode>): Map<string, BeliefView> {
  const derivedAt = positionsOf(analysis.derived);
  const problems = problemsOf(analysis);
  const out = new Map(previous);
  for (const id of touched) {
    const node = byId.get(id);
    if (!node) continue;
    const i = derivedAt.get(id);
    out.set(id, viewOf(node, i === undefined ? null : analysis.derived[i]!, problems, previous.get(id)));
  }
  return out;
}

function sameView(a: BeliefView, b: BeliefView): boolean {
  return (
    sameNode(a.node, b.node) &&
    a.derived?.derived === b.derived?.derived &&
    a.derived?.effective === b.derived?.effective &&
    a.band === b.band &&
    a.errors === b.errors &&
    a.warnings === b.warnings &&
    a.problem === b.problem
  );
}
