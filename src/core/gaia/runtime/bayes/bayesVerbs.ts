/**
 * Gaia's bayes authoring surface: `Variable(...)` observables, the distribution factories
 * (`Binomial("...", n=..., p=...)`, …), `observe(variable, value=..., error=...)`,
 * `bayes.model(hypothesis, observable=..., distribution=...)` and
 * `bayes.compare(data, models=[...])`. Each makes the claims and records Gaia's runtime
 * makes, in the same order, and refuses what Gaia's checks refuse with Gaia's words.
 */
import type { DistributionKind } from '../../../math/scipyDensities.ts';
import type { ArgValue } from '../callArguments.ts';
import type { Knowledge, MetaDict, StructuralAction } from '../gaiaObjects.ts';
import { metaDict, newUid } from '../gaiaObjects.ts';
import type { GaiaRuntime, VerbCall } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import { CROMWELL_EPS } from '../verbs/priorRecords.ts';
import type { VerbImpl } from '../verbs/verbTypes.ts';
import { sha256Hex } from '../../text/sha256Hex.ts';
import { distributionUnit } from '../units/distributionUnits.ts';
import { pyTypeName } from '../pythonTypeName.ts';
import { unitsConvert } from '../units/quantityValues.ts';
import { pythonStrRepr } from '../../text/pythonRepr.ts';
import type { BayesDistribution, CompareAction, DistributionParam, ModelAction, WrittenNumber } from './bayesObjects.ts';
import { MODEL_OF_HELPER, PRECOMPUTED, PRECOMPUTED_FIELDS, asObservable, variableDescriptor } from './bayesObjects.ts';

function pyRepr(v: GValue): string {
  if (v.t === 'num') return v.float && Number.isInteger(v.v) ? `${v.v}.0` : String(v.v);
  if (v.t === 'bool') return v.v ? 'True' : 'False';
  if (v.t === 'str') return `'${v.v}'`;
  return describeValue(v);
}

export interface FactorySpec {
  readonly kind: DistributionKind;
  readonly params: readonly string[];
  /** Parameters that must be > 0. */
  readonly positive: readonly string[];
  /** Parameters that count trials (a non-negative integer). */
  readonly count?: string;
  /** A probability parameter, in [0, 1]. */
  readonly probability?: string;
}

const FACTORIES: Readonly<Record<string, FactorySpec>> = {
  Normal: { kind: 'normal', params: ['mu', 'sigma'], positive: ['sigma'] },
  LogNormal: { kind: 'lognormal', params: ['mu', 'sigma'], positive: ['sigma'] },
  Beta: { kind: 'beta', params: ['alpha', 'beta'], positive: ['alpha', 'beta'] },
  Exponential: { kind: 'exponential', params: ['rate'], positive: ['rate'] },
  Gamma: { kind: 'gamma', params: ['alpha', 'rate'], positive: ['alpha', 'rate'] },
  Cauchy: { kind: 'cauchy', params: ['mu', 'gamma'], positive: ['gamma'] },
  ChiSquared: { kind: 'chisquared', params: ['df'], positive: ['df'] },
  Binomial: { kind: 'binomial', params: ['n', 'p'], positive: [], count: 'n', probability: 'p' },
  BetaBinomial: { kind: 'betabinomial', params: ['n', 'alpha', 'beta'], positive: ['alpha', 'beta'], count: 'n' },
  Poisson: { kind: 'poisson', params: ['rate'], positive: ['rate'] },
  StudentT: { kind: 'studentt', params: ['df', 'mu', 'sigma'], positive: ['df', 'sigma'] },
};
export const DISTRIBUTION_FACTORY_NAMES: readonly string[] = Object.keys(FACTORIES);

/** Gaia's pydantic check message for a distribution literal. */
function validationError(rt: GaiaRuntime, factory: string, message: string, call: VerbCall): GValue {
  rt.report('bad-argument', `1 validation error for ${factory}: Value error, ${message}`, call.range);
  return OPAQUE;
}

/** The Knowledge keywords a distribution factory passes on to the Distribution it makes. */
const KNOWLEDGE_KEYWORDS = ['format', 'title', 'background', 'metadata'];

/**
 * What `format=`, `title=`, `background=` and `metadata=` give; null when none is given,
 * undefined after a report. Metadata naming a unit is refused: Gaia would take it for the
 * distribution's own unit, which Warrant reads from the parameters only.
 */
