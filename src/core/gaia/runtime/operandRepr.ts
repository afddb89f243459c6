/**
 * The text Gaia gives the helper claim it makes when a formula or a distribution
 * comparison stands where a claim is expected (`derive("C.", given=[a & b])`): `str()` of
 * the operand, which for these dataclasses is their generated repr —
 * `Land(operands=(ClaimAtom(claim=Claim(content='A.', …)), …))`, every field of every
 * claim it mentions included.
 *
 * Written here for formulas (connectives, quantifiers, typed predicates, through
 * logicTerms' repr of terms) and for comparisons of a Distribution with a number. What
 * else would appear in it is refused with the reason (a message, not a text). A claim's
 * prior records carry the time they were registered at (registrationClock.ts), so the
 * text of a lift over a claim with a prior differs from compile to compile, as in Gaia.
 */
import { pythonFloatRepr, pythonIntRepr } from '../text/pythonFloat.ts';
import { PyFloat } from '../text/pythonJson.ts';
import { pythonStrRepr } from '../text/pythonRepr.ts';
import type { BayesDistribution, ModelAction } from './bayes/bayesObjects.ts';
import { MODEL_OF_HELPER, PRECOMPUTED, PRECOMPUTED_FIELDS, describedDistribution, describedVariable } from './bayes/bayesObjects.ts';
import type { Action, Formula, LegacyStrategy, MetaDict, MetaValue, ProbabilityValue, ReasonEntry } from './gaiaObjects.ts';
import { Knowledge, isMetaDict, isScaffold, metaDict } from './gaiaObjects.ts';
import { registeredAtOf } from './verbs/priorRecords.ts';
import type { GValue } from './gaiaValues.ts';
import { atomRepr } from './logicFormulas.ts';
import { PROPOSITION_OBJECTS } from './bayes/predicateClaim.ts';
import { claimKindText, claimKindValue } from './claimKinds.ts';
import { logicRepr } from './logicTerms.ts';
import { iterate, pyStr } from './pythonSemantics.ts';
import { pyTypeName } from './pythonTypeName.ts';
import { claimClassOf } from './pyClasses.ts';

/** A knowledge node's `background=` (Gaia's object keeps it; the IR does not), set by claim() and the classes. */
export const CLAIM_BACKGROUNDS = new WeakMap<Knowledge, readonly Knowledge[]>();

/**
 * A question's `targets=` as Gaia keeps it, `list(targets)`: knowledge nodes, and plain
 * values held as their Python repr (a string gives its characters). A question without
 * targets has none; targets of another kind are left unkept (its text is then refused).
 */
const QUESTION_TARGETS = new WeakMap<Knowledge, readonly (Knowledge | { readonly repr: string })[]>();

/**
 * Keeps a question's targets for its repr; or, for targets Python's `list()` cannot take
 * (a number, None, a claim), Gaia's TypeError, which refuses the package.
 */
export function keepQuestionTargets(k: Knowledge, targets: GValue | undefined): string | null {
  if (!targets) {
    QUESTION_TARGETS.set(k, []);
    return null;
  }
  // A set's order is Python's own; an opaque value is one Warrant did not evaluate: neither is kept.
  if (targets.t === 'set' || targets.t === 'opaque') return null;
  const items = iterate(targets);
  if (!items) return `TypeError: '${pyTypeName(targets)}' object is not iterable`;
  const kept = items.map((x) => (x.t === 'knowledge' ? x.k : plainTargetRepr(x)));
  if (kept.every((x) => x !== null)) QUESTION_TARGETS.set(k, kept as (Knowledge | { readonly repr: string })[]);
  return null;
}

function plainTargetRepr(v: GValue): { readonly repr: string } | null {
  if (v.t === 'str') return { repr: pythonStrRepr(v.v) };
  if (v.t === 'none') return { repr: 'None' };
  if (v.t === 'bool') return { repr: v.v ? 'True' : 'False' };
  if (v.t === 'num' && v.big === undefined) return { repr: v.float ? pythonFloatRepr(v.v) : pythonIntRepr(v.v) };
  return null;
}

/**
 * A `Step(...)` of a strategy's reason as Gaia's object keeps it: its premises as given
 * (None, a list or a tuple, texts among them where a composite keeps them) and its
 * `metadata=`, written as `Step(reason=..., premises=..., metadata=...)`.
 */
