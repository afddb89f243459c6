/**
 * infer (evidence given a hypothesis, with an explicit likelihood table) and associate
 * (a symmetric pairwise association). Each returns what Gaia returns: infer the
 * evidence claim, associate its association helper claim. The old v5 form
 * `infer([premises], conclusion)` is passed on to the legacy strategy.
 */
import type { ArgValue } from '../callArguments.ts';
import type { AssociateAction, InferAction, ProbabilityValue } from '../gaiaObjects.ts';
import { Knowledge, metaDict, newUid } from '../gaiaObjects.ts';
import { pythonNumberText } from '../../text/pythonFloat.ts';
import type { GaiaRuntime } from '../gaiaRuntime.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import { legacyInfer } from './legacyStrategyVerbs.ts';
import { claimOrText, newTextClaim } from './supportVerbs.ts';
import type { VerbImpl } from './verbTypes.ts';

/**
 * A probability as written: a number, or a bool, which Python counts as 1 or 0 (Gaia
 * takes it, and keeps `true`/`false` in the relation's metadata).
 */
function probability(rt: GaiaRuntime, arg: ArgValue, verb: string, name: string): ProbabilityValue | null {
  const v = arg.value;
  if (v.t === 'num') return { value: v.v, isFloat: v.float };
  if (v.t === 'bool') return { value: v.v ? 1 : 0, isFloat: false };
  if (v.t !== 'opaque') rt.report('bad-argument', `${verb}() ${name} must be a probability, got ${describeValue(v)}`, arg.range);
  return null;
}

/**
 * An infer likelihood: a probability, or a knowledge node whose "value" parameter Gaia
 * reads when the package compiles (ir/claimProbability.ts).
 */
function likelihood(rt: GaiaRuntime, arg: ArgValue, name: string): ProbabilityValue | Knowledge | null {
  return arg.value.t === 'knowledge' ? arg.value.k : probability(rt, arg, 'infer', name);
}

function checkRange(rt: GaiaRuntime, p: ProbabilityValue | Knowledge, arg: ArgValue, verb: string, name: string): void {
  if (p instanceof Knowledge) return;
  if (!(p.value >= 0 && p.value <= 1)) rt.report('probability-range', `${verb}() ${name} = ${pythonNumberText(p.value)} is not a probability in [0, 1]`, arg.range);
}

export const inferVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, {
    positional: ['evidence'],
    varArgs: true,
    keywordOnly: ['hypothesis', 'given', 'background', 'p_e_given_h', 'p_e_given_not_h', 'rationale', 'label'],
    varKeywords: true,
  });
  if (!b) return OPAQUE;
  const evidenceArg = b.named.get('evidence');
  if (evidenceArg && evidenceArg.value.t === 'seq') {
    rt.report('deprecated', 'infer([premises], conclusion, ...) is the deprecated v5 form; use infer(evidence, hypothesis=..., p_e_given_h=..., p_e_given_not_h=...)', call.range);
    return legacyInfer(rt, call, evidenceArg, b.varArgs, b.varKeywords);
  }
  if (b.varArgs.length > 0) {
    rt.report('bad-argument', 'infer() accepts only one positional argument (the evidence)', b.varArgs[0]!.range);
    return OPAQUE;
  }
  const unexpected = [...b.varKeywords.keys()][0];
  if (unexpected !== undefined) {
    rt.report('bad-argument', `infer() got an unexpected keyword argument: '${unexpected}'`, b.varKeywords.get(unexpected)!.range);
    return OPAQUE;
  }
  const hypothesisArg = b.named.get('hypothesis');
  const pArg = b.named.get('p_e_given_h');
  for (const [arg, name] of [
    [hypothesisArg, 'hypothesis'],
    [evidenceArg, 'evidence'],
    [pArg, 'p_e_given_h'],
  ] as const) {
    if (!arg || arg.value.t === 'none') {
      rt.report('bad-argument', `infer() missing required keyword argument: '${name}'`, call.range);
      return OPAQUE;
    }
  }
  const written = claimOrText(rt, call, evidenceArg!, 'evidence');
  // A text evidence is made before the hypothesis and premises are lifted, as in Gaia (declaration order).
  const evidence = typeof written === 'string' ? newTextClaim(rt, call, written) : written;
  const hypothesis = rt.liftClaim(hypothesisArg!, 'infer', 'hypothesis');
  const given = rt.claimTuple(b.named.get('given'), 'infer', 'given');
  const background = rt.knowledgeList(b.named.get('background'), 'infer', 'background');
  const rationale = rt.rationale(b.named.get('rationale'), 'infer');
  const label = rt.optionalString(b.named.get('label'), 'infer', 'label');
  const pH = likelihood(rt, pArg!, 'p_e_given_h');
  const notHArg = b.named.get('p_e_given_not_h');
  const defaulted = notHArg === undefined;
  let pNotH: ProbabilityValue | Knowledge | null = { value: 0.5, isFloat: true };
  if (notHArg) {
    if (notHArg.value.t === 'none') {
      rt.report('bad-argument', 'infer() p_e_given_not_h must be a probability, not None', notHArg.range);
      pNotH = null;
    } else pNotH = likelihood(rt, notHArg, 'p_e_given_not_h');
  }
  if (evidence === null || !hypothesis || !given || !background || rationale === null || label === undefined || !pH || !pNotH) return OPAQUE;
  checkRange(rt, pH, pArg!, 'infer', 'p_e_given_h');
  if (notHArg) checkRange(rt, pNotH, notHArg, 'infer', 'p_e_given_not_h');
  else rt.report('missing-p-e-given-not-h', 'infer() without p_e_given_not_h uses the neutral 0.5 background likelihood; give the false-positive rate when it is known', call.range);

  const evidenceClaim: Knowledge = typeof evidence === 'string' ? newTextClaim(rt, call, evidence) : evidence;
  const relation = metaDict({
    type: 'infer',
    hypothesis,
    evidence: evidenceClaim,
    p_e_given_h: rt.meta(pArg!.value, pArg!.range, 'infer') ?? null,
    p_e_given_not_h: defaulted ? 0.5 : (rt.meta(notHArg!.value, notHArg!.range, 'infer') ?? null),
  });
  if (defaulted) relation['p_e_given_not_h_defaulted'] = true;
  if (given.length > 0) relation['given'] = [...given];
  const helper = rt.newKnowledge(
    'claim',
    `${evidenceClaim.content} statistically supports ${hypothesis.content}.`,
    metaDict({ generated: true, helper_kind: 'likelihood', review: true, relation }),
    call,
  );
  const action: InferAction = rt.pkg.addAction({
    kind: 'infer',
    uid: newUid(),
    label,
    rationale,
    background,
    metadata: metaDict(),
    warrants: [helper],
    origin: rt.origin(call),
    hypothesis,
    evidence: evidenceClaim,
    given,
    pEGivenH: pH,
    pEGivenNotH: pNotH,
    pEGivenNotHDefaulted: defaulted,
    helper,
  });
  if (!evidenceClaim.fromActions.includes(action)) evidenceClaim.fromActions.push(action);
  return { t: 'knowledge', k: evidenceClaim };
};

