/**
 * The priors of predicate claims (`claim("...", T_c > 77)`), made as Gaia makes them when
 * a package compiles, before its resolution policy runs: P(X op threshold) from the
 * distribution's CDF, clamped to Cromwell's bounds, appended as a `continuous_inference`
 * prior record (or updating the one already there). The default policy ranks that source
 * above the `claim(prior=...)` shortcut and below author and reviewer records; when the
 * claim has such another record, the derived value is also kept under
 * `predicate_audit.cdf_derived_prior`. Observations of the distribution do not move the
 * prior (Gaia warns so; its posterior CDF is future work there too).
 *
 * Equation claims (`==`, `!=`) take no prior from their distributions: a neutral 0.5
 * (`equation_default`) unless a prior was given.
 *
 * The Normal's, LogNormal's and Cauchy's CDFs are computed (as SciPy does); other
 * families are refused by name.
 */
import { ndtr } from '../../math/normalCdf.ts';
import { roundedExp, roundedLog } from '../../math/roundedElementary.ts';
import { pyFloat } from '../text/pythonJson.ts';
import { pyStr } from '../runtime/pythonSemantics.ts';
import type { Knowledge, MetaDict, MetaValue } from '../runtime/gaiaObjects.ts';
import { isMetaDict, metaDict } from '../runtime/gaiaObjects.ts';
import type { GValue } from '../runtime/gaiaValues.ts';
import { describeValue } from '../runtime/gaiaValues.ts';
import type { DistributionPredicate } from '../runtime/bayes/predicateClaim.ts';
import { EQUATIONS, PREDICATES } from '../runtime/bayes/predicateClaim.ts';
import { pyTypeName } from '../runtime/pythonTypeName.ts';
import { CROMWELL_EPS } from '../runtime/verbs/priorRecords.ts';
import type { CompileContext } from './compileContext.ts';
import type { BayesDistribution } from '../runtime/bayes/bayesObjects.ts';
import { pythonStrRepr } from '../text/pythonRepr.ts';
import { formatUnits } from '../runtime/units/pintUnits.ts';
import { quantityIn } from '../runtime/units/quantityValues.ts';

const SOURCE_ID = 'continuous_inference';
const JUSTIFICATION = 'CDF-derived predicate prior from distribution CDF.';

const clamp = (p: number): number => Math.max(CROMWELL_EPS, Math.min(1 - CROMWELL_EPS, p));

/** The threshold as a float in the distribution's unit; a message (Gaia's error) when it is not one. */
function threshold(v: GValue, d: BayesDistribution): number | string {
  if (v.t === 'distribution') {
    return 'NotImplementedError: Predicate with a Distribution on both sides is not yet supported. Express the predicate against a numeric threshold (e.g. k > 1e-3); a Distribution-vs-Distribution comparison would require joint marginalisation, which is deferred to a follow-up release.';
  }
  const unit = d.unit ?? null;
  const name = pythonStrRepr(d.label || [...d.content].slice(0, 40).join(''));
  let c: number;
  if (v.t === 'quantity') {
    if (unit === null)
      return `TypeError: Predicate threshold is a unit-typed Quantity but the LHS distribution ${name} is unitless. Pass a bare scalar threshold or attach a unit to the distribution by passing Quantity-typed parameters.`;
    const x = quantityIn(v, unit);
    if (typeof x !== 'number') return `ValueError: Predicate threshold unit ${formatUnits(v.units)} is not compatible with the LHS distribution unit '${unit}': ${x.message}`;
    c = x;
  } else {
    if (unit !== null)
      return `TypeError: Predicate threshold must be a Quantity in '${unit}' because the LHS distribution ${name} carries that unit; got bare scalar ${pyStr(v, true) ?? describeValue(v)}.`;
    if (v.t !== 'num') return `TypeError: Predicate threshold must be a numeric scalar; got ${pyTypeName(v)}: ${pyStr(v, true) ?? describeValue(v)}.`;
    c = v.v;
  }
  if (Number.isNaN(c)) return 'ValueError: Predicate threshold must be finite, got NaN.';
  return c;
}

/** P(X op c) for the predicate's distribution; a message when Warrant cannot compute it. */
function predicateProbability(p: DistributionPredicate, c: number): number | string {
  const d = p.distribution;
  const param = (name: string): number | undefined => d.params.find((x) => x.name === name)?.value?.value;
  const cdf = distributionCdf(d.kind, param, c);
  if (typeof cdf === 'string') return cdf;
  return p.op === '>' || p.op === '>=' ? 1 - cdf : cdf;
}