const STEPS = new WeakMap<object, { readonly premises: GValue; readonly metadata: GValue }>();

/** Keeps the Step `step` that reason entry `entry` was read from. */
export function keepStep(entry: object, step: Extract<GValue, { t: 'step' }>): void {
  STEPS.set(entry, { premises: step.premises, metadata: step.metadata });
}

function stepRepr(entry: Exclude<ReasonEntry, string>): string {
  const step = STEPS.get(entry);
  if (!step) throw new NotWritten("a Step of a strategy's reason");
  const premises = step.premises;
  let premisesText: string;
  if (premises.t === 'none') premisesText = 'None';
  else if (premises.t === 'seq') {
    const items = premises.items.map((p) => (p.t === 'knowledge' ? knowledgeRepr(p.k) : p.t === 'str' ? pythonStrRepr(p.v) : null));
    if (items.some((x) => x === null)) throw new NotWritten('the premises of a Step');
    premisesText = premises.tuple ? tupleRepr(items as string[]) : `[${items.join(', ')}]`;
  } else throw new NotWritten('the premises of a Step');
  const metadata = step.metadata.t === 'none' ? 'None' : pyStr(step.metadata, true);
  if (metadata === undefined || (step.metadata.t !== 'none' && step.metadata.t !== 'dict')) throw new NotWritten('the metadata of a Step');
  return `Step(reason=${pythonStrRepr(entry.reasoning)}, premises=${premisesText}, metadata=${metadata})`;
}

/** Notes made by the deprecated `Setting(...)` / `Context(...)` classes: their repr names that class (`note()`, `setting()`, `context()` make a `Note`). */
export const NOTE_CLASS_NAMES = new WeakMap<Knowledge, 'Setting' | 'Context'>();

/**
 * Metadata values Gaia holds as something a list or dict does not show: a tuple (written
 * `(1, 2)`), a Pint quantity (its IR literal here, `<Quantity(3, 'meter')>` in Gaia's text:
 * the magnitude as it was given, an int staying an int, where the IR writes a float).
 * Marked by GaiaRuntime.meta.
 */
export const HELD_AS_TUPLE = new WeakSet<readonly MetaValue[]>();
const QUANTITY_TEXTS = new WeakMap<MetaDict, string>();
export function heldAsQuantity(d: MetaDict, magnitude: number, float: boolean, unit: string): MetaDict {
  QUANTITY_TEXTS.set(d, `<Quantity(${float ? pythonFloatRepr(magnitude) : pythonIntRepr(magnitude)}, ${pythonStrRepr(unit)})>`);
  return d;
}

/** Thrown inside the walk: why the text cannot be written. */
class NotWritten extends Error {}

const optionalStr = (s: string | null): string => (s === null ? 'None' : pythonStrRepr(s));

function metaRepr(v: MetaValue): string {
  if (v === null) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'string') return pythonStrRepr(v);
  if (typeof v === 'number') return Number.isInteger(v) ? pythonIntRepr(v) : pythonFloatRepr(v);
  if (v instanceof PyFloat) return pythonFloatRepr(v.value);
  if (Array.isArray(v)) return HELD_AS_TUPLE.has(v) ? tupleRepr(v.map(metaRepr)) : `[${v.map(metaRepr).join(', ')}]`;
  if (isMetaDict(v)) {
    const quantity = QUANTITY_TEXTS.get(v);
    if (quantity !== undefined) return quantity;
    // Where Gaia's metadata holds a Variable or a Distribution object, Warrant holds its descriptor.
    const variable = describedVariable(v);
    if (variable) return logicRepr(variable.source);
    const distribution = describedDistribution(v);
    if (distribution) return distributionRepr(distribution);
    return `{${Object.entries(v)
      .map(([k, x]) => `${pythonStrRepr(k)}: ${metaRepr(x)}`)
      .join(', ')}}`;
  }
  return claimRepr(v as Knowledge);
}

const WARRANT_KINDS = new Set(['implication_warrant', 'likelihood']);
/**
 * Helpers whose metadata holds nothing but plain values, claims and the objects metaRepr
 * writes: a relation's result, an association, a lift, a bayes model (its `model` entry
 * written from its action) and a comparison.
 */
