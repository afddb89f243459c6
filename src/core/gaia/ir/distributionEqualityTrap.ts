/**
 * A refusal Gaia makes by accident, reproduced: when it numbers the knowledge it asks
 * `k in pkg.knowledge`, which compares k with every claim declared before it by the
 * dataclass's field-by-field equality. Two claims alike up to their metadata — two
 * bayes.model helpers of one hypothesis, observable and family, or two identical noisy
 * observations, two predicate or equation claims with the same text — then compare their
 * metadata, and comparing two distinct Distribution objects (or BoolExprs) yields a
 * BoolExpr, whose truth value raises TypeError. Gaia refuses the
 * package; so does Warrant, with Gaia's words, at the later claim.
 */
import type { BayesDistribution, BayesVariable } from '../runtime/bayes/bayesObjects.ts';
import { MODEL_OF_HELPER, OBSERVATIONS } from '../runtime/bayes/bayesObjects.ts';
import { PROPOSITION_OBJECTS } from '../runtime/bayes/predicateClaim.ts';
import type { Knowledge, MetaValue } from '../runtime/gaiaObjects.ts';
import { isMetaDict } from '../runtime/gaiaObjects.ts';
import { PyFloat } from '../text/pythonJson.ts';

export { BOOL_EXPR_TRUTH_ERROR } from '../runtime/truthTest.ts';

class HeldDict {
  constructor(readonly entries: ReadonlyMap<string, Held>) {}
}
/** A Variable: compared by identity (its dataclass does not define equality). */
class VariableRef {
  constructor(readonly variable: BayesVariable) {}
}
/** A Distribution: equal only to itself; any other comparison raises. */
class DistributionRef {
  constructor(readonly distribution: BayesDistribution) {}
}

/** A BoolExpr (a predicate's or an equation's proposition): equal only to itself; any other comparison raises. */
class PropositionRef {
  constructor(readonly value: object) {}
}

/** A runtime metadata value as Gaia holds it. */
type Held = MetaValue | HeldDict | VariableRef | DistributionRef | PropositionRef | readonly Held[];

type Outcome = 'equal' | 'different' | 'raises';

function compare(a: Held, b: Held): Outcome {
  if (a === b) return 'equal';
  if (a instanceof DistributionRef || b instanceof DistributionRef) {
    return a instanceof DistributionRef && b instanceof DistributionRef && a.distribution === b.distribution ? 'equal' : 'raises';
  }
  if (a instanceof PropositionRef || b instanceof PropositionRef) {
    return a instanceof PropositionRef && b instanceof PropositionRef && a.value === b.value ? 'equal' : 'raises';
  }
  if (a instanceof VariableRef || b instanceof VariableRef) {
    return a instanceof VariableRef && b instanceof VariableRef && a.variable === b.variable ? 'equal' : 'different';
  }
  if (a instanceof HeldDict && b instanceof HeldDict) {
    if (a.entries.size !== b.entries.size) return 'different';
    for (const [key, value] of a.entries) {
      if (!b.entries.has(key)) return 'different';
      const r = compare(value, b.entries.get(key)!);
      if (r !== 'equal') return r;
    }
    return 'equal';
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return 'different';
    for (let i = 0; i < a.length; i++) {
      const r = compare(a[i]!, b[i]!);
      if (r !== 'equal') return r;
    }
    return 'equal';
  }
  if (a instanceof PyFloat && b instanceof PyFloat) return a.value === b.value ? 'equal' : 'different';
  return 'different';
}

/** Metadata as Gaia holds it: dicts keep their key order, claims stay themselves. */
function held(v: MetaValue): Held {
  if (isMetaDict(v)) return new HeldDict(new Map(Object.entries(v).map(([k, x]) => [k, held(x)])));
  if (Array.isArray(v)) return v.map(held);
  return v;
}

/** The metadata Gaia's runtime holds for a claim, with its Distribution objects where the bayes verbs put them. */
function runtimeMetadata(k: Knowledge): Held {
  const proposition = PROPOSITION_OBJECTS.get(k);
  if (proposition) {
    return new HeldDict(new Map(Object.entries(k.metadata).map(([key, x]) => [key, key === proposition.slot ? new PropositionRef(proposition.value) : held(x)])));
  }
  const model = MODEL_OF_HELPER.get(k);
  if (model) {
    const entries = new Map<string, Held>();
    for (const [key, value] of Object.entries(k.metadata)) {
      entries.set(
        key,
        key === 'model'
          ? new HeldDict(
              new Map<string, Held>([
                ['kind', 'model'],
                ['hypothesis', model.hypothesis],
                ['observable', new VariableRef(model.observable)],
                ['distribution', new DistributionRef(model.distribution)],
              ]),
            )
          : held(value),
      );
    }
    return new HeldDict(entries);
  }
  const obs = OBSERVATIONS.get(k)!;
  const observation = new HeldDict(
    new Map<string, Held>([
      ['target', new VariableRef(obs.target)],
      ['value', obs.value.value],
      ['noise', obs.noise ? new DistributionRef(obs.noise) : null],
      ['unit', null],
      ['kind', 'observation'],
    ]),
  );
  return new HeldDict(new Map<string, Held>([['observation', observation]]));
}

/** The claim's background as Gaia's Claim holds it (a model helper's is the model's). */
function backgroundOf(k: Knowledge): readonly Knowledge[] {
  return MODEL_OF_HELPER.get(k)?.background ?? [];
}

/** The first claim whose `in pkg.knowledge` test raises in Gaia, or null. */
export function distributionEqualityTrap(knowledge: readonly Knowledge[]): Knowledge | null {
  const carriers = knowledge.filter((k) => MODEL_OF_HELPER.has(k) || OBSERVATIONS.has(k) || PROPOSITION_OBJECTS.has(k));
  for (let i = 1; i < carriers.length; i++) {
    const k = carriers[i]!;
    const mine = runtimeMetadata(k);
    for (let j = 0; j < i; j++) {
      const el = carriers[j]!;
      // The dataclass compares content, format, type, title, background, parameters and provenance first.
      if (el.content !== k.content || el.options.format !== k.options.format || el.type !== k.type || el.options.title !== k.options.title) continue;
      if (el.options.parameters.length > 0 || k.options.parameters.length > 0) continue;
      if (compare(backgroundOf(el), backgroundOf(k)) !== 'equal') continue;
      if (compare(runtimeMetadata(el), mine) === 'raises') return k;
    }
  }
  return null;
}
