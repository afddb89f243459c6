/**
 * Gaia features checked package by package through the real command line against real
 * Gaia (test/fixtures/gaia-packages/NAME, Gaia's outputs in NAME.expected): the knowledge
 * classes called directly, @compose, artifacts, Step reasons and predicate-logic formulas. Where Gaia compiled a
 * package, `export --to gaia-ir` writes its ir.json byte for byte and `infer --json`
 * gives its beliefs to 1e-9; where Gaia refused it, Warrant refuses it too (exit 1,
 * nothing written) for the same cause, at the place Gaia names where the table says.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWarrant } from './support/runWarrant.ts';

const ROOT = join(import.meta.dirname, '../fixtures/gaia-packages');

/** A package; for a refused one the words its first error must contain, and where (file:line) when given. */
interface Case {
  readonly name: string;
  readonly refusal?: string;
  readonly at?: string;
}

/** Each feature's packages; `warns`: compiling them prints warnings (the deprecated v5 verbs). */
const FEATURES: readonly { readonly feature: string; readonly warns?: boolean; readonly cases: readonly Case[] }[] = [
  {
    feature: 'knowledge classes called directly',
    cases: [
      { name: 'classes' },
      { name: 'classes-priors' },
      { name: 'classes-label' },
      { name: 'classes-setting-lang' },
      { name: 'classes-note-prior', refusal: 'a Note cannot have a prior' },
      { name: 'classes-question-prior', refusal: 'a Question cannot have a prior' },
      { name: 'classes-setting-prior', refusal: 'a Setting cannot have a prior' },
      { name: 'classes-context-prior', refusal: 'a Context cannot have a prior' },
      { name: 'classes-claim-keyword', refusal: "Claim() got an unexpected keyword argument 'source'" },
      { name: 'classes-note-type', refusal: 'Note() got the keyword type' },
      { name: 'classes-bad-prior', refusal: "the prior 1.5 of test:classes_bad_prior::c is outside Cromwell's bounds" },
      { name: 'classes-knowledge', refusal: 'Knowledge()' },
    ],
  },
  {
    feature: '@compose',
    cases: [
      { name: 'compose' },
      { name: 'compose-forms' },
      { name: 'compose-pattern' },
      { name: 'compose-docs' },
      { name: 'compose-stacked' },
      { name: 'compose-not-claim', refusal: '@compose functions must return a Claim object; memo() returned a note' },
      { name: 'compose-self-warrant', refusal: "step() returns one of its composition's warrants" },
      { name: 'compose-duplicate-label', refusal: "action label 'the_step' is used twice (it already names lcm_92aaaf6a5269bda4)" },
      { name: 'compose-label-collision', refusal: "'a' labels both a knowledge node and this action" },
    ],
  },
  {
    feature: 'compute run as Gaia runs it',
    cases: [
      { name: 'compute' },
      { name: 'compute-forms' },
      { name: 'compute-no-annotation', at: '__init__.py:10:', refusal: '@compute requires a Claim return annotation' },
      { name: 'compute-claim-value', at: '__init__.py:3:', refusal: "got an unexpected keyword argument 'value'" },
      { name: 'compute-domain', at: '__init__.py:19:', refusal: 'math domain error' },
      { name: 'compute-bad-type', at: '__init__.py:3:', refusal: 'compute() first argument must be a Claim subclass or decorated function' },
      { name: 'compute-no-value', at: '__init__.py:10:', refusal: "got an unexpected keyword argument 'value'" },
      { name: 'compute-note-given', at: '__init__.py:16:', refusal: 'cannot be a premise' },
      { name: 'compute-pep563' },
      { name: 'compute-quoted' },
      { name: 'compute-pep563-quoted', at: '__init__.py:19:', refusal: 'isinstance() arg 2 must be a type, a tuple of types, or a union' },
    ],
  },
  {
    feature: 'the standard library (math)',
    cases: [
      { name: 'stdlib-math' },
      { name: 'stdlib-mendel-numbers' },
      { name: 'stdlib-math-domain', at: '__init__.py:6:', refusal: 'ValueError: math domain error' },
      { name: 'stdlib-math-type', at: '__init__.py:6:', refusal: 'TypeError: must be real number, not str' },
      { name: 'stdlib-math-overflow', at: '__init__.py:5:', refusal: 'OverflowError: math range error' },
      { name: 'stdlib-math-factorial', at: '__init__.py:7:', refusal: 'ValueError: factorial() not defined for negative values' },
    ],
  },
  {
    feature: 'Python classes',
    cases: [
      { name: 'pyclass' },
      { name: 'pyclass-methods' },
      { name: 'pyclass-records' },
      { name: 'pyclass-no-attribute', at: '__init__.py:10:', refusal: "'Box' object has no attribute 'weight'" },
      { name: 'pyclass-init-args', at: '__init__.py:10:', refusal: "Box.__init__() missing 1 required positional argument: 'colour'" },
      { name: 'pyclass-dataclass-args', at: '__init__.py:12:', refusal: "Point.__init__() missing 1 required positional argument: 'y'" },
      { name: 'pyclass-claim-keyword', at: '__init__.py:10:', refusal: "got an unexpected keyword argument 'units'" },
      { name: 'pyclass-no-args', at: '__init__.py:8:', refusal: 'Empty() takes no arguments' },
      { name: 'pyclass-frozen', at: '__init__.py:14:', refusal: "cannot assign to field 'x'" },
      { name: 'pyclass-namedtuple-set', at: '__init__.py:13:', refusal: "can't set attribute" },
    ],
  },
  {
    feature: 'artifacts',
    cases: [
      { name: 'artifacts' },
      { name: 'artifacts-bad-kind', at: '__init__.py:4:', refusal: "artifact() kind 'photo' is not one Gaia knows" },
      { name: 'artifacts-no-locator', at: '__init__.py:4:', refusal: 'a figure taken from a source needs a locator' },
      { name: 'artifacts-escape', at: '__init__.py:4:', refusal: "figure() path 'figures/../../outside.png' must be relative to the package and stay inside it" },
      { name: 'artifacts-nothing', at: '__init__.py:4:', refusal: 'figure() needs a source (a key of references.json) or a path' },
      { name: 'artifacts-positional', at: '__init__.py:4:', refusal: 'figure() takes 0 positional arguments but 1 was given' },
      { name: 'artifacts-unknown-source', at: '__init__.py:4:', refusal: "the artifact source 'Galileo1610' of 'fig' is not a key of references.json" },
      { name: 'artifacts-gaia-meta', at: '__init__.py:4:', refusal: "metadata['gaia'] must be a dict" },
    ],
  },
  {
    feature: 'Step reasons',
    warns: true,
    cases: [
      { name: 'steps' },
      { name: 'steps-outside-premise', at: '__init__.py:8:', refusal: `deduction() reason[0]: the Step names "B." as a premise, which is not one of the strategy's premises` },
      { name: 'steps-single', at: '__init__.py:7:', refusal: 'deduction() reason: a single Step is not a list of steps' },
      { name: 'steps-bad-entry', at: '__init__.py:7:', refusal: 'deduction() reason[1] must be a text or a Step(...), not an int' },
      { name: 'steps-no-reason', at: '__init__.py:7:', refusal: "Step() missing 1 required positional argument: 'reason'" },
      { name: 'steps-number-reason', at: '__init__.py:7:', refusal: "deduction() reason[0]: a Step's reason must be text, got an int" },
    ],
  },
  {
    feature: 'truth-testing a claim',
    cases: [
      { name: 'claim-truth-note' },
      { name: 'claim-truth-if', at: '__init__.py:4:', refusal: 'TypeError: Claim objects do not have Python truth values' },
      { name: 'claim-truth-not', at: '__init__.py:5:', refusal: 'TypeError: Claim objects do not have Python truth values' },
      { name: 'claim-truth-bool', at: '__init__.py:5:', refusal: 'TypeError: Claim objects do not have Python truth values' },
      { name: 'claim-truth-ternary', at: '__init__.py:4:', refusal: 'TypeError: Claim objects do not have Python truth values' },
    ],
  },
  {
    feature: 'comprehensions and generator expressions',
    cases: [
      { name: 'py-comprehensions' },
      { name: 'py-comprehension-claim-test', at: '__init__.py:4:', refusal: 'TypeError: Claim objects do not have Python truth values' },
      { name: 'py-comprehension-unpack', at: '__init__.py:4:', refusal: 'ValueError: too many values to unpack (expected 2)' },
      { name: 'py-comprehension-scope', at: '__init__.py:4:', refusal: 'k is not defined' },
    ],
  },
  {
    feature: 'dataclass fields, __post_init__ and slices',
    cases: [
      { name: 'py-dataclass-fields' },
      { name: 'py-slices' },
      { name: 'py-field-mutable', at: '__init__.py:6:', refusal: "ValueError: mutable default <class 'list'> for field tags is not allowed: use default_factory" },
      { name: 'py-field-both', at: '__init__.py:9:', refusal: 'ValueError: cannot specify both default and default_factory' },
      { name: 'py-field-order', at: '__init__.py:6:', refusal: "TypeError: non-default argument 'weight' follows default argument" },
      { name: 'py-slice-zero-step', at: '__init__.py:4:', refusal: 'ValueError: slice step cannot be zero' },
      { name: 'py-slice-float', at: '__init__.py:4:', refusal: 'TypeError: slice indices must be integers or None or have an __index__ method' },
    ],
  },
  {
    feature: 'the bayes module',
    cases: [
      { name: 'bayes-mendel' },
      { name: 'bayes-ldl-docs' },
      { name: 'bayes-distributions' },
      { name: 'bayes-compare-forms' },
      { name: 'bayes-law-compare' },
      { name: 'bayes-law-hand' },
      { name: 'bayes-precomputed' },
      { name: 'bayes-reuse' },
      { name: 'bayes-same-observation-exact' },
      { name: 'bayes-same-model-twice', at: '__init__.py:19:', refusal: 'TypeError: BoolExpr does not have a Python truth value' },
      { name: 'bayes-same-observation-twice', at: '__init__.py:5:', refusal: 'TypeError: BoolExpr does not have a Python truth value' },
      { name: 'bayes-precomputed-missing', at: '__init__.py:11:', refusal: "precomputed likelihoods must cover exactly the model hypotheses: missing ['High rate.']" },
      { name: 'bayes-bad-sigma', at: '__init__.py:4:', refusal: 'Normal sigma must be > 0, got 0' },
      { name: 'bayes-bad-p', at: '__init__.py:6:', refusal: 'Binomial p must be in [0, 1], got 1.5' },
      { name: 'bayes-three-exhaustive', at: '__init__.py:14:', refusal: "compare(exclusivity='exhaustive_pairwise_complement') with 3 models requires an N-ary Exclusive operator" },
      { name: 'bayes-one-model', at: '__init__.py:8:', refusal: 'compare() requires at least two models' },
      { name: 'bayes-exclusivity-none', at: '__init__.py:11:', refusal: "compare(exclusivity='none') is no longer accepted" },
      { name: 'bayes-unbound', at: '__init__.py:10:', refusal: "BindingError: Variable 'rate' is unbound under 'b'" },
      { name: 'bayes-float-count', at: '__init__.py:8:', refusal: 'Binomial.logpmf(k): k must be integer, got float' },
      { name: 'bayes-zero-support', at: '__init__.py:8:', refusal: "BayesCompareError: comparison 'comparison' has zero support under every hypothesis" },
      { name: 'bayes-two-observables', at: '__init__.py:11:', refusal: 'compare() model helpers must share one observable' },
      { name: 'bayes-nat-value', at: '__init__.py:5:', refusal: "observe(variable, value=...) value -2 is not accepted by target 'k' domain Nat" },
      { name: 'bayes-model-not-variable', at: '__init__.py:6:', refusal: 'model() observable must be a Variable; got Claim' },
      { name: 'bayes-observe-distribution' },
      { name: 'bayes-noise-variable', refusal: "TypeError: float() argument must be a string or a real number, not 'Variable'" },
      { name: 'bayes-noise-variable-observed', refusal: 'Unable to serialize unknown type' },
      { name: 'bayes-domain-observable-numeric' },
      { name: 'bayes-domain-observable-outside', at: '__init__.py:5:', refusal: "observe(variable, value=...) value 3 is not in domain members of target 'yellow'." },
      { name: 'bayes-domain-observable-text', at: '__init__.py:9:', refusal: "observe(variable, value=...) must be a numeric scalar, got str: 'yellow'." },
      { name: 'bayes-quantity-docs' },
      { name: 'bayes-predicates' },
      { name: 'bayes-predicates-families' },
      { name: 'bayes-predicate-if', at: '__init__.py:4:', refusal: 'TypeError: BoolExpr does not have a Python truth value' },
      { name: 'bayes-predicate-chain', at: '__init__.py:4:', refusal: 'TypeError: BoolExpr does not have a Python truth value' },
      { name: 'bayes-predicate-not-boolexpr', at: '__init__.py:3:', refusal: 'claim() second positional argument must be a BoolExpr produced by comparing a Distribution' },
      { name: 'bayes-predicate-tolerance', at: '__init__.py:4:', refusal: 'claim(tolerance=...) only applies to equation propositions' },
      { name: 'bayes-predicate-text-threshold', refusal: "TypeError: Predicate threshold must be a numeric scalar; got str: '77 K'." },
      { name: 'bayes-predicate-two-distributions', refusal: 'NotImplementedError: Predicate with a Distribution on both sides is not yet supported.' },
      { name: 'bayes-observe-distribution-no-value', at: '__init__.py:4:', refusal: 'observe(distribution, ...) requires `value=` (the measured numeric value).' },
      { name: 'bayes-observe-distribution-zero-error', at: '__init__.py:4:', refusal: 'observe(distribution, error=sigma) requires sigma > 0, got 0.' },
      { name: 'bayes-observe-distribution-text', at: '__init__.py:4:', refusal: "observe(distribution, value=...) must be a numeric scalar or a gaia.unit.Quantity, got str: '203 K'." },
    ],
  },
  {
    feature: 'quantified and predicate formulas',
    cases: [
      { name: 'formula-docs' },
      { name: 'formula-nested' },
      { name: 'formula-forms' },
      { name: 'formula-primitive-forall', at: '__init__.py:7:', refusal: 'Forall formula lowering currently requires a finite Domain' },
      { name: 'formula-nested-quantifier', at: '__init__.py:7:', refusal: 'Unsupported formula lowering: Exists' },
      { name: 'formula-quantifier-in-connective', at: '__init__.py:6:', refusal: 'Unsupported formula lowering: Forall' },
      { name: 'formula-claim-body', at: '__init__.py:6:', refusal: 'body is not a Formula' },
      { name: 'formula-bound-variable', at: '__init__.py:6:', refusal: "variable 'z' is already bound to a value; quantifiers must bind FREE variables" },
      { name: 'formula-domain-mismatch', at: '__init__.py:6:', refusal: 'UserPredicate argument 0 domain mismatch: P expects' },
      { name: 'formula-parameter-domain', at: '__init__.py:5:', refusal: 'structured value sugar currently supports PrimitiveType variables' },
      { name: 'formula-parameter-conflict', at: '__init__.py:6:', refusal: "formula binding for parameter 'n' conflicts with existing parameter on test:formula_parameter_conflict::c" },
      { name: 'formula-bad-constant', at: '__init__.py:5:', refusal: 'value -1 not accepted by primitive type Nat' },
      { name: 'formula-law-grounded' },
      { name: 'formula-docs-sections' },
      { name: 'formula-decompose' },
      { name: 'formula-attributes' },
      { name: 'formula-domain-fields' },
      { name: 'formula-set-label' },
      { name: 'formula-frozen-symbol', at: '__init__.py:4:', refusal: "cannot assign to field 'name'" },
      { name: 'formula-attribute-missing', at: '__init__.py:5:', refusal: "'Variable' object has no attribute 'members'" },
      { name: 'formula-decompose-forall', at: '__init__.py:7:', refusal: 'every decompose part must appear in the formula' },
      { name: 'formula-all', at: '__init__.py:6:', refusal: "__all__ exports 'x'" },
      { name: 'formula-gen-1' },
      { name: 'formula-gen-2' },
      { name: 'formula-gen-3' },
      { name: 'formula-gen-4' },
      { name: 'formula-gen-9' },
      { name: 'formula-gen-10' },
      { name: 'formula-gen-12' },
      { name: 'formula-gen-13' },
    ],
  },
  {
    feature: 'quantified and predicate formulas, the grounding law by hand with v5 deduction',
    warns: true,
    cases: [{ name: 'formula-law-hand' }],
  },
  {
    // fills() onto a dependency's holes (fills-dam, over fills-reservoir), and the fills Gaia refuses as it builds the manifests.
    feature: 'fills and bridges',
    warns: true,
    cases: [
      { name: 'fills-reservoir' },
      { name: 'fills-dam' },
      { name: 'fills-levee' },
      { name: 'fills-tutorial-a' },
      { name: 'fills-tutorial-b' },
      { name: 'fills-local-exact', at: '__init__.py:7:', refusal: 'fills() target must be a foreign claim resolved from a dependency package' },
      { name: 'fills-local-partial', at: '__init__.py:6:', refusal: 'fills() target must be a foreign claim resolved from a dependency package' },
      { name: 'fills-local-conditional', at: '__init__.py:7:', refusal: 'fills() target must be a foreign claim resolved from a dependency package' },
      { name: 'fills-bad-strength', at: '__init__.py:7:', refusal: 'fills() strength must be one of: exact, partial, conditional' },
      { name: 'fills-bad-mode', at: '__init__.py:7:', refusal: 'fills() mode must be one of: deduction, infer' },
      { name: 'fills-note-source', at: '__init__.py:7:', refusal: "fills() requires source.type == 'claim'" },
      { name: 'fills-not-hole', at: '__init__.py:8:', refusal: "fills() target 'hydro:reservoir::full' is not a public premise in dependency 'reservoir'" },
      {
        name: 'fills-duplicate',
        at: '__init__.py:9:',
        refusal:
          "duplicate fills() relation for source 'hydro:fills_duplicate::gauge' and target 'hydro:reservoir::rain' on interface 'sha256:6ed8c40d46a1d32a8e7de219a8e3423c6f295156306e6cc88e83411870e371a5'",
      },
    ],
  },
  {
    // infer's likelihoods given as claims, read from their one numeric "value" parameter when the package compiles.
    feature: 'likelihoods read from claims',
    warns: true,
    cases: [
      { name: 'infer-claim-probability' },
      { name: 'infer-claim-probability-none', at: '__init__.py:5:', refusal: "ValueError: p_e_given_h Claim must define exactly one numeric parameter named 'value'" },
      { name: 'infer-claim-probability-note', at: '__init__.py:5:', refusal: "ValueError: p_e_given_h Claim must define exactly one numeric parameter named 'value'" },
      { name: 'infer-claim-probability-text', at: '__init__.py:5:', refusal: "ValueError: p_e_given_h Claim must define exactly one numeric parameter named 'value'" },
      { name: 'infer-claim-probability-two', at: '__init__.py:5:', refusal: "ValueError: p_e_given_not_h Claim must define exactly one numeric parameter named 'value'" },
      { name: 'infer-claim-probability-range', at: '__init__.py:5:', refusal: 'conditional_probabilities[1] must be a probability in [0, 1], got 1.5' },
      { name: 'associate-claim-probability', at: '__init__.py:6:', refusal: 'associate() p_a_given_b must be a probability, got' },
      { name: 'compose-claim-likelihood' },
    ],
  },
  {
    // A formula or a distribution comparison where a claim is expected becomes an operand_lift helper claim.
    feature: 'operands lifted into helper claims',
    cases: [
      { name: 'lift-formula' },
      { name: 'lift-scaffolds' },
      { name: 'lift-bool-expr' },
      { name: 'lift-quantified' },
      { name: 'lift-claim-kinds' },
      { name: 'lift-concluded' },
      { name: 'lift-observed' },
      { name: 'lift-metadata' },
      { name: 'lift-quantity' },
      { name: 'lift-question-targets' },
      { name: 'question-targets-number', at: '__init__.py:4:', refusal: "TypeError: 'int' object is not iterable" },
      { name: 'lift-predicate-claims' },
      { name: 'lift-export', at: '__init__.py:6:', refusal: "__all__ exports 'both', but it is an implicit lift helper created to adapt a Formula/BoolExpr operand" },
      { name: 'lift-not-boolean', at: '__init__.py:4:', refusal: 'derive() expected Claim or a Boolean-valued expression (Formula / BoolExpr / ClaimAtom) as given[1]' },
      { name: 'lift-register-prior', at: '__init__.py:5:', refusal: 'TypeError: register_prior() does not auto-lift Boolean-valued expressions' },
      { name: 'compute-formula-given', at: '__init__.py:11:', refusal: "AttributeError: 'Land' object has no attribute 'parameters'" },
    ],
  },
  {
    // claim(content, dist == x): Gaia's equation slot, with its tolerance and a neutral prior unless one is given.
    feature: 'equation claims over distributions',
    cases: [
      { name: 'bayes-equation-plain' },
      { name: 'bayes-equation' },
      { name: 'lift-equation' },
      { name: 'bayes-equation-derived-predicate', at: '__init__.py:5:', refusal: 'TypeError: Predicate claim left-hand side must be a Distribution; got DerivedDistribution' },
      { name: 'bayes-equation-if', at: '__init__.py:4:', refusal: 'TypeError: BoolExpr does not have a Python truth value' },
      { name: 'bayes-equation-tolerance-prose', at: '__init__.py:3:', refusal: 'TypeError: claim(tolerance=...) requires a proposition (equation BoolExpr)' },
      { name: 'bayes-equation-tolerance-text', at: '__init__.py:4:', refusal: "ValueError: claim(tolerance=...) must be a positive number, got 'small'." },
      { name: 'bayes-equation-tolerance-zero', at: '__init__.py:4:', refusal: 'ValueError: claim(tolerance=...) must be a positive number, got 0.' },
      { name: 'bayes-equation-reused' },
      { name: 'bayes-equation-units' },
      { name: 'bayes-equation-twice', at: '__init__.py:5:', refusal: 'TypeError: BoolExpr does not have a Python truth value' },
      { name: 'bayes-predicate-twice', at: '__init__.py:5:', refusal: 'TypeError: BoolExpr does not have a Python truth value' },
    ],
  },
  {
    // gaia.unit quantities, read and converted as Pint does (runtime/units/).
    feature: 'quantities with units',
    cases: [
      { name: 'units-docs' },
      { name: 'units-variable' },
      { name: 'units-variable-forms' },
      { name: 'units-registry' },
      { name: 'units-mixed', at: '__init__.py:4:', refusal: "Normal location/scale parameters disagree on unit-aware-ness: ['mu'] carry units, ['sigma'] do not" },
      { name: 'units-mismatch', at: '__init__.py:5:', refusal: "observe(distribution, value=...) unit meter is not compatible with the target distribution unit 'kelvin'" },
      { name: 'units-bare-threshold', at: '__init__.py:5:', refusal: "Predicate threshold must be a Quantity in 'kelvin' because the LHS distribution 'T' carries that unit; got bare scalar 77." },
      { name: 'units-unitless-target', at: '__init__.py:5:', refusal: "observe(distribution, value=...) is a unit-typed Quantity but the target distribution 'T' is unitless" },
      { name: 'units-dimensionless', at: '__init__.py:4:', refusal: "Beta parameters ['alpha'] are dimensionless and must be passed as bare scalars" },
      { name: 'units-bad-unit', at: '__init__.py:3:', refusal: "'furlongz' is not defined in the unit registry" },
      { name: 'units-model-mismatch', at: '__init__.py:6:', refusal: "bayes.model() observable 'y' carries unit 'meter', but distribution 'y under h' is unitless." },
      { name: 'units-model-other-unit', at: '__init__.py:7:', refusal: "bayes.model() distribution unit 'centimeter' must match observable unit 'meter'." },
      { name: 'units-compare-same-symbol' },
      { name: 'units-arithmetic' },
      { name: 'units-imports' },
      { name: 'units-metadata' },
      { name: 'units-celsius' },
      { name: 'units-add-dimension', at: '__init__.py:3:', refusal: "Cannot convert from 'meter' to 'second'" },
      { name: 'units-add-number', at: '__init__.py:3:', refusal: "Cannot convert from 'meter' to 'dimensionless'" },
      { name: 'units-compare-other-variable', refusal: 'compare() data observable unit does not match model observable unit' },
    ],
  },
  {
    feature: 'sets, and tuple and None domain members',
    cases: [
      { name: 'py-set-comprehension' },
      { name: 'py-set-order' },
      { name: 'formula-domain-tuples' },
      { name: 'py-set-unhashable', at: '__init__.py:3:', refusal: "TypeError: unhashable type: 'list'" },
    ],
  },
  {
    // roles_for_claim / roles_for_package, a claim's .kind and .from_actions, Claim(from_actions=...).
    feature: 'roles and read-backs',
    // roles-forms has an associate with no prior at either end: Warrant warns, as Gaia's check does.
    warns: true,
    cases: [
      { name: 'roles-read-back' },
      { name: 'roles-forms' },
      { name: 'roles-no-graph', at: '__init__.py:5:', refusal: "roles_for_claim() missing 1 required positional argument: 'graph'" },
      { name: 'roles-note-kind', at: '__init__.py:4:', refusal: '.kind on a note' },
    ],
  },
  {
    // gaia.engine.lang.compiler.extensions: Gaia's action-lowerer registry as a package calls it.
    feature: 'the action-lowerer registry',
    cases: [
      { name: 'lowerers-list' },
      { name: 'lowerers-bayes' },
      { name: 'lowerers-duplicate', at: '__init__.py:5:', refusal: "ValueError: action lowerer 'mine' already registered; pass override=True to replace it" },
      { name: 'lowerers-empty-name', at: '__init__.py:4:', refusal: 'ValueError: action lowerer name must not be empty' },
      { name: 'lowerers-keyword-only', at: '__init__.py:4:', refusal: 'register_action_lowerer() takes 1 positional argument but 3 were given' },
      { name: 'lowerers-bayes-twice', at: '__init__.py:5:', refusal: "ValueError: action lowerer 'bayes' already registered; pass override=True to replace it" },
      { name: 'lowerers-shadow-then-import', at: '__init__.py:5:', refusal: "action lowerer 'bayes' already registered with a different handler/lowerer pair; refusing to silently shadow" },
      // Gaia refuses it when compiling (its discovery of the bayes extension); Warrant names the registration.
      { name: 'lowerers-shadow-bayes', at: '__init__.py:4:', refusal: "action lowerer 'bayes' already registered with a different handler/lowerer pair; refusing to silently shadow" },
      // Gaia calls the package's lowering function (which here returns None, and fails); Warrant never runs one.
      { name: 'lowerers-claims-action', at: '__init__.py:4:', refusal: "the action lowerer 'mine' claims the derive at line 7" },
    ],
  },
];