const PLAIN_HELPER_KINDS = new Set(['equivalence_result', 'contradiction_result', 'complement_result', 'association', 'operand_lift', 'model', 'model_preference']);
/**
 * The actions written out. An associate is not (Gaia cannot infer a package whose formula
 * holds an association helper). A compute's `fn` is its function's repr, with the address
 * the run gives it (functionAddresses.ts).
 */
const WRITTEN_ACTIONS = new Set(['derive', 'observe', 'compute', 'infer', 'associate', 'decompose', 'compose', 'equal', 'contradict', 'exclusive', 'bayes_model', 'bayes_compare']);
const STRUCTURAL_CLASSES: Readonly<Record<string, string>> = { equal: 'Equal', contradict: 'Contradict', exclusive: 'Exclusive' };

// Python's dataclass repr writes an object already being written as `...` (reprlib.recursive_repr).
const claimsInProgress = new Set<Knowledge>();
const actionsInProgress = new Set<Action>();
const strategiesInProgress = new Set<LegacyStrategy>();

function claimRepr(k: Knowledge): string {
  if (claimsInProgress.has(k)) return '...';
  if (!k.isClaim) throw new NotWritten(`the ${k.type} ${pythonStrRepr(k.content)}`);
  const metadata = withRegistrationTimes(k);
  // A v5 strategy sets its conclusion's `strategy` field.
  const strategy = strategyOf(k);
  // Gaia holds objects under these (a BoolExpr, a Distribution); Warrant holds their descriptors.
  const proposition = PROPOSITION_OBJECTS.get(k);
  // An observation's target and noise are objects metaRepr writes; a predicate's or equation's BoolExpr is written from its proposition.
  for (const key of ['predicate', 'equation']) {
    if (key in k.metadata && proposition?.slot !== key) throw new NotWritten(`the ${key} record of ${pythonStrRepr(k.content)}`);
  }
  // The warrant helpers a derive or an infer makes: their relation's premises are a tuple.
  const warrant = WARRANT_KINDS.has(String(k.metadata['helper_kind']));
  if ('generated' in k.metadata && !warrant && !PLAIN_HELPER_KINDS.has(String(k.metadata['helper_kind']))) throw new NotWritten(`the helper claim ${pythonStrRepr(k.content)}`);
  claimsInProgress.add(k);
  try {
    const o = k.options;
    const parameters = parametersRepr(k);
    const provenance = provenanceRepr(k);
    const fields = [
      `content=${pythonStrRepr(k.content)}`,
      `format=${pythonStrRepr(o.format)}`,
      "type='claim'",
      `title=${optionalStr(o.title)}`,
      `background=${backgroundRepr(k)}`,
      `parameters=${parameters}`,
      `provenance=${provenance}`,
      `metadata=${claimMetadataRepr(k, metadata, warrant, proposition)}`,
      `label=${optionalStr(k.label)}`,
      `strategy=${strategy ? strategyRepr(strategy) : 'None'}`,
      // Claim.prior: a premise-free observe's pin, or Claim(prior=...) (a probability, so a float).
      `prior=${k.prior === null ? 'None' : pythonFloatRepr(k.prior)}`,
      `from_actions=[${k.fromActions.map(actionRepr).join(', ')}]`,
      `formula=${k.formula ? formulaRepr(k.formula) : 'None'}`,
      `kind=${claimKindText(claimKindValue(k.claimKind), true)}`,
    ];
    // A PrecomputedLikelihoods writes its own fields after Claim's.
    const precomputed = PRECOMPUTED.get(k);
    const own = PRECOMPUTED_FIELDS.get(k);
    if (precomputed && own)
      return `PrecomputedLikelihoods(${[...fields, `log_likelihoods=${likelihoodsRepr(precomputed)}`, `diagnostics=${metaRepr(own.diagnostics)}`, `solver=${pythonStrRepr(own.solver)}`].join(', ')})`;
    // An instance of a package's Claim subclass writes its class's name (the fields are Claim's).
    return `${claimClassOf(k)?.name ?? 'Claim'}(${fields.join(', ')})`;
  } finally {
    claimsInProgress.delete(k);
  }
}