function knowledgeKeywords(rt: GaiaRuntime, named: ReadonlyMap<string, ArgValue>, factory: string): BayesDistribution['knowledge'] | null | undefined {
  if (!KNOWLEDGE_KEYWORDS.some((k) => named.has(k))) return null;
  const formatArg = named.get('format');
  const format = formatArg ? rt.optionalString(formatArg, factory, 'format') : 'markdown';
  const title = rt.optionalString(named.get('title'), factory, 'title');
  const background = rt.knowledgeList(named.get('background'), factory, 'background');
  const metadata = optionalMetadata(rt, named.get('metadata'), factory);
  if (format === undefined || format === null || title === undefined || !background || metadata === undefined) return undefined;
  if (metadata && ('unit' in metadata || 'units' in metadata)) {
    rt.report(
      'unsupported',
      `${factory}(metadata=...) naming 'unit' or 'units': Gaia takes that for the distribution's unit; give the parameters as quantities (q(value, unit)) instead`,
      named.get('metadata')!.range,
    );
    return undefined;
  }
  return { format, title, background, metadata: metadata ?? metaDict() };
}

function distributionFactory(factory: string, spec: FactorySpec): VerbImpl {
  return (rt, call) => {
    const b = rt.bind(call, { positional: ['content'], requiredPositional: 1, keywordOnly: [...spec.params, 'label', ...KNOWLEDGE_KEYWORDS], requiredKeywordOnly: spec.params });
    if (!b) return OPAQUE;
    const content = b.named.get('content')!;
    if (content.value.t !== 'str') {
      if (content.value.t !== 'opaque') rt.report('bad-argument', `${factory}() content must be a string, got ${describeValue(content.value)}`, content.range);
      return OPAQUE;
    }
    const label = rt.optionalString(b.named.get('label'), factory, 'label');
    if (label === undefined) return OPAQUE;
    const knowledge = knowledgeKeywords(rt, b.named, factory);
    if (knowledge === undefined) return OPAQUE;
    const params: DistributionParam[] = [];
    const units = distributionUnit(spec.kind, new Map(spec.params.map((name) => [name, b.named.get(name)!.value])));
    if ('error' in units) {
      rt.report('bad-argument', `ValueError: ${units.error}`, call.range);
      return OPAQUE;
    }
    for (const name of spec.params) {
      const arg = b.named.get(name)!;
      if (arg.value.t === 'opaque') return OPAQUE;
      if (arg.value.t === 'quantity') {
        // Gaia hands the factory the magnitude as a float.
        params.push({ name, value: { value: arg.value.magnitude, isFloat: true } });
        continue;
      }
      if (arg.value.t === 'logic' && arg.value.v.kind === 'variable') {
        // A deferred parameter: each hypothesis binds it with parameter(variable, value).
        params.push({ name, deferred: arg.value.v });
        continue;
      }
      if (arg.value.t !== 'num') return validationError(rt, factory, `${spec.kind} parameter '${name}' must be a number or a deferred reference with a string \`.symbol\` attribute`, call);
      params.push({ name, value: { value: arg.value.v, isFloat: arg.value.float } });
    }
    const problem = checkParams(factory, spec, params);
    if (problem) return validationError(rt, factory, problem, call);
    const d: BayesDistribution = { uid: newUid(), kind: spec.kind, content: content.value.v, label, params, unit: units.unit, paramUnits: units.paramUnits, ...(knowledge ? { knowledge } : {}) };
    return { t: 'distribution', d };
  };
}

function reprNumber(w: WrittenNumber): string {
  return w.isFloat && Number.isInteger(w.value) ? `${w.value}.0` : String(w.value);
}

/** Gaia's checks of a distribution literal's concrete parameters (deferred ones are checked once bound). */
export function checkParams(factory: string, spec: FactorySpec, params: readonly DistributionParam[]): string | null {
  const get = (name: string): WrittenNumber | undefined => params.find((p) => p.name === name)?.value;
  const repr = reprNumber;
  {
    const n = spec.count ? get(spec.count) : undefined;
    if (n) {
      if (n.isFloat && !Number.isInteger(n.value)) return `${factory} n must be an integer, got ${repr(n)}`;
      if (Math.trunc(n.value) < 0) return `${factory} n must be >= 0, got ${repr(n)}`;
    }
  }
  const p = spec.probability ? get(spec.probability) : undefined;
  if (p && !(p.value >= 0 && p.value <= 1)) return `${factory} p must be in [0, 1], got ${repr(p)}`;
  for (const name of spec.positive) {
    const w = get(name);
    if (w && w.value <= 0) return `${factory} ${name} must be > 0, got ${repr(w)}`;
  }
  return null;
}