const ASSOCIATE_PATTERNS = new Set(['equal', 'contradict', 'exclusive']);

export const associateVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, {
    positional: ['a', 'b'],
    requiredPositional: 2,
    keywordOnly: ['p_a_given_b', 'p_b_given_a', 'pattern', 'background', 'rationale', 'label'],
    requiredKeywordOnly: ['p_a_given_b', 'p_b_given_a'],
  });
  if (!b) return OPAQUE;
  const a = rt.liftClaim(b.named.get('a')!, 'associate', 'first argument');
  const bb = rt.liftClaim(b.named.get('b')!, 'associate', 'second argument');
  const abArg = b.named.get('p_a_given_b')!;
  const baArg = b.named.get('p_b_given_a')!;
  const pAB = probability(rt, abArg, 'associate', 'p_a_given_b');
  const pBA = probability(rt, baArg, 'associate', 'p_b_given_a');
  const pattern = rt.optionalString(b.named.get('pattern'), 'associate', 'pattern');
  const background = rt.knowledgeList(b.named.get('background'), 'associate', 'background');
  const rationale = rt.rationale(b.named.get('rationale'), 'associate');
  const label = rt.optionalString(b.named.get('label'), 'associate', 'label');
  if (!a || !bb || !pAB || !pBA || pattern === undefined || !background || rationale === null || label === undefined) return OPAQUE;
  if (pattern !== null) {
    const where = b.named.get('pattern')!.range;
    if (!ASSOCIATE_PATTERNS.has(pattern)) {
      rt.report('bad-argument', 'associate pattern must be one of: contradict, equal, exclusive', where);
      return OPAQUE;
    }
    if (pattern === 'equal' && !(pAB.value > 0.5 && pBA.value > 0.5)) {
      rt.report('bad-argument', "associate(pattern='equal') requires p_a_given_b > 0.5 and p_b_given_a > 0.5", where);
      return OPAQUE;
    }
    if (pattern !== 'equal' && !(pAB.value < 0.5 && pBA.value < 0.5)) {
      rt.report('bad-argument', `associate(pattern='${pattern}') requires p_a_given_b < 0.5 and p_b_given_a < 0.5`, where);
      return OPAQUE;
    }
  }
  checkRange(rt, pAB, abArg, 'associate', 'p_a_given_b');
  checkRange(rt, pBA, baArg, 'associate', 'p_b_given_a');
  const relation = metaDict({
    type: 'associate',
    a,
    b: bb,
    p_a_given_b: rt.meta(abArg.value, abArg.range, 'associate') ?? null,
    p_b_given_a: rt.meta(baArg.value, baArg.range, 'associate') ?? null,
    pattern,
  });
  // A label code already set is quoted as `[@label]` (infer's helper, by contrast, always quotes texts).
  const ref = (k: Knowledge) => (k.label ? `[@${k.label}]` : k.content);
  const helper = rt.newKnowledge('claim', `${ref(a)} and ${ref(bb)} are statistically associated.`, metaDict({ generated: true, helper_kind: 'association', review: true, relation }), call);
  const action: AssociateAction = rt.pkg.addAction({
    kind: 'associate',
    uid: newUid(),
    label,
    rationale,
    background,
    metadata: metaDict(),
    warrants: [],
    origin: rt.origin(call),
    a,
    b: bb,
    pAGivenB: pAB,
    pBGivenA: pBA,
    pattern,
    helper,
  });
  helper.fromActions.push(action);
  return { t: 'knowledge', k: helper };
};
