/**
 * Answers "Why?" and "When to reconsider?" for one node, from the graph alone: the
 * justification chain read back as sentences, roots first (with the other beliefs that
 * rest on exactly the same supports, named as such), and the invalidation conditions
 * along the chain. Template-rendered on purpose, so the answer is grounded in the trace
 * and nothing else: siblings are not called alternatives, since nothing in a trace says
 * two beliefs answer the same question.
 */
import { bandOf } from '../clair/confidenceAlgebra.ts';
import type { GraphIndex } from './graphIndex.ts';
import { keptPerShape } from './keptPerShape.ts';
import { provenanceOf } from './provenance.ts';
import type { GraphNode, NodeId } from './reasoningGraph.ts';

export interface WhyStep {
  readonly id: NodeId;
  readonly sentence: string;
}

export interface WhyExplanation {
  /** One line: the node, its confidence and band, and how many steps support it. */
  readonly summary: string;
  /** The chain as the spec writes it, e.g. `b6 ← b4 ← b2 ← b1`, one group per depth. */
  readonly trace: string;
  /** Roots first, the node itself last. */
  readonly steps: readonly WhyStep[];
  /** Steps left out of `steps` because the chain is long. */
  readonly omitted: number;
}

export interface ReconsiderItem {
  readonly condition: string;
  /** The node that carries the condition. */
  readonly on: NodeId;
  /** 0 for the node itself, else its distance down the chain. */
  readonly depth: number;
  readonly sentence: string;
}

const MAX_STEPS = 40;

/** `.85`, `1.0`, `0` — confidences as CLAIR writes them. */
export function formatConfidence(c: number | null): string {
  if (c === null || !Number.isFinite(c)) return '?';
  if (c === 1) return '1.0';
  const s = String(Number(c.toPrecision(4)));
  return s.startsWith('0.') ? s.slice(1) : s.startsWith('-0.') ? '-' + s.slice(2) : s;
}

function quoteContent(n: GraphNode): string {
  if (n.content === '') return '(no content yet)';
  const text = n.content.length > 140 ? n.content.slice(0, 139) + '…' : n.content;
  return `“${text}”`;
}

function rated(n: GraphNode): string {
  return `${quoteContent(n)} (${n.id}, ${formatConfidence(n.confidence)})`;
}

function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return items.slice(0, -1).join(', ') + ' and ' + items[items.length - 1];
}

function rootSentence(n: GraphNode): string {
  const ref = n.source?.reference;
  switch (n.source?.type) {
    case 'user':
      return `The user gave ${rated(n)}${ref ? ` (${ref})` : ''}.`;
    case 'ctx':
      return `The context says ${rated(n)}${ref ? ` (${ref})` : ''}.`;
    case 'file':
      return `${ref ? `The file ${ref}` : 'A file'} says ${rated(n)}.`;
    case 'model':
      return `${ref ? `The model ${ref}` : 'A model'} stated ${rated(n)}.`;
    case 'self':
      return `The reasoner assumed ${rated(n)} without a recorded justification.`;
    default:
      return `${rated(n)} is taken as a starting point.`;
  }
}

/**
 * Other nodes justified by exactly the same supports, in document order. Only that: the
 * graph does not say whether they answer the same question, so they are not ranked.
 */
function siblingsOf(index: GraphIndex, id: NodeId): GraphNode[] {
  const supports = index.supportsOf.get(id) ?? [];
  if (supports.length === 0) return [];
  const key = [...supports].sort().join('\u0000');
  const out: GraphNode[] = [];
  for (const sibling of index.dependentsOf.get(supports[0]!) ?? []) {
    if (sibling === id) continue;
    const theirs = index.supportsOf.get(sibling) ?? [];
    if (theirs.length === supports.length && [...theirs].sort().join('\u0000') === key) {
      const node = index.byId.get(sibling);
      if (node) out.push(node);
    }
  }
  return out.sort((a, b) => (index.order.get(a.id) ?? 0) - (index.order.get(b.id) ?? 0));
}

const MAX_SIBLINGS = 4;

function derivedSentence(index: GraphIndex, n: GraphNode): string {
  const supports = (index.supportsOf.get(n.id) ?? []).map((s) => index.byId.get(s)).filter((s): s is GraphNode => !!s);
  const sentence = `From ${joinAnd(supports.map((s) => `${s.id}`))} follows ${rated(n)}.`;
  const siblings = siblingsOf(index, n.id);
  if (siblings.length === 0) return sentence;
  const named = siblings.slice(0, MAX_SIBLINGS).map((s) => `${s.id}`);
  const rest = siblings.length - named.length;
  const who = joinAnd(rest > 0 ? [...named, `${rest} more`] : named);
  return `${sentence} ${who} also ${siblings.length === 1 ? 'rests' : 'rest'} on ${joinAnd(supports.map((s) => `${s.id}`))}.`;
}