/** The factory behind a distribution kind: its name and checks, for re-checking once parameters are bound. */
export function factoryOf(kind: DistributionKind): { readonly name: string; readonly spec: FactorySpec } {
  const [name, spec] = Object.entries(FACTORIES).find(([, s]) => s.kind === kind)!;
  return { name, spec };
}

export const DISTRIBUTION_VERBS: Readonly<Record<string, VerbImpl>> = Object.fromEntries(Object.entries(FACTORIES).map(([name, spec]) => [name, distributionFactory(name, spec)]));

/** StudentT is one of the factories (the verb table names it on its own). */
export const studentTVerb: VerbImpl = distributionFactory('StudentT', FACTORIES['StudentT']!);

/** `[@label]` once a claim has a label, else its text — how Gaia's bayes verbs cite a claim. */
function claimRef(k: Knowledge): string {
  return k.label ? `[@${k.label}]` : k.content;
}

function optionalMetadata(rt: GaiaRuntime, arg: ArgValue | undefined, verb: string): MetaDict | null | undefined {
  if (!arg || arg.value.t === 'none') return null;
  if (arg.value.t !== 'dict') {
    if (arg.value.t !== 'opaque') rt.report('bad-argument', `${verb}() metadata must be a dict, got ${describeValue(arg.value)}`, arg.range);
    return undefined;
  }
  const m = rt.meta(arg.value, arg.range, verb);
  return m === undefined ? undefined : (m as MetaDict);
}

/** Gaia's check that a model's distribution is in its observable's unit (both, or neither); null when it is. */
function modelUnitProblem(symbol: string, observableUnit: string | null, d: BayesDistribution): string | null {
  const unit = d.unit ?? null;
  if (observableUnit === null) {
    return unit === null ? null : `TypeError: bayes.model() distribution carries unit '${unit}' but observable '${symbol}' is unitless. Declare Variable(unit=...) for unit-bearing observables.`;
  }
  if (unit === null)
    return `TypeError: bayes.model() observable '${symbol}' carries unit '${observableUnit}', but distribution ${pythonStrRepr(d.label || [...d.content].slice(0, 40).join(''))} is unitless.`;
  if (!unitsConvert(unit, observableUnit)) return `ValueError: bayes.model() distribution unit '${unit}' is not compatible with observable unit '${observableUnit}'.`;
  return unit === observableUnit ? null : `ValueError: bayes.model() distribution unit '${unit}' must match observable unit '${observableUnit}'.`;
}