interface BeliefsFile {
  readonly ir_hash: string;
  readonly beliefs: readonly { readonly knowledge_id: string; readonly label: string | null; readonly belief: number }[];
}

const expected = (name: string, file: string) => readFileSync(join(ROOT, `${name}.expected`, file), 'utf8');
const status = (name: string) => JSON.parse(expected(name, 'status.json')) as { compiled?: boolean; inferred?: boolean };
const errorLines = (stderr: string) => stderr.split('\n').filter((l) => l.includes(' error '));

describe.each(FEATURES)('$feature, through the CLI against Gaia', ({ warns, cases }) => {
  it.each(cases)('$name: export --to gaia-ir', async ({ name, refusal, at }) => {
    // The table says what Gaia did; the committed oracle output must agree with it.
    expect(status(name).compiled === true).toBe(refusal === undefined);
    const run = await runWarrant(['export', join(ROOT, name), '--to', 'gaia-ir']);
    if (refusal === undefined) {
      if (warns) expect(errorLines(run.stderr)).toEqual([]);
      else expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(expected(name, 'ir.json'));
      return;
    }
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    if (at === undefined) {
      expect(run.stderr).toContain(refusal);
      return;
    }
    const first = errorLines(run.stderr)[0];
    expect(first).toContain(at);
    expect(first).toContain(refusal);
  });

  it.each(cases.filter((c) => c.refusal === undefined))('$name: infer --json gives Gaia’s beliefs to 1e-9', async ({ name }) => {
    expect(status(name).inferred).toBe(true);
    const run = await runWarrant(['infer', '--json', join(ROOT, name)]);
    expect(run.code).toBe(0);
    const got = JSON.parse(run.stdout) as BeliefsFile;
    const want = JSON.parse(expected(name, 'beliefs.json')) as BeliefsFile;
    expect(got.ir_hash).toBe(want.ir_hash);
    expect(got.beliefs.map((b) => [b.knowledge_id, b.label])).toEqual(want.beliefs.map((b) => [b.knowledge_id, b.label]));
    got.beliefs.forEach((b, i) => expect(Math.abs(b.belief - want.beliefs[i]!.belief)).toBeLessThanOrEqual(1e-9));
  });
});