function claimMetadataRepr(k: Knowledge, metadata: MetaDict, warrant: boolean, proposition: { readonly slot: string; readonly value: GValue } | undefined): string {
  if (warrant) return warrantMetadataRepr(metadata);
  if (proposition) return propositionMetadataRepr(metadata, proposition);
  const model = MODEL_OF_HELPER.get(k);
  return model ? modelMetadataRepr(metadata, model) : metaRepr(metadata);
}

/** A dict as metaRepr writes it, but for the value under `key`, which `write` gives. */
function dictReprWith(m: MetaDict, key: string, write: (v: MetaValue) => string): string {
  return `{${Object.entries(m)
    .map(([k, v]) => `${pythonStrRepr(k)}: ${k === key ? write(v) : metaRepr(v)}`)
    .join(', ')}}`;
}

/** A model helper's metadata: its `model` entry holds the hypothesis, observable and distribution objects. */
const modelMetadataRepr = (m: MetaDict, model: ModelAction): string =>
  dictReprWith(
    m,
    'model',
    () => `{'kind': 'model', 'hypothesis': ${claimRepr(model.hypothesis)}, 'observable': ${logicRepr(model.observable.source)}, 'distribution': ${distributionRepr(model.distribution)}}`,
  );

/**
 * A claim's metadata as Gaia's object holds it: each prior record with the time it was
 * registered at (`created_at`, last), which the IR leaves out.
 */
function withRegistrationTimes(k: Knowledge): MetaDict {
  const records = k.metadata['prior_records'];
  if (!Array.isArray(records)) return k.metadata;
  const stamped = records.map((record) => {
    const at = registeredAtOf(record);
    if (at === undefined || !isMetaDict(record)) throw new NotWritten(`the prior records of ${pythonStrRepr(k.content)}`);
    return metaDict({ ...record, created_at: at });
  });
  // Replaced where it stands: the dict keeps its keys' order.
  const copy = metaDict(k.metadata);
  copy['prior_records'] = stamped;
  return copy;
}

const parametersRepr = (k: Knowledge): string =>
  `[${k.options.parameters
    .map((p) => `{'name': ${pythonStrRepr(p.name)}, 'type': ${pythonStrRepr(p.type)}${p.held === 'absent' ? '' : `, 'value': ${p.held === 'unbound' ? 'UNBOUND' : metaRepr(p.value)}`}}`)
    .join(', ')}]`;
const provenanceRepr = (k: Knowledge): string => `[${k.options.provenance.map((p) => `{'package_id': ${pythonStrRepr(p.package_id)}, 'version': ${pythonStrRepr(p.version)}}`).join(', ')}]`;
const backgroundRepr = (k: Knowledge): string => `[${(CLAIM_BACKGROUNDS.get(k) ?? []).map(knowledgeRepr).join(', ')}]`;

/** A claim, note or question in a background list, as its dataclass writes itself. */
export function knowledgeRepr(k: Knowledge): string {
  if (k.isClaim) return claimRepr(k);
  const targets = k.type === 'question' ? QUESTION_TARGETS.get(k) : [];
  if (!targets) throw new NotWritten(`the targets of the question ${pythonStrRepr(k.content)}`);
  if (claimsInProgress.has(k)) return '...';
  claimsInProgress.add(k);
  try {
    const o = k.options;
    const fields = [
      `content=${pythonStrRepr(k.content)}`,
      `format=${pythonStrRepr(o.format)}`,
      `type=${pythonStrRepr(k.type)}`,
      `title=${optionalStr(o.title)}`,
      `background=${backgroundRepr(k)}`,
      `parameters=${parametersRepr(k)}`,
      `provenance=${provenanceRepr(k)}`,
      `metadata=${metaRepr(k.metadata)}`,
      `label=${optionalStr(k.label)}`,
      'strategy=None',
    ];
    if (k.type === 'question') return `Question(${[...fields, `targets=[${targets.map((t) => (t instanceof Knowledge ? knowledgeRepr(t) : t.repr)).join(', ')}]`].join(', ')})`;
    return `${NOTE_CLASS_NAMES.get(k) ?? 'Note'}(${fields.join(', ')})`;
  } finally {
    claimsInProgress.delete(k);
  }
}

/** Every strategy, nested ones included, that concludes `k`. */
function concluding(strategies: readonly LegacyStrategy[], k: Knowledge, into: LegacyStrategy[] = []): LegacyStrategy[] {
  for (const st of strategies) {
    if (st.conclusion === k) into.push(st);
    concluding(st.subStrategies ?? [], k, into);
  }
  return into;
}

