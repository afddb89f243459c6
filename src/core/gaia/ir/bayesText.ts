/**
 * What the bayes module recorded about a claim, from the IR Gaia and Warrant write: the
 * models of a hypothesis (`observable ~ Normal(mu=45, sigma=12)`, a parameter left to a
 * `parameter(...)` binding named as such), and each comparison it competes in, with
 * every hypothesis's log-likelihood of the data. A model or a comparison helper claim
 * reads as itself. Read from the IR, so the inspector and the hover say the same.
 */

type Json = unknown;
type Obj = Readonly<Record<string, Json>>;

const isObj = (x: Json): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const str = (x: Json): string => (typeof x === 'string' ? x : (JSON.stringify(x) ?? '?'));
const strings = (x: Json): string[] => (Array.isArray(x) ? x.filter((v): v is string => typeof v === 'string') : []);

export interface ModelReading {
  readonly qid: string;
  readonly hypothesis: string | null;
  /** `ldl_pct ~ Normal(mu=45, sigma=12)`; a deferred parameter as `p=response_rate`. */
  readonly text: string;
}

export interface ComparisonReading {
  readonly qid: string;
  /** Each competing hypothesis with the log-likelihood the comparison gives it (null: not recorded), in the IR's order. */
  readonly hypotheses: readonly { readonly qid: string; readonly logLikelihood: number | null }[];
  readonly data: readonly string[];
  readonly exclusivity: string | null;
}

export interface BayesReading {
  /** The models of this hypothesis, or this claim's own model when it is one. */
  readonly models: readonly ModelReading[];
  /** The comparisons this hypothesis competes in, or this claim's own when it is one. */
  readonly comparisons: readonly ComparisonReading[];
}

/** A distribution's kind as the IR writes it, named as the bayes module's factory is. */
const FAMILIES: Readonly<Record<string, string>> = {
  normal: 'Normal',
  beta: 'Beta',
  betabinomial: 'BetaBinomial',
  binomial: 'Binomial',
  cauchy: 'Cauchy',
  chisquared: 'ChiSquared',
  exponential: 'Exponential',
  gamma: 'Gamma',
  lognormal: 'LogNormal',
  poisson: 'Poisson',
  studentt: 'StudentT',
};
const familyName = (kind: string): string => FAMILIES[kind] ?? kind;

function modelText(model: Obj): string {
  const d = isObj(model.distribution) ? model.distribution : {};
  const params = isObj(d.params) ? Object.entries(d.params).map(([k, v]) => `${k}=${str(v)}`) : [];
  const deferred = isObj(d.deferred_params) ? Object.entries(d.deferred_params).map(([k, v]) => `${k}=${isObj(v) ? str(v.symbol) : str(v)}`) : [];
  const observable = isObj(model.observable) ? str(model.observable.symbol) : '?';
  return `${observable} ~ ${familyName(str(d.kind))}(${[...params, ...deferred].join(', ')})`;
}

function comparisonOf(qid: string, c: Obj): ComparisonReading {
  const likelihoods = isObj(c.likelihoods) ? c.likelihoods : {};
  return {
    qid,
    hypotheses: strings(c.hypotheses).map((h) => ({ qid: h, logLikelihood: typeof likelihoods[h] === 'number' ? (likelihoods[h] as number) : null })),
    data: strings(c.data),
    exclusivity: typeof c.exclusivity === 'string' ? c.exclusivity : null,
  };
}

/** The bayes records of the claim `qid`; null when it is neither a hypothesis, a model nor a comparison. */
export function bayesOfClaim(ir: Json, qid: string): BayesReading | null {
  if (!isObj(ir) || !Array.isArray(ir.knowledges)) return null;
  const models: ModelReading[] = [];
  const comparisons: ComparisonReading[] = [];
  for (const k of ir.knowledges) {
    if (!isObj(k) || !isObj(k.metadata)) continue;
    const id = str(k.id);
    const { model, comparison } = k.metadata;
    if (isObj(model) && (id === qid || model.hypothesis === qid)) {
      models.push({ qid: id, hypothesis: typeof model.hypothesis === 'string' ? model.hypothesis : null, text: modelText(model) });
    }
    if (isObj(comparison) && (id === qid || strings(comparison.hypotheses).includes(qid))) comparisons.push(comparisonOf(id, comparison));
  }
  return models.length === 0 && comparisons.length === 0 ? null : { models, comparisons };
}