export const modelVerb: VerbImpl = (rt, call) => {
  const verb = 'model';
  const b = rt.bind(
    { ...call, verb },
    {
      positional: ['hypothesis'],
      requiredPositional: 1,
      keywordOnly: ['observable', 'distribution', 'background', 'rationale', 'label', 'metadata'],
      requiredKeywordOnly: ['observable', 'distribution'],
    },
  );
  if (!b) return OPAQUE;
  const hypothesis = b.named.get('hypothesis')!.value;
  const observable = b.named.get('observable')!.value;
  const distribution = b.named.get('distribution')!.value;
  if ([hypothesis, observable, distribution].some((v) => v.t === 'opaque')) return OPAQUE;
  if (hypothesis.t !== 'knowledge' || !hypothesis.k.isClaim) {
    rt.report('bad-argument', 'model() hypothesis must be a Claim', b.named.get('hypothesis')!.range);
    return OPAQUE;
  }
  const observed = asObservable(observable);
  if (observed === null) {
    rt.report('bad-argument', `model() observable must be a Variable; got ${pyTypeName(observable)}`, b.named.get('observable')!.range);
    return OPAQUE;
  }
  if (distribution.t !== 'distribution') {
    rt.report(
      'bad-argument',
      `model() distribution must be a Distribution Knowledge object (use factories in gaia.engine.lang: Normal, Binomial, BetaBinomial, ...); got ${pyTypeName(distribution)}`,
      b.named.get('distribution')!.range,
    );
    return OPAQUE;
  }
  const unitProblem = modelUnitProblem(observed.symbol, observed.unit, distribution.d);
  if (unitProblem) {
    rt.report('bad-argument', unitProblem, b.named.get('distribution')!.range);
    return OPAQUE;
  }
  const background = rt.knowledgeList(b.named.get('background'), verb, 'background');
  const rationale = rt.rationale(b.named.get('rationale'), verb);
  const label = rt.optionalString(b.named.get('label'), verb, 'label');
  const extra = optionalMetadata(rt, b.named.get('metadata'), verb);
  if (!background || rationale === null || label === undefined || extra === undefined) return OPAQUE;
  const h = hypothesis.k;
  const metadata = metaDict({ ...(extra ?? {}) });
  // The runtime model entry; compiling replaces it with the IR-side description.
  metadata['model'] = metaDict({ kind: 'model', hypothesis: h });
  if (!('generated' in metadata)) metadata['generated'] = true;
  if (!('helper_kind' in metadata)) metadata['helper_kind'] = 'model';
  if (!('review' in metadata)) metadata['review'] = true;
  if (rationale) metadata['reason'] = rationale;
  const helper = rt.newKnowledge('claim', `${claimRef(h)} models ${observed.symbol} ~ ${distribution.d.kind}.`, metadata, call);
  helper.label = label;
  const action: ModelAction = rt.pkg.addAction({
    kind: 'bayes_model',
    uid: newUid(),
    label,
    rationale,
    background,
    metadata: metaDict({ bayes: metaDict({ action: 'model' }) }),
    warrants: [],
    origin: rt.origin(call),
    hypothesis: h,
    observable: observed,
    distribution: distribution.d,
    helper,
  });
  helper.fromActions.push(action);
  MODEL_OF_HELPER.set(helper, action);
  return { t: 'knowledge', k: helper };
};

const EXCLUSIVITY = new Set(['pairwise_contradiction', 'exhaustive_pairwise_complement']);

/** Gaia's `_label_part`: the claim's label or text, lower-cased, non-[a-z0-9_] as `_`. */
function labelPart(k: Knowledge): string {
  const raw = k.label || k.content || 'claim';
  let normalized = Array.from(raw.trim().toLowerCase(), (c) => (/[a-z0-9_]/.test(c) ? c : '_')).join('');
  normalized = normalized.replace(/^_+|_+$/g, '');
  if (!normalized) normalized = `claim_${sha256Hex(raw).slice(0, 8)}`;
  if (!/^[a-z_]/i.test(normalized[0]!) && !/\p{L}/u.test(normalized[0]!)) normalized = `_${normalized}`;
  return normalized;
}

/** The exclusive/contradict relation compare() asserts between two hypotheses, unless one of that kind is declared. */
function ensureRelation(rt: GaiaRuntime, call: VerbCall, kind: 'exclusive' | 'contradict', a: Knowledge, b: Knowledge, label: string | null): void {
  const declared = rt.pkg.actions.some((x) => x.kind === kind && ((x.a === a && x.b === b) || (x.a === b && x.b === a)));
  if (declared) return;
  const by = `compare:${label ?? 'anonymous'}`;
  const content = kind === 'exclusive' ? `exactly one of ${claimRef(a)} and ${claimRef(b)} is true.` : `${claimRef(a)} and ${claimRef(b)} contradict.`;
  const helper = rt.newKnowledge(
    'claim',
    content,
    metaDict({
      generated: true,
      helper_kind: kind === 'exclusive' ? 'complement_result' : 'contradiction_result',
      review: true,
      auto_generated_by: by,
      bayes: metaDict({ auto_generated_by: by }),
    }),
    call,
  );
  const action: StructuralAction = rt.pkg.addAction({
    kind,
    uid: newUid(),
    label: `${label || 'compare'}_${kind}_${labelPart(a)}_${labelPart(b)}`,
    rationale: kind === 'exclusive' ? 'Bayes compare alternatives form a closed binary partition.' : 'Bayes compare alternatives are pairwise contradictory.',
    background: [],
    metadata: metaDict({ bayes: metaDict({ auto_generated_by: by }) }),
    warrants: [],
    origin: rt.origin(call),
    a,
    b,
    helper,
  });
  helper.fromActions.push(action);
}

