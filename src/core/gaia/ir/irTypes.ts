/**
 * Gaia IR (`LocalCanonicalGraph`) as Warrant builds it. Field names are Gaia's, so the
 * objects serialise straight to `ir.json`. Numbers that are Python floats with integral
 * values are `PyFloat`s (see text/pythonJson.ts); `plainIr` turns them into numbers for
 * consumers such as the inference engines.
 */
import type { JsonValue, PyFloat } from '../text/pythonJson.ts';

/** Mutable JSON object (metadata is filled in over several passes, as Gaia does). */
export interface JsonDict {
  [key: string]: JsonValue;
}

export function jsonDict(entries: Readonly<Record<string, JsonValue>> = {}): JsonDict {
  const d = Object.create(null) as JsonDict;
  for (const k of Object.keys(entries)) d[k] = entries[k]!;
  return d;
}

export type IrFloat = number | PyFloat;

export interface IrParameter {
  readonly name: string;
  readonly type: string;
  readonly value: JsonValue;
}

export interface IrPackageRef {
  readonly package_id: string;
  readonly version: string;
}

export interface IrKnowledge {
  readonly id: string;
  readonly label: string | null;
  readonly title: string | null;
  readonly type: 'claim' | 'note' | 'question';
  readonly format: string;
  readonly content: string;
  content_hash: string;
  readonly parameters: IrParameter[];
  metadata: JsonDict | null;
  readonly provenance: IrPackageRef[] | null;
  /** The package-relative module that declared it; null for the root and for generated nodes. */
  readonly module?: string | null;
  readonly declaration_index: number | null;
  readonly exported: boolean;
}

export interface IrOperator {
  readonly operator_id: string | null;
  readonly scope: 'local' | null;
  readonly operator: string;
  readonly variables: readonly string[];
  readonly conclusion: string;
  readonly metadata: JsonDict | null;
}

export interface IrStep {
  readonly reasoning: string;
  readonly premises: readonly string[] | null;
}

export interface IrStrategy {
  readonly strategy_id: string;
  readonly scope: 'local';
  readonly type: string;
  readonly premises: readonly string[];
  readonly conclusion: string | null;
  readonly background: readonly string[] | null;
  readonly steps: readonly IrStep[] | null;
  readonly conditional_probabilities: readonly IrFloat[] | null;
  readonly p_a_given_b: IrFloat | null;
  readonly p_b_given_a: IrFloat | null;
  readonly metadata: JsonDict | null;
  /** Present on formal strategies. */
  readonly formal_expr?: { readonly operators: readonly IrOperator[] };
  /** A composite strategy's parts, by strategy id. */
  readonly sub_strategies?: readonly string[];
}

export interface IrFormulaNode {
  readonly id: string;
  readonly kind: 'atom' | 'op' | 'quantifier' | 'term' | 'variable' | 'constant';
  readonly descriptor: JsonDict;
}

export interface IrFormulaEdge {
  readonly source: string;
  readonly target: string;
  readonly role: string;
  readonly index: number | null;
}

export interface IrFormulaGraph {
  readonly source_claim: string;
  readonly root: string;
  readonly nodes: readonly IrFormulaNode[];
  readonly edges: readonly IrFormulaEdge[];
}

/** A `@compose` call: the action targets it groups (in the order made) and the claim it concludes. */
export interface IrCompose {
  readonly compose_id: string;
  readonly name: string;
  readonly version: string;
  readonly inputs: readonly string[];
  readonly background: readonly string[];
  readonly actions: readonly string[];
  readonly warrants: readonly string[];
  readonly conclusion: string;
  readonly metadata: JsonDict | null;
}

export interface IrGraph {
  readonly namespace: string;
  readonly package_name: string;
  readonly scope: 'local';
  readonly ir_hash: string;
  readonly knowledges: readonly IrKnowledge[];
  readonly operators: readonly IrOperator[];
  readonly strategies: readonly IrStrategy[];
  readonly composes: readonly IrCompose[];
  readonly formula_graphs: readonly IrFormulaGraph[];
  /** Modules other than the root, in the order they first declared knowledge; null when none. */
  readonly module_order?: readonly string[] | null;
  /** The first docstring line of each module in `module_order` that has one. */
  readonly module_titles?: Readonly<Record<string, string>> | null;
}
