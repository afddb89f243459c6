/**
 * What Gaia's bayes module makes while a package runs: typed variables (the observables),
 * named distributions, and the two reasoning records `bayes.model(...)` and
 * `bayes.compare(...)`. Variables and distributions are Lang-only in Gaia — never IR
 * nodes, only described inside the metadata of the claims that use them.
 */
import type { DistributionKind } from '../../../math/scipyDensities.ts';
import type { ActionCommon, Knowledge, MetaDict } from '../gaiaObjects.ts';
import { metaDict, newUid } from '../gaiaObjects.ts';
import type { GValue } from '../gaiaValues.ts';
import type { LogicDomain, LogicScalar, LogicVariable } from '../logicTerms.ts';
import { scalarJson } from '../logicTerms.ts';
import type { MetaValue } from '../gaiaObjects.ts';

/** A number as written (Python keeps 1 and 1.0 apart, and so does the IR). */
export interface WrittenNumber {
  readonly value: number;
  readonly isFloat: boolean;
}

/** `Variable(symbol=..., domain=Nat, value=...)`. */
export interface BayesVariable {
  readonly uid: number;
  /** The `Variable(...)` it is (its repr is the object's, where Gaia's text holds the object). */
  readonly source: LogicVariable;
  readonly symbol: string;
  /** The primitive type's name: Nat, Real, Probability, Bool; null for a user Domain. */
  readonly domain: string | null;
  /** The canonical unit of `Variable(unit=...)`, or null. */
  readonly unit: string | null;
  /** A user Domain's content and members (what an observed value must be one of). */
  /** A user Domain's content and members, and the domain itself (its label is read when written). */
  readonly userDomain?: { readonly content: string; readonly members: readonly LogicScalar[]; readonly sort: LogicDomain };
}

/** `Normal("...", mu=..., sigma=...)` and the other factories. */
export interface BayesDistribution {
  readonly uid: number;
  readonly kind: DistributionKind;
  readonly content: string;
  label: string | null;
  /** In the factory's parameter order: a number, or a Variable bound later by each hypothesis's parameter(...). */
  readonly params: readonly DistributionParam[];
  /** The random variable's canonical unit (Gaia's `metadata['unit']`), from quantity-valued parameters; null or absent when unitless. */
  readonly unit?: string | null;
  /** Each quantity-valued parameter's unit (Gaia's `metadata['units']`), in the factory's order; absent when none. */
  readonly paramUnits?: readonly (readonly [string, string])[];
  /**
   * The Knowledge keywords a factory passes on to the Distribution (`format=`, `title=`,
   * `background=`, `metadata=`). The IR never holds them; a lifted claim's text writes them.
   */
  readonly knowledge?: { readonly format: string; readonly title: string | null; readonly background: readonly Knowledge[]; readonly metadata: MetaDict };
}

export type DistributionParam =
  | { readonly name: string; readonly value: WrittenNumber; readonly deferred?: undefined }
  | { readonly name: string; readonly value?: undefined; readonly deferred: LogicVariable };

/** What `observe(variable, value=..., error=...)` recorded on its claim. */
export interface Observation {
  readonly target: BayesVariable;
  readonly value: WrittenNumber;
  readonly noise: BayesDistribution | null;
}

export interface ModelAction extends ActionCommon {
  readonly kind: 'bayes_model';
  readonly hypothesis: Knowledge;
  readonly observable: BayesVariable;
  readonly distribution: BayesDistribution;
  readonly helper: Knowledge;
}

export interface CompareAction extends ActionCommon {
  readonly kind: 'bayes_compare';
  readonly helper: Knowledge;
  readonly models: readonly ModelAction[];
  readonly data: readonly Knowledge[];
  readonly exclusivity: string;
  /** `precomputed={h: logL, ...}`, in the models' order; null when computed from the data. */
  readonly precomputed: ReadonlyMap<Knowledge, number> | null;
  /** The PrecomputedLikelihoods claim they came from, when given as one. */
  readonly precomputedSource: Knowledge | null;
  /** The same log-likelihoods in the order they were given (Gaia's object keeps that dict). */
  readonly precomputedAsGiven: ReadonlyMap<Knowledge, number> | null;
}

export type BayesAction = ModelAction | CompareAction;

export function isBayesAction(a: { readonly kind: string }): a is BayesAction {
  return a.kind === 'bayes_model' || a.kind === 'bayes_compare';
}

/** The observation each variable-observing claim carries (Gaia keeps it in the claim's metadata). */
export const OBSERVATIONS = new WeakMap<Knowledge, Observation>();