function claimsOf(rt: GaiaRuntime, arg: ArgValue, name: string): Knowledge[] | null {
  const v = arg.value;
  const items = v.t === 'seq' ? v.items : [v];
  if (items.some((i) => i.t === 'opaque')) return null;
  if (items.length === 0) {
    rt.report('bad-argument', `compare() requires at least one ${name} claim`, arg.range);
    return null;
  }
  const out: Knowledge[] = [];
  for (const i of items) {
    if (i.t !== 'knowledge' || !i.k.isClaim) {
      rt.report('bad-argument', `compare() ${name} entries must be Claim objects`, arg.range);
      return null;
    }
    out.push(i.k);
  }
  return out;
}

/** A dict of hypothesis → log-likelihood as written, checked as Gaia checks one; undefined after a report. */
function likelihoodDict(rt: GaiaRuntime, arg: ArgValue, who: string): Map<Knowledge, number> | undefined {
  if (arg.value.t !== 'dict') return undefined;
  const table = new Map<Knowledge, number>();
  for (const { key, value } of arg.value.entries) {
    if (key.t !== 'knowledge' || !key.k.isClaim) {
      rt.report('bad-argument', `${who} keys must be the original hypothesis Claim objects.`, arg.range);
      return undefined;
    }
    if (value.t !== 'num') {
      rt.report('bad-argument', `${who} value for '${key.k.label || key.k.content.slice(0, 40)}' must be a numeric log-likelihood, got ${pyTypeName(value)}.`, arg.range);
      return undefined;
    }
    const name = key.k.label || key.k.content.slice(0, 40);
    if (Number.isNaN(value.v)) {
      rt.report('bad-argument', `${who} log-likelihood for '${name}' is NaN.`, arg.range);
      return undefined;
    }
    if (value.v === Infinity) {
      rt.report('bad-argument', `${who} log-likelihood for '${name}' is +inf.`, arg.range);
      return undefined;
    }
    table.set(key.k, value.v);
  }
  return table;
}

/** The log-likelihoods `precomputed=` gives, in the models' order and as given; null when none; undefined after a report. */
function precomputedTable(
  rt: GaiaRuntime,
  arg: ArgValue | undefined,
  hypotheses: readonly Knowledge[],
): { readonly ordered: Map<Knowledge, number>; readonly given: Map<Knowledge, number> } | null | undefined {
  if (!arg || arg.value.t === 'none') return null;
  let table: Map<Knowledge, number> | undefined;
  if (arg.value.t === 'knowledge' && PRECOMPUTED.has(arg.value.k)) table = new Map(PRECOMPUTED.get(arg.value.k)!);
  else if (arg.value.t === 'dict') table = likelihoodDict(rt, arg, 'compare(precomputed=...)');
  else {
    if (arg.value.t !== 'opaque') rt.report('bad-argument', `compare(precomputed=...) must be a dict[Claim, float] or a PrecomputedLikelihoods Claim, got ${pyTypeName(arg.value)}`, arg.range);
    return undefined;
  }
  if (!table) return undefined;
  if ([...table.keys()].some((k) => !hypotheses.includes(k))) {
    rt.report('bad-argument', 'precomputed likelihood keys must be original hypothesis Claims', arg.range);
    return undefined;
  }
  const missing = hypotheses.filter((h) => !table.has(h)).map((h) => `'${h.label || h.content}'`);
  if (missing.length > 0) {
    rt.report('bad-argument', `precomputed likelihoods must cover exactly the model hypotheses: missing [${missing.sort().join(', ')}]`, arg.range);
    return undefined;
  }
  return { ordered: new Map(hypotheses.map((h) => [h, table.get(h)!])), given: table };
}

