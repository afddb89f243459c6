/**
 * The parts of a Gaia IR document (the `ir.json` shape Gaia's compiler writes and
 * src/core/gaia produces) that inference reads. Everything else in the IR — contents,
 * hashes, steps, formula graphs, composes — is ignored here, so these types name only
 * what lowering looks at; extra fields are allowed.
 */

/** Gaia's knowledge types; only `claim` becomes a variable. */
export type IrKnowledgeType = 'claim' | 'note' | 'question' | 'setting' | 'context' | 'composition';

export interface IrKnowledge {
  readonly id: string;
  /** Absent or null for anonymous nodes (`_anon_000`); beliefs.json then says `null`. */
  readonly label?: string | null;
  readonly type: IrKnowledgeType | string;
  /** `prior` (a number), `helper_kind`, `generated`, `review` are read. */
  readonly metadata?: Readonly<Record<string, unknown>> | null;
}

export type IrOperatorKind = 'implication' | 'negation' | 'equivalence' | 'contradiction' | 'complement' | 'disjunction' | 'conjunction';

/** An operator as it appears inside a strategy's `formal_expr`. */
export interface IrFormalOperator {
  readonly operator: IrOperatorKind | string;
  readonly variables: readonly string[];
  readonly conclusion: string;
  /** `formula_lowering: "connective"` marks a formula's own truth variable. */
  readonly metadata?: Readonly<Record<string, unknown>> | null;
}

/** A top-level operator (`operators` of the IR). */
export interface IrOperator extends IrFormalOperator {
  readonly operator_id?: string | null;
  readonly scope?: string;
}

export interface IrStrategy {
  readonly strategy_id?: string | null;
  readonly scope?: string;
  /** deduction, support, infer, noisy_and, associate, induction, abduction, … */
  readonly type: string;
  readonly premises: readonly string[];
  readonly conclusion?: string | null;
  /** Present on formal strategies (derive, observe with premises, compute, legacy templates). */
  readonly formal_expr?: { readonly operators: readonly IrFormalOperator[] } | null;
  /** Present on composite strategies (legacy induction, abduction). */
  readonly sub_strategies?: readonly string[] | null;
  /** infer: 2^k entries, bit i of the index = premise i true; noisy_and: one entry. */
  readonly conditional_probabilities?: readonly number[] | null;
  readonly p_a_given_b?: number | null;
  readonly p_b_given_a?: number | null;
  /** `false_premise_base_rate` (deduction) is read. */
  readonly metadata?: Readonly<Record<string, unknown>> | null;
}

export interface GaiaIr {
  readonly namespace?: string;
  readonly package_name?: string;
  readonly ir_hash?: string;
  readonly knowledges: readonly IrKnowledge[];
  readonly operators?: readonly IrOperator[];
  readonly strategies?: readonly IrStrategy[];
}
