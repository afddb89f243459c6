/**
 * The objects a Gaia package module creates when it runs: knowledge nodes (claims,
 * notes, questions and the helper claims verbs make), reasoning actions, scaffolds,
 * legacy v5 strategies and operators, and propositional formulas. The interpreter
 * builds them the way Gaia's runtime does — same order, same identities — so that the
 * IR lowering can number and hash them exactly as Gaia's compiler does.
 */
import type { SourceRange } from '../../text/sourceRange.ts';
import type { PyFloat } from '../text/pythonJson.ts';
import type { PackageCollector } from './packageCollector.ts';
import type { BayesAction } from './bayes/bayesObjects.ts';
import type { LogicVariable, PredicateAtom } from './logicFormulas.ts';

/** Where an object came from in the source: the call that made it and its statement. */
export interface Origin {
  /** The verb call (or the whole statement for objects made by a statement). */
  readonly range: SourceRange;
  /** The statement holding the call: what the editor selects for the object. */
  readonly statement: SourceRange;
  /** The verb that made it (`claim`, `derive`, …). */
  readonly verb: string;
  /** The module file it was written in, relative to the package root; null for a lone module. */
  readonly file?: string | null;
}

/**
 * A metadata value as Gaia keeps it before compiling: JSON-like data that may hold
 * knowledge objects (written out as their QIDs). Dicts have no prototype so that any
 * Python keyword (even `__proto__`) is an ordinary key.
 */
export type MetaValue = null | boolean | string | number | PyFloat | Knowledge | readonly MetaValue[] | MetaDict;
export interface MetaDict {
  [key: string]: MetaValue;
}

export function metaDict(entries: Readonly<Record<string, MetaValue>> = {}): MetaDict {
  return Object.assign(Object.create(null) as MetaDict, entries);
}

export function isMetaDict(v: MetaValue | undefined): v is MetaDict {
  // Dicts are the only prototype-less objects here (knowledge and PyFloat are classes).
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === null;
}

export type KnowledgeType = 'claim' | 'note' | 'question';

/** One entry of `claim(parameters=[...])`. */
export interface ParameterEntry {
  readonly name: string;
  readonly type: string;
  readonly value: MetaValue;
  /**
   * How Gaia's object holds a value the IR writes as null: Gaia's UNBOUND sentinel, for a
   * Claim subclass's field left unset; or no `value` key at all, as a dict was given.
   */
  readonly held?: 'unbound' | 'absent';
}

export interface PackageRefEntry {
  readonly package_id: string;
  readonly version: string;
}

let nextUid = 1;

/** A knowledge node (Gaia's runtime `Knowledge` / `Claim` / `Note` / `Question`). */
export class Knowledge {
  readonly uid = nextUid++;
  /** Set from the module's variable names after the module has run. */
  label: string | null = null;
  /** The label is the name the module bound it to (assignLabels), not one code set (`label=`, `x.label = …`): what rename may change. */
  labelledByName = false;
  /** Gaia's runtime `Claim.prior` attribute: only a premise-free `observe` sets it. */
  prior: number | null = null;
  formula: Formula | null = null;
  /** The reasoning records whose primary claim this is (Gaia's `from_actions`). */
  readonly fromActions: Action[] = [];
  /** A claim's shape (Gaia's `Claim.kind`, a ClaimKind member name): never written to the IR, read back by packages. */
  claimKind: 'GENERAL' | 'PARAMETER' | 'QUANTIFIED' = 'GENERAL';
  /** Position among its module's declarations (Gaia's `_declaration_index`). */
  declarationIndex = 0;
  /**
   * The package-relative name of the module whose code made it (`sub.mod`), null for the
   * package root — Gaia's `_source_module`, written to the IR as `module`.
   */
  sourceModule: string | null = null;
  /** The package that declared it (Gaia's `_package`): another one's when imported from a dependency. */
  owner: PackageCollector | null = null;

