/**
 * Lowers bayes.model / bayes.compare to IR after the other actions, as Gaia's bayes
 * extension lowerer does: each model helper's metadata gets the IR-side description of
 * its model (ids for claims, the distribution literal, the observable); each comparison
 * computes log P(data | H) per hypothesis from the predictive distributions, records
 * them on its helper, and becomes one `infer` strategy per hypothesis whose table is
 * [0.5, clamp(0.999 · exp(logL − max logL))].
 */
import type { DistributionKind } from '../../math/scipyDensities.ts';
import { DISCRETE_KINDS, continuousSupport, logDensity, supportBounds } from '../../math/scipyDensities.ts';
import { quad } from '../../math/quadpack.ts';
import { roundedExp, roundedLog } from '../../math/roundedElementary.ts';
import type { BayesDistribution, CompareAction, DistributionParam, ModelAction, Observation } from '../runtime/bayes/bayesObjects.ts';
import { checkParams, factoryOf } from '../runtime/bayes/bayesVerbs.ts';
import type { LogicScalar, LogicVariable } from '../runtime/logicTerms.ts';
import { OBSERVATIONS, isBayesAction, variableDescriptor } from '../runtime/bayes/bayesObjects.ts';
import type { Action, Formula, Knowledge } from '../runtime/gaiaObjects.ts';
import { CROMWELL_EPS } from '../runtime/verbs/priorRecords.ts';
import type { JsonValue } from '../text/pythonJson.ts';
import { pyFloat } from '../text/pythonJson.ts';
import type { CompileContext } from './compileContext.ts';
import { strategyId } from './irIds.ts';
import type { IrStrategy, JsonDict } from './irTypes.ts';
import { jsonDict } from './irTypes.ts';
import { numberKey, rememberedLikelihood } from './likelihoodMemo.ts';

const LINDLEY_THRESHOLD = 5.0;

function paramsJson(d: BayesDistribution): JsonDict {
  return jsonDict(Object.fromEntries(d.params.flatMap((p) => (p.value ? [[p.name, p.value.isFloat ? pyFloat(p.value.value) : p.value.value]] : []))));
}

/** Gaia's `deferred_params`: each Variable-valued parameter by its symbol, domain and label. */
function deferredJson(d: BayesDistribution): JsonDict | null {
  const deferred = d.params.filter((p) => p.deferred).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (deferred.length === 0) return null;
  return jsonDict(
    Object.fromEntries(
      deferred.map((p) => {
        const v = p.deferred!;
        const entry = jsonDict({ symbol: v.symbol, domain: v.domain.kind === 'primitive' ? v.domain.name : v.domain.label || v.domain.content });
        if (v.label !== null) entry['label'] = v.label;
        return [p.name, entry];
      }),
    ),
  );
}

/** A hypothesis's `parameter(variable, value)` bindings: Equals(variable, constant), alone or in a conjunction. */
function bindingsOf(f: Formula | null, out: { variable: LogicVariable; value: LogicScalar }[] = []): { variable: LogicVariable; value: LogicScalar }[] {
  if (f === null) return out;
  if (f.f === 'compare' && f.cls === 'Equals') {
    if (f.left.kind === 'variable' && f.right.kind === 'constant') out.push({ variable: f.left, value: f.right.value });
    else if (f.right.kind === 'variable' && f.left.kind === 'constant') out.push({ variable: f.right, value: f.left.value });
  } else if (f.f === 'and') for (const o of f.operands) bindingsOf(o, out);
  return out;
}

class BindingError extends Error {}

/** The distribution's parameters with its Variables bound under a hypothesis, checked as Gaia re-checks them. */
function boundParams(d: BayesDistribution, hypothesis: Knowledge): Record<string, number> {
  if (!d.params.some((p) => p.deferred)) return paramValues(d);
  const bindings = bindingsOf(hypothesis.formula);
  const bound: DistributionParam[] = d.params.map((p) => {
    if (!p.deferred) return p;
    let hit = bindings.find((b) => b.variable === p.deferred);
    if (!hit) {
      const same = bindings.filter((b) => b.variable.symbol === p.deferred!.symbol);
      if (same.length === 1) hit = same[0];
    }
    if (!hit) {
      throw new BindingError(`BindingError: Variable '${p.deferred.symbol}' is unbound under '${hypothesis.label || hypothesis.content}'. Fix: add parameter(variable, value) for this hypothesis.`);
    }
    const v = hit.value;
    if (v.t !== 'num') throw new BindingError(`the value bound to '${p.deferred.symbol}' under '${hypothesis.label || hypothesis.content}' is not a number, which Warrant does not model`);
    return { name: p.name, value: { value: v.v, isFloat: v.float } };
  });
  const { name, spec } = factoryOf(d.kind);
  const problem = checkParams(name, spec, bound);
  if (problem) throw new BindingError(`1 validation error for ${name}: Value error, ${problem}`);
  return Object.fromEntries(bound.map((p) => [p.name, p.value!.value]));
}

