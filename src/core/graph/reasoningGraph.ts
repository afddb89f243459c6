/**
 * The one model every language lowers to. Nodes are beliefs (CLAIR), claims, notes,
 * questions, helpers and factors (Gaia); edges run from what supports to what is
 * supported, so roots sit at the top of a downward layout.
 */
import type { Language } from '../languages/languageIds.ts';
import type { SourceRange } from '../text/sourceRange.ts';

declare const nodeIdBrand: unique symbol;
/** A node's id: a CLAIR belief id or a Gaia label. Branded so edge ids cannot stand in. */
export type NodeId = string & { readonly [nodeIdBrand]: 'NodeId' };
export const nodeId = (s: string): NodeId => s as NodeId;

declare const edgeIdBrand: unique symbol;
export type EdgeId = string & { readonly [edgeIdBrand]: 'EdgeId' };
export const edgeId = (from: string, to: string): EdgeId => `${from}->${to}` as EdgeId;

/** The language a graph was read from: one of the language table's ids. */
export type { Language };

export type NodeKind = 'belief' | 'claim' | 'note' | 'question' | 'helper' | 'factor';

export interface NodeSource {
  readonly type: string;
  readonly reference: string | null;
}

export interface GraphNode {
  readonly id: NodeId;
  readonly kind: NodeKind;
  /** The proposition. */
  readonly content: string;
  /** Stated confidence (CLAIR) or prior (Gaia); null when the text gives none. */
  readonly confidence: number | null;
  /** Stratification level; null when the text gives none (read as L0). */
  readonly level: number | null;
  readonly source: NodeSource | null;
  /** Conditions under which to reconsider the node. */
  readonly invalidations: readonly string[];
  /** Where the node is written. */
  readonly range: SourceRange;
  /** In a document of several files (a Gaia package): the file `range` is in, relative to the root. */
  readonly file?: string;
  /** True when its line does not parse: drawn from what could be read, and marked. */
  readonly broken: boolean;
  /** Gaia: the node's full QID (`namespace:package::label`) or strategy/operator id. */
  readonly qid?: string;
  /** Gaia: where the prior came from (`claim_inline` for prior=, `user_priors` for register_prior). */
  readonly priorSource?: string | null;
  /** Gaia: a helper claim the compiler made (warrant, relation result); hidden unless asked for. */
  readonly helper?: boolean;
  /** Gaia factor nodes: the reasoning action they stand for. */
  readonly factor?: GraphFactor;
}

/** What a factor node (one Gaia reasoning action) records, for the inspector. */
export interface GraphFactor {
  /** The verb as written (`derive`, `infer`, `equal`, …). */
  readonly verb: string;
  /** The action's label (`label=`), if any. */
  readonly label: string | null;
  readonly rationale: string | null;
  /** The warrant helper claim's id, when the action has one. */
  readonly warrant: string | null;
  /** Conditional probabilities and other parameters, by name (p_e_given_h, …). */
  readonly parameters: Readonly<Record<string, number>>;
}

/**
 * CLAIR: `justification`. Gaia: `premise` (claim → factor), `conclusion` (factor → claim),
 * `relation` (claim → symmetric factor: equal, contradict, …), `background` (note → factor).
 */
export type EdgeKind = 'justification' | 'premise' | 'conclusion' | 'relation' | 'background';

export interface GraphEdge {
  readonly id: EdgeId;
  /** The supporting node. */
  readonly from: NodeId;
  /** The supported node. */
  readonly to: NodeId;
  readonly kind: EdgeKind;
  /** True when the edge was read from a line that does not parse. */
  readonly tentative: boolean;
}

export interface ReasoningGraph {
  readonly language: Language;
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
}