/** P(X ≤ c) as scipy.stats computes it for the families Warrant knows; a message for the others. */
function distributionCdf(kind: string, param: (name: string) => number | undefined, c: number): number | string {
  if (kind === 'exponential') {
    // expon(scale=1/rate): the standardised x is c / (1/rate); nothing lies below 0.
    const rate = param('rate');
    if (rate === undefined) return 'a predicate over a exponential distribution whose rate is a Variable: Gaia needs numbers to compute its CDF';
    const x = c / (1 / rate);
    return x < 0 ? 0 : -Math.expm1(-x);
  }
  const names = kind === 'cauchy' ? ['mu', 'gamma'] : ['mu', 'sigma'];
  if (kind !== 'normal' && kind !== 'lognormal' && kind !== 'cauchy') {
    return `a predicate over a ${kind} distribution: Warrant computes the prior of predicates over Normal, LogNormal, Cauchy and Exponential distributions only`;
  }
  const [location, scale] = names.map(param);
  if (location === undefined || scale === undefined) return `a predicate over a ${kind} distribution whose parameters are Variables: Gaia needs numbers to compute its CDF`;
  switch (kind) {
    case 'normal':
      return ndtr((c - location) / scale);
    case 'lognormal': {
      // lognorm(s=sigma, scale=exp(mu)): the standardised x is c / exp(mu); nothing lies at or below 0.
      const x = c / roundedExp(location);
      return x <= 0 ? 0 : ndtr(roundedLog(x) / scale);
    }
    default:
      return 0.5 + (1 / Math.PI) * Math.atan((c - location) / scale);
  }
}

function priorRecords(k: Knowledge): MetaDict[] {
  const records = k.metadata['prior_records'];
  return Array.isArray(records) ? (records as MetaValue[]).filter(isMetaDict) : [];
}

/** Appends (or updates) the generated record; the audit entry when another source also set a prior. */
function recordPrior(k: Knowledge, value: number): void {
  const records = k.metadata['prior_records'];
  const list = Array.isArray(records) ? [...(records as MetaValue[])] : [];
  const at = list.findIndex((r) => isMetaDict(r) && r['source_id'] === SOURCE_ID);
  if (at >= 0) list[at] = metaDict({ ...(list[at] as MetaDict), value: pyFloat(value), justification: JUSTIFICATION });
  else list.push(metaDict({ value: pyFloat(value), source_id: SOURCE_ID, justification: JUSTIFICATION }));
  k.metadata['prior_records'] = list;
  if (k.prior !== null || priorRecords(k).some((r) => r['source_id'] !== SOURCE_ID)) {
    const audit = k.metadata['predicate_audit'];
    k.metadata['predicate_audit'] = metaDict({ ...(isMetaDict(audit) ? audit : {}), cdf_derived_prior: pyFloat(value) });
  }
}

const EQUATION_SOURCE_ID = 'equation_default';
const EQUATION_JUSTIFICATION = 'Neutral default for equation truth claim; equation constraint lowering is not implemented yet.';

/**
 * An equation claim (`T == 203`) is not given a prior from its distributions: when
 * neither the author nor a reviewer gave one, Gaia records a neutral 0.5.
 */
function recordEquationDefault(k: Knowledge): void {
  if (k.prior !== null || priorRecords(k).length > 0) return;
  const records = k.metadata['prior_records'];
  const list = Array.isArray(records) ? [...(records as MetaValue[])] : [];
  list.push(metaDict({ value: pyFloat(0.5), source_id: EQUATION_SOURCE_ID, justification: EQUATION_JUSTIFICATION }));
  k.metadata['prior_records'] = list;
}

export function lowerPredicatePriors(cx: CompileContext, knowledge: readonly Knowledge[]): void {
  for (const k of knowledge) {
    if (k.isClaim && EQUATIONS.has(k)) {
      recordEquationDefault(k);
      continue;
    }
    const p = k.isClaim ? PREDICATES.get(k) : undefined;
    if (!p) continue;
    const c = threshold(p.threshold, p.distribution);
    if (typeof c === 'string') {
      cx.report('bad-argument', c, k.origin);
      continue;
    }
    const probability = predicateProbability(p, c);
    if (typeof probability === 'string') {
      cx.report('unsupported', probability, k.origin);
      continue;
    }
    recordPrior(k, clamp(probability));
  }
}
