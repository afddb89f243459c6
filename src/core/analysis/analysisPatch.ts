/**
 * What crosses from the validation worker to the page after an edit: either a complete
 * analysis, or a patch against one the page already holds — the nodes that changed,
 * the node order and edges only when they changed, the derived values that moved, and
 * all diagnostics. A keystroke in a 10k-belief trace sends a handful of nodes.
 */
import type { DerivedConfidence } from '../clair/derivedConfidence.ts';
import type { GraphEdge, GraphNode, Language } from '../graph/reasoningGraph.ts';
import { sameNode } from '../graph/sameNode.ts';
import type { Diagnostic } from '../text/diagnostic.ts';
import type { AnalysisStats, AnalysisView } from './documentAnalysis.ts';
import type { ProposalOutline } from './proposalOutline.ts';
import { sameLanguage } from '../languages/languageIds.ts';

export interface AnalysisPatch {
  readonly version: number;
  /** The version this patch applies to; null for a complete analysis. */
  readonly baseVersion: number | null;
  readonly language: Language;
  readonly structureKey: string;
  readonly stats: AnalysisStats;
  readonly diagnostics: readonly Diagnostic[];
  /** Complete: every node in order. Patch: the nodes that are new or differ. */
  readonly nodes: readonly GraphNode[];
  /** Patch: every node id in document order when the set or order changed; else null. */
  readonly order: readonly string[] | null;
  /** Complete, or the shape changed: every edge. Otherwise null (the base's edges hold). */
  readonly edges: readonly GraphEdge[] | null;
  /** Complete: every entry. Patch: entries that are new or differ. */
  readonly derived: readonly DerivedConfidence[];
  /** Patch: ids whose derived entry is gone. */
  readonly derivedGone: readonly string[];
  /** The compiled form (Gaia IR), sent whole whenever there is one. */
  readonly ir?: unknown;
  /** A FormalProposal's outline, sent whole whenever there is one. */
  readonly proposal?: ProposalOutline;
  /**
   * A complete analysis too large for one message (analysisSlices.ts): `nodes`, `edges`
   * and `derived` are empty here, and these are their lengths, asked for a slice at a time.
   */
  readonly sliced?: SlicedLengths;
}

export interface SlicedLengths {
  readonly nodes: number;
  readonly edges: number;
  readonly derived: number;
}

/** Beyond this share of changed nodes a complete analysis is cheaper to apply. */
const PATCH_LIMIT = 0.5;

export function completePatch(next: AnalysisView): AnalysisPatch {
  return {
    version: next.version,
    baseVersion: null,
    language: next.language,
    structureKey: next.structureKey,
    stats: next.stats,
    diagnostics: next.diagnostics,
    nodes: next.graph.nodes,
    order: null,
    edges: next.graph.edges,
    derived: next.derived,
    derivedGone: [],
    ...(next.ir !== undefined ? { ir: next.ir } : {}),
    ...(next.proposal !== undefined ? { proposal: next.proposal } : {}),
  };
}

function sameDerived(a: DerivedConfidence, b: DerivedConfidence): boolean {
  return a.stated === b.stated && a.derived === b.derived && a.effective === b.effective;
}

/**
 * The patch that turns `base` into `next`. Nodes are compared by identity first (the
 * graph adapter reuses node objects of unchanged lines) and then field by field.
 */
export function makePatch(base: AnalysisView, next: AnalysisView): AnalysisPatch {
  if (!sameLanguage(base.language, next.language)) return completePatch(next);
  const baseNodes = new Map<string, GraphNode>();
  for (const n of base.graph.nodes) baseNodes.set(n.id, n);
  const changed: GraphNode[] = [];
  let sameOrder = base.graph.nodes.length === next.graph.nodes.length;
  next.graph.nodes.forEach((n, i) => {
    if (sameOrder && base.graph.nodes[i]!.id !== n.id) sameOrder = false;
    const old = baseNodes.get(n.id);
    if (!old || (old !== n && !sameNode(old, n))) changed.push(n);
  });
  if (changed.length > next.graph.nodes.length * PATCH_LIMIT && changed.length > 64) return completePatch(next);

  const baseDerived = new Map<string, DerivedConfidence>();
  for (const d of base.derived) baseDerived.set(d.id, d);
  const derived: DerivedConfidence[] = [];
  for (const d of next.derived) {
    const old = baseDerived.get(d.id);
    if (!old || !sameDerived(old, d)) derived.push(d);
    baseDerived.delete(d.id);
  }
  return {
    version: next.version,
    baseVersion: base.version,
    language: next.language,
    structureKey: next.structureKey,
    stats: next.stats,
    diagnostics: next.diagnostics,
    nodes: changed,
    order: sameOrder ? null : next.graph.nodes.map((n) => n.id),
    edges: base.structureKey === next.structureKey ? null : next.graph.edges,
    derived,
    derivedGone: [...baseDerived.keys()],
    ...(next.ir !== undefined ? { ir: next.ir } : {}),
    ...(next.proposal !== undefined ? { proposal: next.proposal } : {}),
  };
}

