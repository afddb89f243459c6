/**
 * What `gaia.engine.lang` (and its `compat` module) exports, and what Warrant does with
 * each name: run it, run it as a deprecated v5 verb, or report it as a construct it does
 * not model. Importing any of these is fine (Gaia exports them); an unsupported one is
 * reported where it is used.
 */

/** Verbs and helpers Warrant runs. */
export const SUPPORTED_NAMES: ReadonlySet<string> = new Set([
  'claim', 'note', 'question', 'derive', 'observe', 'compute', 'infer', 'associate', 'equal',
  'contradict', 'exclusive', 'decompose', 'depends_on', 'candidate_relation', 'materialize',
  'register_prior', 'export', 'compose', 'composition', 'land', 'lor', 'lnot', 'implies', 'iff', 'ClaimAtom', 'ClaimKind',
  'Land', 'Lor', 'Lnot', 'Implies', 'Iff', 'Claim', 'Note', 'Question', 'Setting', 'Context',
  'artifact', 'figure', 'Step',
  // Role projection over the package's actions (verbs/roleVerbs.ts).
  'roles_for_claim', 'roles_for_package', 'RoleOccurrence',
  // A compat-only v5 strategy (legacyStrategyVerbs.ts); its bridges: artifacts/fillsBridges.ts.
  'fills',
  // Typed predicate logic (logicVerbs.ts).
  'forall', 'exists', 'Forall', 'Exists', 'Variable', 'Domain', 'Bool', 'Nat', 'Real', 'Probability', 'PrimitiveType',
  'equals', 'Equals', 'NotEquals', 'Greater', 'GreaterEqual', 'Less', 'LessEqual', 'UserPredicate', 'PredicateSymbol',
  'FunctionSymbol', 'FunctionApp', 'Constant', 'ArithOp', 'Term', 'Formula', 'parameter', 'is_formula', 'is_term',
  // The bayes module's distribution factories (bayes/bayesVerbs.ts).
  'Normal', 'Beta', 'BetaBinomial', 'Binomial', 'Cauchy', 'ChiSquared', 'Exponential', 'Gamma', 'LogNormal', 'Poisson', 'StudentT',
]);

/** Deprecated v5 names Warrant runs, with the v0.5 way to write them. */
export const LEGACY_NAMES: ReadonlyMap<string, string> = new Map([
  ['setting', 'note(...)'],
  ['context', 'note(...)'],
  ['deduction', 'derive(conclusion, given=[...])'],
  ['support', 'derive(conclusion, given=[...]) or infer(evidence, hypothesis=..., p_e_given_h=..., p_e_given_not_h=...)'],
  ['noisy_and', 'derive(...) or infer(...)'],
  ['analogy', 'derive + relation verbs'],
  ['extrapolation', 'derive + relation verbs'],
  ['elimination', 'derive + relation verbs'],
  ['case_analysis', 'derive + relation verbs'],
  ['mathematical_induction', 'derive + relation verbs'],
  ['compare', 'explicit equivalences and implication'],
  ['abduction', 'observations, alternatives, relations and infer(...) likelihood links, declared explicitly'],
  ['induction', 'one derive(...), observe(...) or infer(...) per piece of evidence'],
  ['composite', 'the reasoning steps themselves, with derive(...) and infer(...)'],
  ['contradiction', 'contradict(a, b, rationale=...)'],
  ['equivalence', 'equal(a, b, rationale=...)'],
  ['complement', 'exclusive(a, b, rationale=...)'],
  ['disjunction', 'claim(..., formula=lor(...))'],
  ['not_', 'claim(..., formula=lnot(ClaimAtom(...)))'],
  ['and_', 'claim(..., formula=land(...))'],
  ['or_', 'claim(..., formula=lor(...))'],
]);