function paramValues(d: BayesDistribution): Record<string, number> {
  return Object.fromEntries(d.params.flatMap((p) => (p.value ? [[p.name, p.value.value]] : [])));
}

/** A Python float as the IR writes it (a whole one keeps its `.0`). */
function float(x: number): JsonValue {
  return pyFloat(x) as JsonValue;
}

export function lowerBayes(cx: CompileContext, actions: readonly Action[]): void {
  for (const a of actions) if (a.kind === 'bayes_model') lowerModel(cx, a);
  const factors: [string, string][] = [];
  for (const a of actions) if (a.kind === 'bayes_compare') lowerComparison(cx, a, factors);
  // Gaia adds a comparison's factor strategies to `target_action_labels_by_id` after every primary target.
  for (const [id, label] of factors) cx.targetActionLabels.set(id, label);
}

export { isBayesAction };

function distributionJson(d: BayesDistribution): JsonDict {
  const out = jsonDict({ kind: d.kind, params: paramsJson(d) });
  const deferred = deferredJson(d);
  if (deferred) out['deferred_params'] = deferred;
  return out;
}

function setMetadata(cx: CompileContext, id: string, key: string, value: JsonValue): void {
  const k = cx.irKnowledge(id)!;
  const m = jsonDict(k.metadata ?? {});
  m[key] = value;
  k.metadata = m;
}

function lowerModel(cx: CompileContext, a: ModelAction): void {
  const helperId = cx.qidOf(a.helper);
  const h = cx.qidOf(a.hypothesis);
  setMetadata(
    cx,
    helperId,
    'model',
    jsonDict({
      kind: 'model',
      distribution: distributionJson(a.distribution),
      hypothesis: h,
      hypotheses: [h],
      observable: jsonDict(variableDescriptor(a.observable) as Record<string, JsonValue>),
    }),
  );
  setMetadata(cx, helperId, 'review_target', jsonDict({ action_label: cx.actionQid(a), pattern: 'model' }));
  cx.recordActionTarget(a, helperId);
}

/** Python's `m + log(sum(exp(v − m)))` over the finite terms, summed left to right. */
function logSumExp(values: readonly number[]): number {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return -Infinity;
  const m = Math.max(...finite);
  let sum = 0;
  for (const v of finite) sum += roundedExp(v - m);
  return m + roundedLog(sum);
}

class LikelihoodError extends Error {}

/** log P(value | model), the noise (a Normal) summed over a count's support. */
function logLikelihood(kind: DistributionKind, params: Record<string, number>, obs: Observation): number {
  const value = obs.value.value;
  const discrete = DISCRETE_KINDS.has(kind);
  if (obs.noise === null) {
    if (discrete && obs.value.isFloat) {
      throw new LikelihoodError(`${kind === 'betabinomial' ? 'BetaBinomial' : kind === 'binomial' ? 'Binomial' : 'Poisson'}.logpmf(k): k must be integer, got float`);
    }
    return logDensity(kind, params, value);
  }
  if (obs.noise.kind !== 'normal') throw new LikelihoodError('Bayes compare currently supports only Normal additive noise');
  // Gaia reads the noise's sigma with float(): a Variable there (bound by no hypothesis) raises.
  if (obs.noise.params.some((p) => p.name === 'sigma' && p.deferred)) throw new LikelihoodError("TypeError: float() argument must be a string or a real number, not 'Variable'");
  const noise = paramValues(obs.noise);
  const key = [kind, ...paramsKey(params), '|', numberKey(value), '|', ...paramsKey(noise)].join(' ');
  return rememberedLikelihood(key, () => noisyLogLikelihood(kind, params, value, noise));
}

function paramsKey(params: Record<string, number>): string[] {
  return Object.entries(params).flatMap(([name, v]) => [name, numberKey(v)]);
}

/** log P(value | model) under additive Normal noise: an integral, or a sum over a count's support. */
function noisyLogLikelihood(kind: DistributionKind, params: Record<string, number>, value: number, noise: Record<string, number>): number {
  if (!DISCRETE_KINDS.has(kind)) {
    // Gaia integrates exp(logpdf(x) + noise.logpdf(value − x)) over the model's support with scipy's quad.
    const [lo, hi] = continuousSupport(kind);
    const integral = quad((x) => roundedExp(logDensity(kind, params, x) + logDensity('normal', noise, value - x)), lo, hi, 100);
    if (integral <= 0.0 || !Number.isFinite(integral)) return -Infinity;
    return roundedLog(integral);
  }
  const sigma = noise['sigma']!;
  let [low, high] = supportBounds(kind, params);
  if (!Number.isFinite(high)) high = Math.max(Math.trunc(value + 10 * sigma), Math.trunc(value) + 50);
  const terms: number[] = [];
  for (let x = Math.trunc(low); x <= Math.trunc(high); x++) terms.push(logDensity(kind, params, x) + logDensity('normal', noise, value - x));
  return logSumExp(terms);
}