/** Applies a patch (or a complete analysis) to the analysis the page holds. */
export function applyPatch(base: AnalysisView | null, patch: AnalysisPatch): AnalysisView | null {
  if (patch.baseVersion === null) {
    return {
      version: patch.version,
      language: patch.language,
      graph: { language: patch.language, nodes: patch.nodes, edges: patch.edges ?? [] },
      diagnostics: patch.diagnostics,
      derived: patch.derived,
      structureKey: patch.structureKey,
      stats: patch.stats,
      ...(patch.ir !== undefined ? { ir: patch.ir } : {}),
      ...(patch.proposal !== undefined ? { proposal: patch.proposal } : {}),
    };
  }
  if (!base || base.version !== patch.baseVersion) return null;
  return applySameOrder(base, patch) ?? applyReordered(base, patch);
}

/**
 * Where each node id sits in a node list, kept per list. A patch that keeps the order
 * (a keystroke) makes a new list with the same positions, which inherits the map: the
 * page then applies it in time proportional to what changed, not to the document.
 */
const positionsByList = new WeakMap<readonly { readonly id: string }[], ReadonlyMap<string, number>>();

export function positionsOf(list: readonly { readonly id: string }[]): ReadonlyMap<string, number> {
  let positions = positionsByList.get(list);
  if (!positions) {
    const m = new Map<string, number>();
    list.forEach((x, i) => m.set(x.id, i));
    positionsByList.set(list, (positions = m));
  }
  return positions;
}

/** Order unchanged, no derived entry gained or lost: replace in place. Null when that does not hold. */
function applySameOrder(base: AnalysisView, patch: AnalysisPatch): AnalysisView | null {
  if (patch.order !== null || patch.derivedGone.length > 0) return null;
  const nodePositions = positionsOf(base.graph.nodes);
  const derivedPositions = positionsOf(base.derived);
  if (patch.nodes.some((n) => !nodePositions.has(n.id)) || patch.derived.some((d) => !derivedPositions.has(d.id))) return null;
  const nodes = base.graph.nodes.slice();
  for (const n of patch.nodes) nodes[nodePositions.get(n.id)!] = n;
  positionsByList.set(nodes, nodePositions);
  const derived = base.derived.slice();
  for (const d of patch.derived) derived[derivedPositions.get(d.id)!] = d;
  positionsByList.set(derived, derivedPositions);
  return patchedView(base, patch, nodes, derived);
}

/** The analysis a patch makes of `base`, given its nodes and derived entries in document order. */
function patchedView(base: AnalysisView, patch: AnalysisPatch, nodes: readonly GraphNode[], derived: readonly DerivedConfidence[]): AnalysisView {
  return {
    version: patch.version,
    language: patch.language,
    graph: { language: patch.language, nodes, edges: patch.edges ?? base.graph.edges },
    diagnostics: patch.diagnostics,
    derived,
    structureKey: patch.structureKey,
    stats: patch.stats,
    ...(patch.ir !== undefined ? { ir: patch.ir } : {}),
    ...(patch.proposal !== undefined ? { proposal: patch.proposal } : {}),
  };
}

function applyReordered(base: AnalysisView, patch: AnalysisPatch): AnalysisView {
  const byId = new Map<string, GraphNode>();
  for (const n of base.graph.nodes) byId.set(n.id, n);
  for (const n of patch.nodes) byId.set(n.id, n);
  const order = patch.order ?? base.graph.nodes.map((n) => n.id);
  const nodes: GraphNode[] = [];
  for (const id of order) {
    const n = byId.get(id);
    if (n) nodes.push(n);
  }
  const derivedById = new Map<string, DerivedConfidence>();
  for (const d of base.derived) derivedById.set(d.id, d);
  for (const id of patch.derivedGone) derivedById.delete(id);
  for (const d of patch.derived) derivedById.set(d.id, d);
  // Derived entries follow document order, which is node order.
  const derived: DerivedConfidence[] = [];
  for (const n of nodes) {
    const d = derivedById.get(n.id);
    if (d) derived.push(d);
  }
  return patchedView(base, patch, nodes, derived);
}