export const compareVerb: VerbImpl = (rt, call) => {
  const verb = 'compare';
  const b = rt.bind(
    { ...call, verb },
    {
      positional: ['data'],
      requiredPositional: 1,
      keywordOnly: ['models', 'background', 'rationale', 'label', 'exclusivity', 'precomputed', 'metadata'],
      requiredKeywordOnly: ['models'],
    },
  );
  if (!b) return OPAQUE;
  const data = claimsOf(rt, b.named.get('data')!, 'data');
  if (!data) return OPAQUE;
  const modelsArg = b.named.get('models')!;
  const models = claimsOf(rt, modelsArg, 'models');
  if (!models) return OPAQUE;
  if (models.length < 2) {
    rt.report('bad-argument', 'compare() requires at least two models', modelsArg.range);
    return OPAQUE;
  }
  const exclusivityArg = b.named.get('exclusivity');
  let exclusivity = 'exhaustive_pairwise_complement';
  if (exclusivityArg) {
    const v = exclusivityArg.value;
    if (v.t === 'opaque') return OPAQUE;
    if (v.t === 'str' && v.v === 'none') {
      rt.report(
        'bad-argument',
        "compare(exclusivity='none') is no longer accepted. compare() now deduplicates against any external exclusive() / contradict() declaration over the same hypothesis pair, so you can drop the argument: the default ('exhaustive_pairwise_complement') will skip auto-emission when an external structural action is already in place. If you want at-most-one semantics, pass exclusivity='pairwise_contradiction' explicitly.",
        exclusivityArg.range,
      );
      return OPAQUE;
    }
    if (v.t !== 'str' || !EXCLUSIVITY.has(v.v)) {
      rt.report('bad-argument', `unknown exclusivity mode: ${pyRepr(v)}`, exclusivityArg.range);
      return OPAQUE;
    }
    exclusivity = v.v;
  }
  const modelActions: ModelAction[] = [];
  for (const m of models) {
    const action = MODEL_OF_HELPER.get(m);
    if (!action) {
      rt.report('bad-argument', `compare() models entries must be Claims returned by model() (no Model action attached to '${m.label || m.content.slice(0, 40)}')`, modelsArg.range);
      return OPAQUE;
    }
    modelActions.push(action);
  }
  const hypotheses = modelActions.map((a) => a.hypothesis);
  if (new Set(hypotheses).size !== hypotheses.length) {
    rt.report('bad-argument', 'compare() received duplicate hypotheses through model helpers', modelsArg.range);
    return OPAQUE;
  }
  const observable = modelActions[0]!.observable;
  const other = modelActions.find((a) => a.observable !== observable);
  if (other) {
    rt.report('bad-argument', `compare() model helpers must share one observable; got ${observable.symbol} vs ${other.observable.symbol}`, modelsArg.range);
    return OPAQUE;
  }
  const precomputedArg = b.named.get('precomputed');
  const precomputed = precomputedTable(rt, precomputedArg, hypotheses);
  if (precomputed === undefined) return OPAQUE;
  const background = rt.knowledgeList(b.named.get('background'), verb, 'background');
  const rationale = rt.rationale(b.named.get('rationale'), verb);
  const label = rt.optionalString(b.named.get('label'), verb, 'label');
  const extra = optionalMetadata(rt, b.named.get('metadata'), verb);
  if (!background || rationale === null || label === undefined || extra === undefined) return OPAQUE;

  if (exclusivity === 'exhaustive_pairwise_complement') {
    if (hypotheses.length > 2) {
      rt.report(
        'bad-argument',
        `compare(exclusivity='exhaustive_pairwise_complement') with ${hypotheses.length} models requires an N-ary Exclusive operator that is not yet implemented. Either: (a) use exclusivity='pairwise_contradiction' explicitly and accept at-most-one semantics (posterior will be diluted by the 'all-false' state), or (b) restrict the comparison to two models.`,
        modelsArg.range,
      );
      return OPAQUE;
    }
    ensureRelation(rt, call, 'exclusive', hypotheses[0]!, hypotheses[1]!, label);
  } else {
    for (let i = 0; i < hypotheses.length; i++) for (let j = i + 1; j < hypotheses.length; j++) ensureRelation(rt, call, 'contradict', hypotheses[i]!, hypotheses[j]!, label);
  }

  const metadata = metaDict({ ...(extra ?? {}) });
  const previous = metadata['comparison'];
  metadata['comparison'] = metaDict({ ...(previous && typeof previous === 'object' && !Array.isArray(previous) ? (previous as MetaDict) : {}), kind: 'comparison', exclusivity });
  if (!('generated' in metadata)) metadata['generated'] = true;
  if (!('helper_kind' in metadata)) metadata['helper_kind'] = 'model_preference';
  if (!('review' in metadata)) metadata['review'] = true;
  if (rationale) metadata['reason'] = rationale;
  const helper = rt.newKnowledge('claim', 'Bayes model comparison.', metadata, call);
  helper.prior = 1 - CROMWELL_EPS;
  helper.label = label;
  const action: CompareAction = rt.pkg.addAction({
    kind: 'bayes_compare',
    uid: newUid(),
    label,
    rationale,
    background,
    metadata: metaDict({ bayes: metaDict({ action: 'model_compare' }) }),
    warrants: [],
    origin: rt.origin(call),
    helper,
    models: modelActions,
    data,
    exclusivity,
    precomputed: precomputed?.ordered ?? null,
    precomputedAsGiven: precomputed?.given ?? null,
    precomputedSource: precomputedArg?.value.t === 'knowledge' && PRECOMPUTED.has(precomputedArg.value.k) ? precomputedArg.value.k : null,
  });
  helper.fromActions.push(action);
  return { t: 'knowledge', k: helper };
};