/**
 * What "Why?" needs of a chain that depends on the graph's shape alone: the steps it
 * shows (roots first, document order within a depth), how many it leaves out, the trace
 * and the roots. Kept per shape like the chain itself, so a keystroke in a belief's text
 * re-renders its sentences without sorting a 60k-step chain again.
 */
interface ChainShape {
  readonly shown: readonly NodeId[];
  readonly omitted: number;
  readonly length: number;
  readonly trace: string;
  readonly roots: string;
}

const TRACE_DEPTHS = 24;

const chainShape = keptPerShape((index: GraphIndex, id: NodeId): ChainShape => {
  const chain = provenanceOf(index, id);
  const byDepth = new Map<number, NodeId[]>();
  for (const s of chain) {
    const list = byDepth.get(s.depth);
    if (list) list.push(s.id);
    else byDepth.set(s.depth, [s.id]);
  }
  const depths = [...byDepth.keys()].sort((a, b) => a - b);
  // Shown: the MAX_STEPS - 1 steps nearest the node, listed roots first (deepest depth
  // first, document order within a depth); only those depths are sorted.
  const nearest: NodeId[][] = [];
  let taken = 0;
  for (const depth of depths) {
    if (taken >= MAX_STEPS - 1) break;
    const ids = [...byDepth.get(depth)!].sort((a, b) => (index.order.get(a) ?? 0) - (index.order.get(b) ?? 0));
    const kept = ids.slice(Math.max(0, ids.length - (MAX_STEPS - 1 - taken)));
    nearest.push(kept);
    taken += kept.length;
  }
  const group = (ids: readonly NodeId[]) => (ids.length === 1 ? ids[0]! : `{${ids.slice(0, 8).join(', ')}${ids.length > 8 ? ', …' : ''}}`);
  // The trace names every depth up to TRACE_DEPTHS; a deeper chain shows its first
  // depths, how many are left out, and the last two (the roots' end).
  const traced =
    depths.length <= TRACE_DEPTHS
      ? depths.map((d) => group(byDepth.get(d)!))
      : [
          ...depths.slice(0, TRACE_DEPTHS - 2).map((d) => group(byDepth.get(d)!)),
          `… ${(depths.length - TRACE_DEPTHS).toLocaleString('en')} more levels …`,
          ...depths.slice(-2).map((d) => group(byDepth.get(d)!)),
        ];
  return {
    shown: nearest.reverse().flat(),
    omitted: chain.length - taken,
    length: chain.length,
    trace: [id, ...traced].join(' ← '),
    roots: countRoots(
      index,
      chain.map((c) => c.id),
    ),
  };
});

export function explainWhy(index: GraphIndex, id: NodeId): WhyExplanation | null {
  const node = index.byId.get(id);
  if (!node) return null;
  const shape = chainShape(index, id);
  const sentence = (n: GraphNode) => ((index.supportsOf.get(n.id) ?? []).length === 0 ? rootSentence(n) : derivedSentence(index, n));
  const steps: WhyStep[] = [];
  for (const stepId of shape.shown) {
    const n = index.byId.get(stepId);
    if (n) steps.push({ id: n.id, sentence: sentence(n) });
  }
  steps.push({ id, sentence: sentence(node) });
  const band = node.confidence === null ? 'no stated confidence' : `${bandOf(node.confidence)}, ${formatConfidence(node.confidence)}`;
  const summary = shape.length === 0 ? `${id} (${band}) rests on no other belief.` : `${id} (${band}) rests on ${shape.length} belief${shape.length === 1 ? '' : 's'} down to ${shape.roots}.`;
  return { summary, trace: shape.trace, steps, omitted: shape.omitted };
}

function countRoots(index: GraphIndex, ids: readonly NodeId[]): string {
  const roots = ids.filter((i) => (index.supportsOf.get(i) ?? []).length === 0);
  return roots.length === 1 ? `the root ${roots[0]}` : `${roots.length} roots`;
}

export function whenToReconsider(index: GraphIndex, id: NodeId): ReconsiderItem[] {
  const node = index.byId.get(id);
  if (!node) return [];
  const out: ReconsiderItem[] = [];
  const add = (n: GraphNode, depth: number) => {
    for (const condition of n.invalidations) {
      out.push({
        condition,
        on: n.id,
        depth,
        sentence: depth === 0 ? `Reconsider if ${condition}: it would undo ${quoteContent(n)}.` : `Reconsider if ${condition}: it would undo ${quoteContent(n)} (${n.id}), on which ${id} rests.`,
      });
    }
  };
  add(node, 0);
  for (const step of provenanceOf(index, id)) {
    const n = index.byId.get(step.id);
    if (n) add(n, step.depth);
  }
  return out;
}