  constructor(
    readonly type: KnowledgeType,
    /** Mutable: a package may set `x.content = ...` after construction, before compiling. */
    public content: string,
    readonly metadata: MetaDict,
    readonly origin: Origin,
    readonly options: {
      /** False for the plain `Knowledge(type="claim")` helpers legacy operators make. */
      readonly claimClass: boolean;
      readonly format: string;
      /** Mutable, as `x.title = ...` is. */
      title: string | null;
      readonly parameters: readonly ParameterEntry[];
      readonly provenance: readonly PackageRefEntry[];
    },
  ) {}

  /** A `Claim` instance, as Gaia's isinstance checks see it. */
  get isClaim(): boolean {
    return this.type === 'claim' && this.options.claimClass;
  }
}

/** Formulas: connectives over claims (`~ & |`, land/lor/lnot/implies/iff, ClaimAtom), typed predicate atoms and finite quantifiers. */
export type Formula =
  | { readonly f: 'atom'; readonly claim: Knowledge }
  | PredicateAtom
  | { readonly f: 'forall' | 'exists'; readonly variable: LogicVariable; readonly body: Formula }
  | { readonly f: 'and'; readonly operands: readonly Formula[] }
  | { readonly f: 'or'; readonly operands: readonly Formula[] }
  | { readonly f: 'not'; readonly operand: Formula }
  | { readonly f: 'implies'; readonly antecedent: Formula; readonly consequent: Formula }
  | { readonly f: 'iff'; readonly left: Formula; readonly right: Formula };

export interface ActionCommon {
  readonly uid: number;
  readonly label: string | null;
  readonly rationale: string;
  readonly background: readonly Knowledge[];
  readonly metadata: MetaDict;
  /** Reviewable warrant helper claims (Gaia's `Reasoning.warrants`). */
  readonly warrants: readonly Knowledge[];
  readonly origin: Origin;
}

/** derive / observe / compute: given → conclusion. */
export interface SupportAction extends ActionCommon {
  readonly kind: 'derive' | 'observe' | 'compute';
  readonly conclusion: Knowledge;
  readonly given: readonly Knowledge[];
  /** compute only: the function, as written (never run). */
  readonly fn: ComputeFunction | null;
}

export interface ComputeFunction {
  /** `module.qualname`, as Gaia records it. */
  readonly ref: string;
  /** The function's source text when it is a `def` in this module. */
  readonly source: string | null;
  /**
   * Its Python repr (`<function f at 0x…>`, `<built-in function sqrt>`, `<bound method C.m
   * of …>`), written when the text is: a bound method writes its instance as it is then, as
   * Python's str() does. Null when Warrant cannot write it.
   */
  readonly repr: () => string | null;
}

export interface InferAction extends ActionCommon {
  readonly kind: 'infer';
  readonly hypothesis: Knowledge;
  readonly evidence: Knowledge;
  readonly given: readonly Knowledge[];
  /** A number, or a claim whose "value" parameter Gaia reads when the package compiles. */
  readonly pEGivenH: ProbabilityValue | Knowledge;
  readonly pEGivenNotH: ProbabilityValue | Knowledge;
  readonly pEGivenNotHDefaulted: boolean;
  readonly helper: Knowledge;
}

/** A number as the author wrote it (Python keeps ints and floats apart). */
export interface ProbabilityValue {
  readonly value: number;
  readonly isFloat: boolean;
}

export interface AssociateAction extends ActionCommon {
  readonly kind: 'associate';
  readonly a: Knowledge;
  readonly b: Knowledge;
  readonly pAGivenB: ProbabilityValue;
  readonly pBGivenA: ProbabilityValue;
  readonly pattern: string | null;
  readonly helper: Knowledge;
}

export interface StructuralAction extends ActionCommon {
  readonly kind: 'equal' | 'contradict' | 'exclusive';
  readonly a: Knowledge;
  readonly b: Knowledge;
  readonly helper: Knowledge;
}