/**
 * The v5 strategy Gaia's claim holds in its `strategy` field: the last made of those that
 * conclude it (each attaches itself as it is made; a composite after its parts).
 */
function strategyOf(k: Knowledge): LegacyStrategy | null {
  const found = concluding(k.owner?.strategies ?? [], k);
  if (found.length === 0) return null;
  return found.reduce((last, s) => (s.uid > last.uid ? s : last));
}

/** A reason as given: a text, or a list (or tuple) of texts and Steps. */
function reasonRepr(st: LegacyStrategy): string {
  if (typeof st.reason === 'string') return pythonStrRepr(st.reason);
  const items = st.reason.map((r) => (typeof r === 'string' ? pythonStrRepr(r) : stepRepr(r)));
  return st.reasonTuple ? tupleRepr(items) : `[${items.join(', ')}]`;
}

function strategyRepr(st: LegacyStrategy): string {
  if (strategiesInProgress.has(st)) return '...';
  strategiesInProgress.add(st);
  try {
    return `Strategy(${strategyFields(st).join(', ')})`;
  } finally {
    strategiesInProgress.delete(st);
  }
}

function strategyFields(st: LegacyStrategy): string[] {
  return [
    `type=${pythonStrRepr(st.type)}`,
    `premises=[${st.premises.map(knowledgeRepr).join(', ')}]`,
    `conclusion=${knowledgeRepr(st.conclusion)}`,
    `background=[${st.background.map(knowledgeRepr).join(', ')}]`,
    `reason=${reasonRepr(st)}`,
    `metadata=${metaRepr(st.metadata)}`,
    'label=None',
    'formal_expr=None',
    `sub_strategies=[${(st.subStrategies ?? []).map(strategyRepr).join(', ')}]`,
    `composition_warrant=${st.compositionWarrant ? compositionWarrantRepr(st.compositionWarrant) : 'None'}`,
  ];
}

/** The composition's validity helper: a plain `Knowledge` of type claim, as Gaia makes it. */
function compositionWarrantRepr(k: Knowledge): string {
  const fields = [
    `content=${pythonStrRepr(k.content)}`,
    `format=${pythonStrRepr(k.options.format)}`,
    "type='claim'",
    `title=${optionalStr(k.options.title)}`,
    'background=[]',
    'parameters=[]',
    'provenance=[]',
    `metadata=${metaRepr(k.metadata)}`,
    'label=None',
    'strategy=None',
  ];
  return `Knowledge(${fields.join(', ')})`;
}

/** A predicate or equation claim's metadata: its slot holds the BoolExpr object itself. */
const propositionMetadataRepr = (m: MetaDict, proposition: { readonly slot: string; readonly value: GValue }): string => dictReprWith(m, proposition.slot, () => operandValueRepr(proposition.value));

/** An implication warrant's metadata: its relation holds the premises as the tuple Gaia keeps. */
const warrantMetadataRepr = (m: MetaDict): string =>
  dictReprWith(m, 'relation', (v) => (isMetaDict(v) ? dictReprWith(v, 'given', (given) => (Array.isArray(given) ? tupleRepr(given.map(metaRepr)) : metaRepr(given))) : metaRepr(v)));

/** A probability as infer() keeps it: the number as written (int or float), or a claim. */
const probabilityRepr = (p: ProbabilityValue | Knowledge): string => (p instanceof Knowledge ? claimRepr(p) : p.isFloat ? pythonFloatRepr(p.value) : pythonIntRepr(p.value));

/**
 * An action a claim already concludes (its `from_actions`), as its dataclass writes itself:
 * the fields every reasoning record has, then its own. A compute's `fn` is its function's
 * repr, with the address the run gives it (functionAddresses.ts).
 */
