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
import { positionsOf, setPositionsOf } from '../graph/idPositions.ts';

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
  /**
   * Patch, when the document grew at its end (records appended to a log): the base's nodes
   * keep their order and the last `nodes` of `nodes` follow them, as the last `derived` of
   * `derived` follow the base's derived entries. `order` is then null and nothing is gone.
   */
  readonly appended?: { readonly nodes: number; readonly derived: number };
  /** Patch, when the base's edges are all kept in their order and these follow them: `edges` is then null. */
  readonly appendedEdges?: readonly GraphEdge[];
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
  // The base's ids come first, in their order (an edit that kept every place, or an append).
  let prefixOrder = base.graph.nodes.length <= next.graph.nodes.length;
  next.graph.nodes.forEach((n, i) => {
    if (prefixOrder && i < base.graph.nodes.length && base.graph.nodes[i]!.id !== n.id) prefixOrder = false;
    const old = baseNodes.get(n.id);
    if (!old || (old !== n && !sameNode(old, n))) changed.push(n);
  });
  if (changed.length > next.graph.nodes.length * PATCH_LIMIT && changed.length > 64) return completePatch(next);

  const baseDerived = new Map<string, DerivedConfidence>();
  for (const d of base.derived) baseDerived.set(d.id, d);
  const derived: DerivedConfidence[] = [];
  let prefixDerived = base.derived.length <= next.derived.length;
  next.derived.forEach((d, i) => {
    if (prefixDerived && i < base.derived.length && base.derived[i]!.id !== d.id) prefixDerived = false;
    const old = baseDerived.get(d.id);
    if (!old || !sameDerived(old, d)) derived.push(d);
    baseDerived.delete(d.id);
  });
  const grownBy = next.graph.nodes.length - base.graph.nodes.length;
  const appended = prefixOrder && prefixDerived && grownBy > 0 ? { nodes: grownBy, derived: next.derived.length - base.derived.length } : null;
  const sameEdges = base.structureKey === next.structureKey;
  const appendedEdges = sameEdges ? null : edgesAfter(base.graph.edges, next.graph.edges);
  return {
    version: next.version,
    baseVersion: base.version,
    language: next.language,
    structureKey: next.structureKey,
    stats: next.stats,
    diagnostics: next.diagnostics,
    nodes: changed,
    order: (prefixOrder && grownBy === 0) || appended ? null : next.graph.nodes.map((n) => n.id),
    edges: sameEdges || appendedEdges ? null : next.graph.edges,
    derived,
    derivedGone: [...baseDerived.keys()],
    ...(appended ? { appended } : {}),
    ...(appendedEdges ? { appendedEdges } : {}),
    ...(next.ir !== undefined ? { ir: next.ir } : {}),
    ...(next.proposal !== undefined ? { proposal: next.proposal } : {}),
  };
}

/** The edges of `next` after those of `base`, when `next` starts with every edge of `base` in its order; else null. */
function edgesAfter(base: readonly GraphEdge[], next: readonly GraphEdge[]): readonly GraphEdge[] | null {
  if (base.length > next.length) return null;
  for (let i = 0; i < base.length; i++) if (!sameEdge(base[i]!, next[i]!)) return null;
  return next.slice(base.length);
}

function sameEdge(a: GraphEdge, b: GraphEdge): boolean {
  return a === b || (a.id === b.id && a.from === b.from && a.to === b.to && a.kind === b.kind && a.tentative === b.tentative);
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
  return (patch.appended ? applyAppended(base, patch, patch.appended) : applySameOrder(base, patch)) ?? applyReordered(base, patch);
}

export { positionsOf } from '../graph/idPositions.ts';

/** Order unchanged, no derived entry gained or lost: replace in place. Null when that does not hold. */
function applySameOrder(base: AnalysisView, patch: AnalysisPatch): AnalysisView | null {
  if (patch.order !== null || patch.derivedGone.length > 0) return null;
  const nodePositions = positionsOf(base.graph.nodes);
  const derivedPositions = positionsOf(base.derived);
  if (patch.nodes.some((n) => !nodePositions.has(n.id)) || patch.derived.some((d) => !derivedPositions.has(d.id))) return null;
  const nodes = base.graph.nodes.slice();
  for (const n of patch.nodes) nodes[nodePositions.get(n.id)!] = n;
  setPositionsOf(nodes, nodePositions);
  const derived = base.derived.slice();
  for (const d of patch.derived) derived[derivedPositions.get(d.id)!] = d;
  setPositionsOf(derived, derivedPositions);
  return patchedView(base, patch, nodes, derived);
}

/**
 * The document grew at its end: the base's entries replaced in place where the patch
 * changed them, the appended ones after. Null when a changed entry is not in the base
 * (the page's copy is not the patch's base), which the reordering path then settles.
 */
function applyAppended(base: AnalysisView, patch: AnalysisPatch, appended: NonNullable<AnalysisPatch['appended']>): AnalysisView | null {
  const nodes = grown(base.graph.nodes, patch.nodes, appended.nodes);
  const derived = nodes && grown(base.derived, patch.derived, appended.derived);
  return nodes && derived ? patchedView(base, patch, nodes, derived) : null;
}

/** `list` with the first of `entries` put in place of the ones of their ids, and the last `added` after it. */
function grown<T extends { readonly id: string }>(list: readonly T[], entries: readonly T[], added: number): T[] | null {
  const positions = positionsOf(list);
  const kept = entries.length - added;
  const out = list.slice();
  for (let i = 0; i < kept; i++) {
    const at = positions.get(entries[i]!.id);
    if (at === undefined) return null;
    out[at] = entries[i]!;
  }
  const tail = entries.slice(kept);
  const extended = positions.extended(tail.map((e) => e.id));
  if (!extended) return null;
  for (const e of tail) out.push(e);
  setPositionsOf(out, extended);
  return out;
}

/** The analysis a patch makes of `base`, given its nodes and derived entries in document order. */
function patchedView(base: AnalysisView, patch: AnalysisPatch, nodes: readonly GraphNode[], derived: readonly DerivedConfidence[]): AnalysisView {
  return {
    version: patch.version,
    language: patch.language,
    graph: { language: patch.language, nodes, edges: patch.edges ?? edgesWith(base.graph.edges, patch.appendedEdges) },
    diagnostics: patch.diagnostics,
    derived,
    structureKey: patch.structureKey,
    stats: patch.stats,
    ...(patch.ir !== undefined ? { ir: patch.ir } : {}),
    ...(patch.proposal !== undefined ? { proposal: patch.proposal } : {}),
  };
}

function edgesWith(edges: readonly GraphEdge[], appended: readonly GraphEdge[] | undefined): readonly GraphEdge[] {
  return appended && appended.length > 0 ? edges.concat(appended) : edges;
}

function applyReordered(base: AnalysisView, patch: AnalysisPatch): AnalysisView {
  const byId = new Map<string, GraphNode>();
  for (const n of base.graph.nodes) byId.set(n.id, n);
  for (const n of patch.nodes) byId.set(n.id, n);
  const tail = patch.appended ? patch.nodes.slice(patch.nodes.length - patch.appended.nodes) : [];
  const order = patch.order ?? [...base.graph.nodes, ...tail].map((n) => n.id);
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
