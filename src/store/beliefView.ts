/**
 * What one graph node shows, precomputed per analysis. Views that did not change keep
 * their identity, so only the nodes whose belief changed re-render.
 */
import type { AnalysisView } from '../core/analysis/documentAnalysis.ts';
import type { ConfidenceBand } from '../core/clair/confidenceAlgebra.ts';
import { bandOf } from '../core/clair/confidenceAlgebra.ts';
import type { DerivedConfidence } from '../core/clair/derivedConfidence.ts';
import type { GraphNode } from '../core/graph/reasoningGraph.ts';
import { sameNode } from '../core/graph/sameNode.ts';

export interface BeliefView {
  readonly node: GraphNode;
  readonly derived: DerivedConfidence | null;
  readonly band: ConfidenceBand | null;
  readonly errors: number;
  readonly warnings: number;
  /** The first problem on the node's line, shown as the node's tooltip. */
  readonly problem: string | null;
}

export function buildBeliefViews(analysis: AnalysisView, previous: ReadonlyMap<string, BeliefView>): Map<string, BeliefView> {
  const derivedById = new Map<string, DerivedConfidence>();
  for (const d of analysis.derived) derivedById.set(d.id, d);
  const problems = new Map<string, { errors: number; warnings: number; first: string | null }>();
  for (const d of analysis.diagnostics) {
    if (!d.subject) continue;
    const p = problems.get(d.subject) ?? { errors: 0, warnings: 0, first: null };
    if (d.severity === 'error') p.errors++;
    else if (d.severity === 'warning') p.warnings++;
    p.first ??= `${d.code}: ${d.message}`;
    problems.set(d.subject, p);
  }
  const out = new Map<string, BeliefView>();
  for (const node of analysis.graph.nodes) {
    const p = problems.get(node.id);
    const view: BeliefView = {
      node,
      derived: derivedById.get(node.id) ?? null,
      band: node.confidence === null || !(node.confidence >= 0 && node.confidence <= 1) ? null : bandOf(node.confidence),
      errors: p?.errors ?? 0,
      warnings: p?.warnings ?? 0,
      problem: p?.first ?? null,
    };
    const old = previous.get(node.id);
    out.set(node.id, old && sameView(old, view) ? old : view);
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