/**
 * Claims whose metadata holds a Distribution with a Variable parameter (an observation's
 * noise or target): Gaia writes the Variable object itself there, which its IR cannot
 * serialise, so it refuses the package when it builds the graph (unserialisableMetadata.ts).
 */
export const VARIABLE_IN_METADATA = new WeakSet<Knowledge>();

/** Whether a distribution has a parameter left to a Variable. */
export function hasVariableParameter(d: BayesDistribution | null): boolean {
  return d !== null && d.params.some((p) => p.deferred !== undefined);
}

/** The log-likelihoods a PrecomputedLikelihoods claim carries, by hypothesis. */
export const PRECOMPUTED = new WeakMap<Knowledge, ReadonlyMap<Knowledge, number>>();

/** A PrecomputedLikelihoods claim's own fields besides its log-likelihoods, as given. */
export const PRECOMPUTED_FIELDS = new WeakMap<Knowledge, { readonly diagnostics: MetaDict; readonly solver: string }>();

/** The model action behind each helper claim `bayes.model` returned. */
export const MODEL_OF_HELPER = new WeakMap<Knowledge, ModelAction>();

/**
 * How Gaia's metadata writes a variable: a user Domain by its content and members, and by its
 * label when code set one (`label=`, `D.label = ...`; names never label a Domain, which is not a node).
 */
export function variableDescriptor(v: BayesVariable): Record<string, MetaValue> {
  const domain = v.domain ?? (v.userDomain?.sort.label || null);
  const descriptor: Record<string, MetaValue> = { kind: 'variable', symbol: v.symbol, domain, unit: v.unit };
  if (v.userDomain) {
    descriptor['domain_content'] = v.userDomain.sort.content;
    descriptor['domain_members'] = v.userDomain.members.map((m) => scalarJson(m) as MetaValue);
  }
  return descriptor;
}

/**
 * Descriptors a call wrote into a claim's metadata, with their variable: Gaia serialises the
 * Variable only when it compiles, so a Domain labelled or renamed after the call is written as it
 * is then (CompileContext.json asks for the current descriptor).
 */
const LIVE_DESCRIPTORS = new WeakMap<MetaDict, BayesVariable>();

export function liveVariableDescriptor(v: BayesVariable): MetaDict {
  const d = metaDict(variableDescriptor(v));
  LIVE_DESCRIPTORS.set(d, v);
  return d;
}

/** The variable a `liveVariableDescriptor` describes; undefined for any other dict. */
export const describedVariable = (d: MetaDict): BayesVariable | undefined => LIVE_DESCRIPTORS.get(d);

/** Descriptors of a Distribution written into metadata, with the distribution Gaia's object holds there. */
const DISTRIBUTION_DESCRIPTORS = new WeakMap<MetaDict, BayesDistribution>();

/** A descriptor `describe` made of `d`, kept with it. */
export function heldDistribution(d: BayesDistribution, descriptor: MetaDict): MetaDict {
  DISTRIBUTION_DESCRIPTORS.set(descriptor, d);
  return descriptor;
}

/** The distribution a descriptor describes; undefined for any other dict. */
export const describedDistribution = (d: MetaDict): BayesDistribution | undefined => DISTRIBUTION_DESCRIPTORS.get(d);

/** The descriptor as it reads now, for one `liveVariableDescriptor` made; null for any other dict. */
export function currentVariableDescriptor(d: MetaDict): MetaDict | null {
  const v = LIVE_DESCRIPTORS.get(d);
  return v ? metaDict(variableDescriptor(v)) : null;
}

/** One bayes observable per Variable(...) the package made (typed predicate logic makes the value). */
const OBSERVABLES = new WeakMap<LogicVariable, BayesVariable>();

/** The observable a value is, or null: a Variable (over a primitive type or a user Domain). */
export function asObservable(v: GValue): BayesVariable | null {
  if (v.t !== 'logic' || v.v.kind !== 'variable') return null;
  const lv = v.v;
  let b = OBSERVABLES.get(lv);
  if (!b) {
    const d = lv.domain;
    b =
      d.kind === 'primitive'
        ? { uid: newUid(), source: lv, symbol: lv.symbol, domain: d.name, unit: lv.unit }
        : { uid: newUid(), source: lv, symbol: lv.symbol, domain: null, unit: lv.unit, userDomain: { content: d.content, members: d.members, sort: d } };
    OBSERVABLES.set(lv, b);
  }
  return b;
}