function actionRepr(a: Action): string {
  if (actionsInProgress.has(a)) return '...';
  const fn = a.kind === 'compute' ? a.fn?.repr() : undefined;
  if (fn === null) throw new NotWritten("the compute behind a claim (its function's repr)");
  if (isScaffold(a) || !WRITTEN_ACTIONS.has(a.kind)) throw new NotWritten(`the ${a.kind} action behind a claim`);
  actionsInProgress.add(a);
  try {
    const common = [
      `label=${optionalStr(a.label)}`,
      `rationale=${pythonStrRepr(a.rationale)}`,
      `background=[${a.background.map(knowledgeRepr).join(', ')}]`,
      `metadata=${metaRepr(a.metadata)}`,
      `warrants=[${a.warrants.map(claimRepr).join(', ')}]`,
    ];
    switch (a.kind) {
      case 'derive':
      case 'observe':
        return `${a.kind === 'derive' ? 'Derive' : 'Observe'}(${[...common, `conclusion=${claimRepr(a.conclusion)}`, `given=${tupleRepr(a.given.map(claimRepr))}`].join(', ')})`;
      case 'compute':
        // The object keeps no code hash (the IR's is computed when it lowers).
        return `Compute(${[...common, `conclusion=${claimRepr(a.conclusion)}`, `given=${tupleRepr(a.given.map(claimRepr))}`, `fn=${fn}`, 'code_hash=None'].join(', ')})`;
      case 'infer':
        return `Infer(${[
          ...common,
          `helper=${claimRepr(a.helper)}`,
          `hypothesis=${claimRepr(a.hypothesis)}`,
          `evidence=${claimRepr(a.evidence)}`,
          `given=${tupleRepr(a.given.map(claimRepr))}`,
          `p_e_given_h=${probabilityRepr(a.pEGivenH)}`,
          `p_e_given_not_h=${probabilityRepr(a.pEGivenNotH)}`,
          `p_e_given_not_h_defaulted=${a.pEGivenNotHDefaulted ? 'True' : 'False'}`,
        ].join(', ')})`;
      case 'associate':
        return `Associate(${[
          ...common,
          `helper=${claimRepr(a.helper)}`,
          `a=${claimRepr(a.a)}`,
          `b=${claimRepr(a.b)}`,
          `p_a_given_b=${probabilityRepr(a.pAGivenB)}`,
          `p_b_given_a=${probabilityRepr(a.pBGivenA)}`,
          `pattern=${optionalStr(a.pattern)}`,
        ].join(', ')})`;
      case 'decompose':
        return `Decompose(${[...common, `whole=${claimRepr(a.whole)}`, `parts=${tupleRepr(a.parts.map(claimRepr))}`, `formula=${formulaRepr(a.formula)}`].join(', ')})`;
      case 'equal':
      case 'contradict':
      case 'exclusive':
        return `${STRUCTURAL_CLASSES[a.kind]}(${[...common, `a=${claimRepr(a.a)}`, `b=${claimRepr(a.b)}`, `helper=${claimRepr(a.helper)}`].join(', ')})`;
      case 'bayes_model':
        return `Model(${[
          ...common,
          `hypothesis=${claimRepr(a.hypothesis)}`,
          `observable=${logicRepr(a.observable.source)}`,
          `distribution=${distributionRepr(a.distribution)}`,
          `helper=${claimRepr(a.helper)}`,
        ].join(', ')})`;
      case 'bayes_compare': {
        // Both hold the log-likelihoods as given (floats, in their own order); precomputed= the claim when one was given.
        const given = a.precomputedAsGiven && likelihoodsRepr(a.precomputedAsGiven);
        return `ModelCompare(${[
          ...common,
          `helper=${claimRepr(a.helper)}`,
          `models=${tupleRepr(a.models.map((m) => claimRepr(m.helper)))}`,
          `data=${tupleRepr(a.data.map(claimRepr))}`,
          `exclusivity=${pythonStrRepr(a.exclusivity)}`,
          `precomputed=${a.precomputedSource ? claimRepr(a.precomputedSource) : (given ?? 'None')}`,
          `log_likelihoods=${given ?? '{}'}`,
        ].join(', ')})`;
      }
      case 'compose':
        return `Compose(${[
          ...common,
          `name=${pythonStrRepr(a.name)}`,
          `version=${pythonStrRepr(a.version)}`,
          `inputs=${tupleRepr(a.inputs.map(knowledgeRepr))}`,
          `actions=${tupleRepr(a.actions.map(actionRepr))}`,
          `conclusion=${claimRepr(a.conclusion)}`,
        ].join(', ')})`;
    }
    throw new NotWritten(`the ${(a as Action).kind} action behind a claim`);
  } finally {
    actionsInProgress.delete(a);
  }
}

