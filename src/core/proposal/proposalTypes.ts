/**
 * The FormalProposal v1 document as Warrant reads it (DS004's JSON IR): declarations,
 * assertions and a query plan, each piece keeping the source range it was read from.
 */
import type { SourceRange } from '../text/sourceRange.ts';

export const PROPOSAL_SCHEMA_VERSION = 'holoproof.formal-proposal.v1';

/** How a proposal is checked. The document writes `model-finding`; Warrant says `model`. */
export type ProveMode = 'entailment' | 'model' | 'consistency';
export const PROVE_MODES: readonly ProveMode[] = ['entailment', 'model', 'consistency'];

/** Sorts every solver knows without a declaration. */
export type BuiltinSort = 'Bool' | 'Int' | 'Real';
export const BUILTIN_SORTS: readonly BuiltinSort[] = ['Bool', 'Int', 'Real'];

/** A name as written, with where it was written. */
export interface Name {
  readonly name: string;
  readonly range: SourceRange;
}

export type DeclarationKind = 'sort' | 'const' | 'function' | 'predicate';
export const DECLARATION_KINDS: readonly DeclarationKind[] = ['sort', 'const', 'function', 'predicate'];

/** `sort` has neither argSorts nor resultSort; `const` has a resultSort and no arguments. */
export interface Declaration {
  readonly kind: DeclarationKind;
  readonly name: Name;
  readonly argSorts: readonly Name[];
  /** null for a sort. A predicate's is Bool (written or not). */
  readonly resultSort: Name | null;
  readonly range: SourceRange;
  /**
   * Other names for the same concept (HoloProof's registry aliases): once the proposal
   * is accepted into a world, a later proposal may not declare them as symbols of their own.
   */
  readonly aliases?: readonly Name[];
}

export type LogicalOp = 'and' | 'or' | '=>';
export type ComparisonOp = '=' | 'distinct' | '<' | '<=' | '>' | '>=';
export type ArithmeticOp = '+' | '-' | '*' | '/';
export type QuantifierOp = 'forall' | 'exists';
/** Operators that take a list `args` (`ite` exactly three: condition, then, else). */
export type NaryOp = LogicalOp | ComparisonOp | ArithmeticOp | 'ite';

/**
 * The operator whitelist of the schema gate: HoloProof's `ALLOWED_EXPR_OPS`
 * (src/sdk/formalProposal.mjs), the same twenty operators.
 */
export const EXPRESSION_OPS: readonly string[] = ['const', 'var', 'call', 'not', 'and', 'or', '=>', '=', 'distinct', '<', '<=', '>', '>=', '+', '-', '*', '/', 'ite', 'forall', 'exists'];
export const NARY_OPS: readonly NaryOp[] = ['and', 'or', '=>', '=', 'distinct', '<', '<=', '>', '>=', '+', '-', '*', '/', 'ite'];

export type Expr = ConstExpr | VarExpr | CallExpr | NotExpr | NaryExpr | QuantifierExpr;

/** A declared constant, or a numeral written `val_<digits>` (see numerals.ts). */
export interface ConstExpr {
  readonly op: 'const';
  readonly name: Name;
  readonly range: SourceRange;
}
/** A variable bound by an enclosing quantifier. */
export interface VarExpr {
  readonly op: 'var';
  readonly name: Name;
  readonly range: SourceRange;
}
/** An application of a declared function or predicate; with no args, the bare symbol. */
export interface CallExpr {
  readonly op: 'call';
  readonly symbol: Name;
  readonly args: readonly Expr[];
  readonly range: SourceRange;
}
export interface NotExpr {
  readonly op: 'not';
  readonly arg: Expr;
  readonly range: SourceRange;
}
export interface NaryExpr {
  readonly op: NaryOp;
  readonly args: readonly Expr[];
  readonly range: SourceRange;
}
export interface BoundVar {
  readonly name: Name;
  readonly sort: Name;
  readonly range: SourceRange;
}
export interface QuantifierExpr {
  readonly op: QuantifierOp;
  readonly vars: readonly BoundVar[];
  readonly body: Expr;
  readonly range: SourceRange;
}

export interface Assertion {
  readonly id: Name;
  /** `axiom`, `fact`, … — every role is asserted alike. */
  readonly role: string;
  readonly expr: Expr;
  readonly range: SourceRange;
}

export interface QueryPlan {
  /** As written in the document, mapped to Warrant's words. */
  readonly mode: ProveMode;
  readonly goal: Expr | null;
  readonly range: SourceRange;
}

export interface FormalProposal {
  readonly schemaVersion: string;
  readonly proposalId: string | null;
  readonly worldId: string | null;
  /** The SMT-LIB logic the document declares (null when it declares none). */
  readonly logic: Name | null;
  readonly declarations: readonly Declaration[];
  readonly assertions: readonly Assertion[];
  readonly queryPlan: QueryPlan;
  readonly tags: readonly string[];
  /**
   * The open questions the encoder listed (`ambiguities`), each as text: a proposal with
   * any is contested until they are settled (DS004). Absent when built in code.
   */
  readonly ambiguities?: readonly Ambiguity[];
}

/** One listed ambiguity: its text (a string as written, an object's own words), and where. */
export interface Ambiguity {
  readonly text: string;
  readonly range: SourceRange;
}
