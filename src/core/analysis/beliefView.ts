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

function problemsOf(analysis: Pick<AnalysisView, 'diagnostics'>): Problems {
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
  const builder = new BeliefViewsBuilder(analysis, previous);
  builder.addNodes(analysis.graph.nodes);
  return builder.views;
}

/**
 * Builds the views of an analysis whose nodes arrive in slices (a very large document,
 * a slice per task). The analysis given needs its diagnostics, and its derived values
 * there or by `addDerived`; its nodes are what `addNodes` is fed. Fed them all, `views`
 * is buildBeliefViews's map.
 */
export class BeliefViewsBuilder {
  readonly views = new Map<string, BeliefView>();
  /**
   * Derived values come one per belief in document order, as the nodes do: each node's
   * is looked for at `next` first, and through a map only when it is not there (a
   * broken line has none), which saves a map of every belief at 62k.
   */
  private readonly derived: DerivedConfidence[] = [];
  private next = 0;
  private derivedAt: Map<string, number> | null = null;
  private readonly problems: Problems;
  private readonly previous: ReadonlyMap<string, BeliefView>;

  constructor(analysis: Pick<AnalysisView, 'derived' | 'diagnostics'>, previous: ReadonlyMap<string, BeliefView>) {
    this.addDerived(analysis.derived);
    this.problems = problemsOf(analysis);
    this.previous = previous;
  }

  /** More derived values, before the nodes they are of (slices of a large analysis). */
  addDerived(derived: readonly DerivedConfidence[]): void {
    for (const d of derived) this.derived.push(d);
    this.derivedAt = null;
  }

  addNodes(nodes: readonly GraphNode[]): void {
    for (const node of nodes) this.views.set(node.id, viewOf(node, this.derivedOf(node.id), this.problems, this.previous.get(node.id)));
  }

  private derivedOf(id: string): DerivedConfidence | null {
    const at = this.derived[this.next];
    // Ids are unique among derived values, so the one found in its place is the one.
    if (at !== undefined && at.id === id) {
      this.next++;
      return at;
    }
    if (!this.derivedAt) {
      this.derivedAt = new Map();
      this.derived.forEach((d, i) => this.derivedAt!.set(d.id, i));
    }
    const found = this.derivedAt.get(id);
    if (found === undefined) return null;
    // Found further on (values of beliefs drawn as no node were passed): look on from there.
    this.next = found + 1;
    return this.derived[found]!;
  }
}

/**
 * The views after an edit that kept every node and its place (a keystroke), given the ids
 * whose node, derived value or problems may have changed: the rest are the previous views,
 * untouched. Equal to buildBeliefViews in that case, in time proportional to the change.
 */
export function updateBeliefViews(
  analysis: AnalysisView,
  previous: ReadonlyMap<string, BeliefView>,
  touched: Iterable<string>,
  byId: { get(id: GraphNode['id']): GraphNode | undefined },
): Map<string, BeliefView> {
  const derivedAt = positionsOf(analysis.derived);
  const problems = problemsOf(analysis);
  const out = new Map(previous);
  for (const id of touched) {
    const node = byId.get(id as GraphNode['id']);
    if (!node) continue;
    const i = derivedAt.get(id);
    out.set(id, viewOf(node, i === undefined ? null : analysis.derived[i]!, problems, previous.get(id)));
  }
  return out;
}

/**
 * Views built with the diagnostics `built`, brought to the analysis's own (a later stage
 * added or dropped findings, such as near-duplicates): only the subjects of diagnostics
 * in one list and not the other are looked at again, and equal to buildBeliefViews with
 * `previous`. `views` is changed in place, so it must be one nobody holds yet.
 */
export function withChangedProblems(
  views: Map<string, BeliefView>,
  built: AnalysisView['diagnostics'],
  analysis: Pick<AnalysisView, 'diagnostics'>,
  previous: ReadonlyMap<string, BeliefView>,
): Map<string, BeliefView> {
  const was = new Set(built);
  const now = new Set(analysis.diagnostics);
  const subjects = new Set<string>();
  for (const d of built) if (d.subject && !now.has(d)) subjects.add(d.subject);
  for (const d of analysis.diagnostics) if (d.subject && !was.has(d)) subjects.add(d.subject);
  if (subjects.size === 0) return views;
  const problems = problemsOf(analysis);
  for (const id of subjects) {
    const view = views.get(id);
    if (!view) continue;
    const old = previous.get(id);
    const next = viewOf(view.node, view.derived, problems, old);
    views.set(id, next !== old && sameView(next, view) ? view : next);
  }
  return views;
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