export interface DecomposeAction extends ActionCommon {
  readonly kind: 'decompose';
  readonly whole: Knowledge;
  readonly parts: readonly Knowledge[];
  readonly formula: Formula;
}

/** A scaffold's `rationale=` as written: Gaia never reads it, and its manifest records any plain value. */
export type RecordedRationale = MetaValue;

interface ScaffoldCommon extends Omit<ActionCommon, 'rationale'> {
  readonly rationale: RecordedRationale;
}

export interface DependsOnAction extends ScaffoldCommon {
  readonly kind: 'depends_on';
  readonly conclusion: Knowledge;
  readonly given: readonly Knowledge[];
}

export interface CandidateRelationAction extends ScaffoldCommon {
  readonly kind: 'candidate_relation';
  readonly claims: readonly Knowledge[];
  readonly pattern: string | null;
}

/**
 * One call of a function decorated with `@compose(name=..., version=...)`: the reasoning
 * actions the call made (scaffolds excepted; a nested composition counts as one), the
 * knowledge it took in, and the claim it returned. It enters the IR as a `Compose` record.
 */
export interface ComposeAction extends ActionCommon {
  readonly kind: 'compose';
  readonly name: string;
  readonly version: string;
  readonly inputs: readonly Knowledge[];
  readonly actions: readonly Action[];
  readonly conclusion: Knowledge;
}

export type ScaffoldAction = DependsOnAction | CandidateRelationAction;
export type Action = SupportAction | InferAction | AssociateAction | StructuralAction | DecomposeAction | ComposeAction | ScaffoldAction | BayesAction;

export function isScaffold(a: Action): a is ScaffoldAction {
  return a.kind === 'depends_on' || a.kind === 'candidate_relation';
}

/** `materialize(scaffold, by=...)`: bookkeeping, written to the formalization manifest. */
export interface Materialization {
  readonly scaffold: ScaffoldAction;
  readonly by: readonly Action[];
  readonly label: string | null;
  /** As written, like a scaffold's. */
  readonly rationale: RecordedRationale;
  readonly metadata: MetaDict;
  readonly origin: Origin;
}

/**
 * One entry of a v5 strategy's reason list: a text, or a `Step(reason, premises=...)` —
 * its text and the premises it names (claims of the strategy, or for a composite any
 * claim or a text kept as written).
 */
export type ReasonEntry = string | { readonly reasoning: string; readonly premises: readonly (Knowledge | string)[] | null };

/** A legacy v5 strategy (`deduction`, `support`, …), kept as Gaia's runtime keeps it. */
export interface LegacyStrategy {
  readonly uid: number;
  readonly type: string;
  readonly premises: readonly Knowledge[];
  readonly conclusion: Knowledge;
  readonly background: readonly Knowledge[];
  /** A string, or a list of steps: texts and `Step(...)` objects. */
  readonly reason: string | readonly ReasonEntry[];
  /** Given as a tuple: Gaia makes its steps but reads no references in them. */
  readonly reasonTuple?: boolean;
  readonly metadata: MetaDict;
  readonly verb: string;
  readonly origin: Origin;
  /** A composite (abduction, induction, composite()): the strategies it is made of. */
  readonly subStrategies?: readonly LegacyStrategy[];
  /** Abduction's and induction's helper for the composition's validity (Gaia's `composition_warrant`). */
  readonly compositionWarrant?: Knowledge;
}

/** The helper a composite strategy makes for its composition's validity: registered, but never in the IR. */
export function isCompositionWarrant(k: Knowledge): boolean {
  return k.metadata['helper_kind'] === 'composition_validity';
}

/** A legacy v5 operator (`contradiction`, `equivalence`, `not_`, …). */
export interface LegacyOperator {
  readonly uid: number;
  readonly operator: string;
  readonly variables: readonly Knowledge[];
  readonly conclusion: Knowledge;
  readonly reason: string;
  readonly verb: string;
  readonly origin: Origin;
}

export function newUid(): number {
  return nextUid++;
}