function lowerComparison(cx: CompileContext, a: CompareAction, factors: [string, string][]): void {
  const cmpId = cx.qidOf(a.helper);
  const likelihoods = new Map<Knowledge, number>();
  const bound = new Map<ModelAction, Record<string, number> | null>();
  for (const model of a.models) {
    try {
      bound.set(model, boundParams(model.distribution, model.hypothesis));
    } catch (e) {
      if (!(e instanceof BindingError)) throw e;
      bound.set(model, null);
      if (!a.precomputed) {
        cx.report('bad-argument', e.message, a.origin);
        return;
      }
    }
  }
  for (const model of a.models) {
    if (a.precomputed) {
      likelihoods.set(model.hypothesis, a.precomputed.get(model.hypothesis)!);
      continue;
    }
    let total = 0.0;
    for (const d of a.data) {
      const obs = OBSERVATIONS.get(d);
      const name = d.label || d.content;
      if (!obs) {
        cx.report('bad-argument', `compare() data '${name}' has no metadata['observation'] payload (use observe(observable, value=...))`, a.origin);
        return;
      }
      if (obs.target !== model.observable && !(obs.target.symbol === model.observable.symbol && obs.target.domain === model.observable.domain)) {
        cx.report('bad-argument', `compare() data observable ${obs.target.symbol} does not match model observable ${model.observable.symbol}`, a.origin);
        return;
      }
      // Two Variables taken as one observable (same symbol and domain) must also share a unit, as the observation must.
      if (obs.target.unit !== model.observable.unit) {
        const why = obs.target === model.observable ? 'data observation unit' : 'data observable unit';
        cx.report(
          'bad-argument',
          `ValueError: compare() ${why} does not match model observable unit: data observable ${obs.target.symbol} has unit ${pyUnit(obs.target.unit)}; model observable ${model.observable.symbol} has unit ${pyUnit(model.observable.unit)}`,
          a.origin,
        );
        return;
      }
      try {
        total += logLikelihood(model.distribution.kind, bound.get(model)!, obs);
      } catch (e) {
        if (!(e instanceof LikelihoodError)) throw e;
        cx.report('bad-argument', e.message, a.origin);
        return;
      }
    }
    likelihoods.set(model.hypothesis, total);
  }
  const values = [...likelihoods.values()];
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) {
    cx.report(
      'bad-argument',
      `BayesCompareError: comparison '${a.label || a.helper.content}' has zero support under every hypothesis. Fix: check the observation value, the predictive distribution support, or use precomputed likelihoods.`,
      a.origin,
    );
    return;
  }
  const nObs = Math.max(1, a.data.length);
  const maxPairwise = finite.length >= 2 ? Math.max(...finite) - Math.min(...finite) : 0.0;
  const perObservation = maxPairwise / nObs;
  const signature = a.models.some((m) => m.distribution.kind === 'betabinomial' && bound.get(m)?.['alpha'] === 1 && bound.get(m)?.['beta'] === 1);
  setMetadata(
    cx,
    cmpId,
    'comparison',
    jsonDict({
      kind: 'comparison',
      exclusivity: a.exclusivity,
      likelihoods: jsonDict(Object.fromEntries([...likelihoods].map(([h, v]) => [cx.qidOf(h), float(v)]))),
      data: a.data.map(cx.qidOf),
      models: a.models.map((m) => cx.qidOf(m.helper)),
      hypotheses: a.models.map((m) => cx.qidOf(m.hypothesis)),
      max_pairwise_log_lr: float(maxPairwise),
      per_observation_log_lr: float(perObservation),
      lindley_threshold: float(LINDLEY_THRESHOLD),
      lindley_signature: signature,
      lindley_warning: perObservation > LINDLEY_THRESHOLD && signature,
      ...(a.precomputedSource ? { precomputed_source: cx.qidOf(a.precomputedSource) } : {}),
    }),
  );
  const best = Math.max(...values);
  const actionLabel = cx.actionQid(a);
  for (const [h, logL] of likelihoods) {
    const lr = roundedExp(logL - best);
    const p1 = Math.max(CROMWELL_EPS, Math.min(1.0 - CROMWELL_EPS, (1.0 - CROMWELL_EPS) * lr));
    const hId = cx.qidOf(h);
    const s: IrStrategy = {
      strategy_id: strategyId('infer', [hId], cmpId, ''),
      scope: 'local',
      type: 'infer',
      premises: [hId],
      conclusion: cmpId,
      background: null,
      steps: null,
      conditional_probabilities: [float(0.5), float(p1)] as never,
      p_a_given_b: null,
      p_b_given_a: null,
      metadata: jsonDict({
        pattern: 'inference',
        comparison_factor: jsonDict({ kind: 'comparison_factor', comparison: cmpId, hypothesis: hId, log_likelihood: float(logL) }),
        action_label: actionLabel,
      }),
    };
    cx.strategies.push(s);
    cx.origins.set(s.strategy_id, a.origin);
    factors.push([s.strategy_id, actionLabel]);
  }
  cx.recordActionTarget(a, cmpId);
}

function pyUnit(u: string | null): string {
  return u === null ? 'None' : `'${u}'`;
}