const tupleRepr = (items: readonly string[]): string => `(${items.join(', ')}${items.length === 1 ? ',' : ''})`;

function formulaRepr(f: Formula): string {
  switch (f.f) {
    case 'atom':
      return `ClaimAtom(claim=${claimRepr(f.claim)})`;
    case 'and':
      return `Land(operands=${tupleRepr(f.operands.map(formulaRepr))})`;
    case 'or':
      return `Lor(operands=${tupleRepr(f.operands.map(formulaRepr))})`;
    case 'not':
      return `Lnot(operand=${formulaRepr(f.operand)})`;
    case 'implies':
      return `Implies(antecedent=${formulaRepr(f.antecedent)}, consequent=${formulaRepr(f.consequent)})`;
    case 'iff':
      return `Iff(left=${formulaRepr(f.left)}, right=${formulaRepr(f.right)})`;
    case 'forall':
      return `Forall(variable=${logicRepr(f.variable)}, body=${formulaRepr(f.body)})`;
    case 'exists':
      return `Exists(variable=${logicRepr(f.variable)}, body=${formulaRepr(f.body)})`;
    default:
      return atomRepr(f);
  }
}

function distributionRepr(d: BayesDistribution): string {
  const k = d.knowledge;
  if (d.unit && !d.paramUnits?.length) throw new NotWritten(`the units of the distribution ${pythonStrRepr(d.content)}`);
  // Its metadata: what metadata= gave, then the unit each quantity-valued parameter had, then the random variable's.
  const metadata = metaDict({ ...(k?.metadata ?? {}) });
  if (d.paramUnits?.length) metadata['units'] = metaDict(Object.fromEntries(d.paramUnits));
  if (d.unit) metadata['unit'] = d.unit;
  const fields = [
    `content=${pythonStrRepr(d.content)}`,
    `format=${pythonStrRepr(k?.format ?? 'markdown')}`,
    "type='distribution'",
    `title=${optionalStr(k?.title ?? null)}`,
    `background=[${(k?.background ?? []).map(knowledgeRepr).join(', ')}]`,
    'parameters=[]',
    'provenance=[]',
    `metadata=${metaRepr(metadata)}`,
    `label=${optionalStr(d.label)}`,
    'strategy=None',
  ];
  return `Distribution(${fields.join(', ')})`;
}

/** A dict of hypotheses to log-likelihoods (floats), in its own order. */
const likelihoodsRepr = (table: ReadonlyMap<Knowledge, number>): string => `{${[...table].map(([h, x]) => `${claimRepr(h)}: ${floatRepr(x)}`).join(', ')}}`;

/** Python's repr of a float, the infinities and NaN included. */
const floatRepr = (x: number): string => pyStr({ t: 'num', v: x, float: true })!;

function operandValueRepr(v: GValue): string {
  switch (v.t) {
    case 'distribution':
      return distributionRepr(v.d);
    case 'num':
      if (!v.float)
        return Number.isSafeInteger(v.v)
          ? pythonIntRepr(v.v)
          : (() => {
              throw new NotWritten('a very large integer');
            })();
      return floatRepr(v.v);
    case 'bool':
      return v.v ? 'True' : 'False';
    case 'none':
      return 'None';
    case 'str':
      return pythonStrRepr(v.v);
    case 'derived':
      return `DerivedDistribution(op=${pythonStrRepr(v.op)}, left=${operandValueRepr(v.left)}, right=${operandValueRepr(v.right)})`;
    case 'boolExpr':
      return `BoolExpr(op=${pythonStrRepr(v.op)}, left=${operandValueRepr(v.left)}, right=${operandValueRepr(v.right)})`;
    default:
      throw new NotWritten(`a ${v.t} inside the comparison`);
  }
}

/** Gaia's text for the helper claim lifted from `operand`, or why Warrant cannot write it (`{ reason }`). */
export function liftedOperandText(operand: GValue): string | { readonly reason: string } {
  try {
    if (operand.t === 'formula') return formulaRepr(operand.f);
    if (operand.t === 'boolExpr') return operandValueRepr(operand);
    return { reason: `a ${operand.t}` };
  } catch (e) {
    if (e instanceof NotWritten) return { reason: e.message };
    throw e;
  }
}