export { variableDescriptor };

/**
 * `PrecomputedLikelihoods(content=None, *, log_likelihoods=..., diagnostics=..., solver=...)`:
 * an external solver's log-likelihoods as a claim, which compare(precomputed=...) takes.
 */
export const precomputedLikelihoodsVerb: VerbImpl = (rt, call) => {
  const verb = 'PrecomputedLikelihoods';
  const b = rt.bind(call, { positional: ['content'], keywordOnly: ['log_likelihoods', 'diagnostics', 'solver', 'label', 'metadata'] });
  if (!b) return OPAQUE;
  const contentArg = b.named.get('content');
  const content = contentArg && contentArg.value.t !== 'none' ? rt.optionalString(contentArg, verb, 'content') : null;
  const solver = rt.string(b.named.get('solver'), verb, 'solver', '');
  const label = rt.optionalString(b.named.get('label'), verb, 'label');
  const extra = optionalMetadata(rt, b.named.get('metadata'), verb);
  if (content === undefined || solver === null || label === undefined || extra === undefined) return OPAQUE;
  const llArg = b.named.get('log_likelihoods');
  let table = new Map<Knowledge, number>();
  if (llArg && llArg.value.t !== 'none') {
    if (llArg.value.t !== 'dict') {
      if (llArg.value.t !== 'opaque') rt.report('bad-argument', `${verb}(log_likelihoods=...) must be a dict of hypothesis claims to log-likelihoods`, llArg.range);
      return OPAQUE;
    }
    const t = likelihoodDict(rt, llArg, `${verb}(log_likelihoods=...)`);
    if (!t) return OPAQUE;
    table = t;
  }
  const diagArg = b.named.get('diagnostics');
  let diagnostics: MetaDict = metaDict();
  if (diagArg && diagArg.value.t !== 'none') {
    const d = optionalMetadata(rt, diagArg, verb);
    if (d === undefined || d === null) return OPAQUE;
    diagnostics = d;
  }
  const who = solver || 'external solver';
  const n = table.size;
  const text = content ?? (n === 0 ? `Precomputed log-likelihoods from ${who}.` : `Precomputed log-likelihoods from ${who} over ${n} ${n === 1 ? 'hypothesis' : 'hypotheses'}.`);
  const metadata = metaDict({ ...(extra ?? {}) });
  if (!('kind' in metadata)) metadata['kind'] = 'precomputed_likelihoods';
  if (!('solver' in metadata)) metadata['solver'] = solver;
  if (!('diagnostics' in metadata)) metadata['diagnostics'] = metaDict({ ...diagnostics });
  // Its dataclass fields are the claim's parameters, as Gaia records a Claim subclass's fields (left unbound).
  const parameters = [
    { name: 'log_likelihoods', type: 'dict[Claim, float]', value: null, held: 'unbound' as const },
    { name: 'diagnostics', type: 'dict[str, Any]', value: null, held: 'unbound' as const },
    { name: 'solver', type: 'str', value: null, held: 'unbound' as const },
  ];
  const claim = rt.newKnowledge('claim', text, metadata, call, { parameters });
  if (label !== null) claim.label = label;
  PRECOMPUTED.set(claim, table);
  PRECOMPUTED_FIELDS.set(claim, { diagnostics: metaDict({ ...diagnostics }), solver });
  return { t: 'knowledge', k: claim };
};