/** Names Gaia exports that Warrant does not model, by the construct they belong to. */
export const UNSUPPORTED_NAMES: ReadonlyMap<string, string> = new Map([
  ...['Compose', 'Composition'].map((n) => [n, 'the Compose runtime class used directly (decorate a function with @compose instead)'] as const),
  ...['Distribution', 'BoolExpr', 'DerivedDistribution'].map((n) => [n, 'the bayes module (distributions)'] as const),
  ['Knowledge', 'the Knowledge base class used directly (Gaia compiles no node of its type)'],
  ...[
    'Associate', 'CandidateRelation', 'Compute', 'Contradict', 'Decompose', 'DependsOn', 'Derive', 'Equal', 'Exclusive',
    'Infer', 'Observe', 'MaterializationLink', 'Action',
    'Directed', 'GaiaGraph', 'Operator', 'Reasoning', 'Relation', 'Scaffold', 'Strategy',
    'Structural', 'Support', 'attach_reasoning', 'validate_no_self_warrant',
  ].map((n) => [n, 'Gaia runtime classes used directly'] as const),
]);

/** The compat names Gaia only gives through `gaia.engine.lang.compat` (or a deprecated fallback). */
export const COMPAT_ONLY: ReadonlySet<string> = new Set([
  ...LEGACY_NAMES.keys(), 'fills', 'Action', 'Context', 'Directed', 'GaiaGraph',
  'Operator', 'Reasoning', 'Relation', 'Scaffold', 'Setting', 'Step', 'Strategy', 'Structural', 'Support',
  'attach_reasoning', 'validate_no_self_warrant',
]);

export function isGaiaLangName(name: string): boolean {
  return SUPPORTED_NAMES.has(name) || LEGACY_NAMES.has(name) || UNSUPPORTED_NAMES.has(name);
}

/** Modules a package may import Gaia Lang from. */
export const GAIA_LANG_MODULES: ReadonlySet<string> = new Set(['gaia.engine.lang', 'gaia.engine.lang.compat', 'gaia.engine.lang.dsl']);

/**
 * Submodules of gaia.engine.lang's runtime that define names the package re-exports (Gaia's own
 * tests import from them): each module's names, bound as the same Gaia Lang names.
 */
export const LANG_SUBMODULE_NAMES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['gaia.engine.lang.runtime.domain', new Set(['Domain'])],
  ['gaia.engine.lang.runtime.variable', new Set(['Variable'])],
  ['gaia.engine.lang.runtime.knowledge', new Set(['Claim', 'ClaimKind', 'Context', 'Knowledge', 'Note', 'Question', 'Setting'])],
  ['gaia.engine.lang.runtime.composition', new Set(['compose', 'composition'])],
]);

/** Gaia's IR package: priors.py may take its ResolutionPolicy from there; nothing else in it is evaluated. */
export const GAIA_IR_MODULES: ReadonlySet<string> = new Set(['gaia.engine.ir', 'gaia.engine.ir.parameterization']);
export const GAIA_IR_NAMES: ReadonlySet<string> = new Set(['ResolutionPolicy', 'default_resolution_policy']);

export function isBayesModule(path: string): boolean {
  return path === 'gaia.engine.bayes' || path.startsWith('gaia.engine.bayes.');
}

/** What `gaia.engine.bayes` exports that Warrant runs, as verb-table names. */
export const BAYES_NAMES: ReadonlyMap<string, string> = new Map([
  ['model', 'bayes.model'],
  ['compare', 'bayes.compare'],
  ['PrecomputedLikelihoods', 'bayes.PrecomputedLikelihoods'],
]);

/**
 * The bayes submodules that define what `gaia.engine.bayes` re-exports (Gaia's own tests and
 * migration guide import from them): each module's names that Warrant runs.
 */
export const BAYES_SUBMODULE_NAMES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['gaia.engine.bayes.dsl', new Set(['model', 'compare'])],
  ['gaia.engine.bayes.dsl.model', new Set(['model'])],
  ['gaia.engine.bayes.dsl.compare', new Set(['compare'])],
  ['gaia.engine.bayes.runtime', new Set(['PrecomputedLikelihoods'])],
  ['gaia.engine.bayes.runtime.precomputed', new Set(['PrecomputedLikelihoods'])],
]);

/** `from gaia.engine.lang import *` binds the module's `__all__`: everything but the compat names. */
export const STAR_IMPORT_NAMES: readonly string[] = [...SUPPORTED_NAMES, ...UNSUPPORTED_NAMES.keys()].filter((n) => !COMPAT_ONLY.has(n));
