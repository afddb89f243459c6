/**
 * The deprecated v5 composite strategies, as Gaia's compat layer builds them:
 *
 *   abduction(support_h, support_alt, comparison, *, background=None, reason="")
 *   induction(support_1, support_2, law, *, background=None, reason="")
 *   composite(premises, conclusion, *, sub_strategies, background=None, reason="", type="infer")
 *
 * Each wraps strategies already made (by support, compare, an earlier induction) into one
 * strategy whose `sub_strategies` the IR lists by id. abduction and induction also make a
 * composition-validity helper claim: Gaia registers it (it takes a declaration index) but
 * leaves it out of the IR. Gaia's checks of the parts are bad-argument errors.
 */
import type { ArgValue } from '../callArguments.ts';
import type { Knowledge, LegacyStrategy, ReasonEntry } from '../gaiaObjects.ts';
import { metaDict, newUid } from '../gaiaObjects.ts';
import type { GaiaRuntime, VerbCall } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import { knowledgeArg, knowledgeSeq, warnLegacy } from './legacyStrategyVerbs.ts';
import { reasonArg, tupleReason } from './strategyReason.ts';
import type { VerbImpl } from './verbTypes.ts';

/** Gaia's StrategyType values: what composite(type=...) may say. */
const STRATEGY_TYPES = new Set([
  'infer',
  'associate',
  'noisy_and',
  'deduction',
  'reductio',
  'elimination',
  'mathematical_induction',
  'case_analysis',
  'abduction',
  'analogy',
  'extrapolation',
  'support',
  'compare',
  'induction',
]);

function strategyArg(rt: GaiaRuntime, arg: ArgValue, verb: string, name: string): LegacyStrategy | null {
  if (arg.value.t === 'strategy') return arg.value.s;
  if (arg.value.t !== 'opaque') rt.report('bad-argument', `${verb}() ${name} must be a strategy, got ${describeValue(arg.value)}`, arg.range);
  return null;
}

function fail(rt: GaiaRuntime, call: VerbCall, message: string): GValue {
  rt.report('bad-argument', `${call.verb}() ${message}`, call.range);
  return OPAQUE;
}

/** Premises of several strategies, each once, in order. */
function uniquePremises(strategies: readonly LegacyStrategy[], skip: Knowledge | null = null, withConclusions = false): Knowledge[] {
  const out: Knowledge[] = [];
  for (const s of strategies) {
    for (const p of s.premises) if (p !== skip && !out.includes(p)) out.push(p);
    if (withConclusions && s.conclusion !== skip && !out.includes(s.conclusion)) out.push(s.conclusion);
  }
  return out;
}

function compose(
  rt: GaiaRuntime,
  call: VerbCall,
  type: string,
  premises: Knowledge[],
  conclusion: Knowledge,
  subStrategies: LegacyStrategy[],
  backgroundArg: ArgValue | undefined,
  reasonArgument: ArgValue | undefined,
  reason: string | ReasonEntry[],
  warrant: string | null,
): GValue {
  const background = rt.knowledgeList(backgroundArg, call.verb, 'background');
  if (!background) return OPAQUE;
  let compositionWarrant: Knowledge | undefined;
  if (warrant !== null) {
    const metadata = metaDict({ helper_kind: 'composition_validity', generated: true });
    if (typeof reason === 'string' && reason) metadata['warrant'] = reason;
    compositionWarrant = rt.newKnowledge('claim', warrant, metadata, call, { claimClass: false });
  }
  const s: LegacyStrategy = {
    uid: newUid(),
    type,
    premises,
    conclusion,
    background,
    reason,
    reasonTuple: tupleReason(reasonArgument),
    metadata: metaDict(),
    verb: call.verb,
    origin: rt.origin(call),
    subStrategies,
    ...(compositionWarrant ? { compositionWarrant } : {}),
  };
  rt.pkg.addStrategy(s);
  return { t: 'strategy', s };
}

const abductionVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['support_h', 'support_alt', 'comparison'], requiredPositional: 3, keywordOnly: ['background', 'reason'] });
  warnLegacy(rt, call);
  if (!b) return OPAQUE;
  const h = strategyArg(rt, b.named.get('support_h')!, 'abduction', 'first argument');
  const alt = strategyArg(rt, b.named.get('support_alt')!, 'abduction', 'second argument');
  const cmp = strategyArg(rt, b.named.get('comparison')!, 'abduction', 'third argument');
  const reason = reasonArg(rt, b.named.get('reason'), call.verb);
  if (!h || !alt || !cmp || reason === null) return OPAQUE;
  if (h.type !== 'support') return fail(rt, call, 'first argument must be a support strategy');
  if (alt.type !== 'support') return fail(rt, call, 'second argument must be a support strategy');
  if (cmp.type !== 'compare') return fail(rt, call, 'third argument must be a compare strategy');
  if (cmp.premises.length !== 3) return fail(rt, call, 'compare strategy must have [pred_h, pred_alt, observation]');
  const observation = cmp.premises[2]!;
  if (h.conclusion !== observation) return fail(rt, call, 'support_h must conclude the compared observation');
  if (alt.conclusion !== observation) return fail(rt, call, 'support_alt must conclude the compared observation');
  const warrant = `abduction_validity(${h.type}, ${alt.type}, ${cmp.type})`;
  return compose(rt, call, 'abduction', uniquePremises([h, alt, cmp]), cmp.conclusion, [h, alt, cmp], b.named.get('background'), b.named.get('reason'), reason, warrant);
};

const inductionVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['support_1', 'support_2', 'law'], requiredPositional: 3, keywordOnly: ['background', 'reason'] });
  warnLegacy(rt, call);
  if (!b) return OPAQUE;
  const s1 = strategyArg(rt, b.named.get('support_1')!, 'induction', 'support_1');
  const s2 = strategyArg(rt, b.named.get('support_2')!, 'induction', 'support_2');
  const law = knowledgeArg(rt, b.named.get('law')!, 'induction', 'law');
  const reason = reasonArg(rt, b.named.get('reason'), call.verb);
  if (!s1 || !s2 || !law || reason === null) return OPAQUE;
  if (s1.type !== 'support' && s1.type !== 'induction') return fail(rt, call, 'support_1 must be a support strategy or previous induction');
  if (s2.type !== 'support') return fail(rt, call, 'support_2 must be a support strategy');
  if (s1.type === 'support' && !s1.premises.includes(law)) return fail(rt, call, 'support_1 must have the law as a premise (generative direction: support([law, ...], obs))');
  if (s1.type === 'induction' && s1.conclusion !== law) return fail(rt, call, 'support_1 (previous induction) must conclude the same law');
  if (!s2.premises.includes(law)) return fail(rt, call, 'support_2 must have the law as a premise (generative direction: support([law, ...], obs))');
  const warrant = 'Are observations independent? Do they support the same law?';
  return compose(rt, call, 'induction', uniquePremises([s1, s2], law, true), law, [s1, s2], b.named.get('background'), b.named.get('reason'), reason, warrant);
};

const compositeVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['premises', 'conclusion'], requiredPositional: 2, keywordOnly: ['sub_strategies', 'background', 'reason', 'type'] });
  warnLegacy(rt, call);
  if (!b) return OPAQUE;
  const premises = knowledgeSeq(rt, b.named.get('premises')!, 'composite', 'premises');
  const conclusion = knowledgeArg(rt, b.named.get('conclusion')!, 'composite', 'conclusion');
  // composite() checks its steps' premises against its own; abduction and induction do not.
  const reason = premises ? reasonArg(rt, b.named.get('reason'), call.verb, premises) : null;
  const subsArg = b.named.get('sub_strategies');
  if (!subsArg) return fail(rt, call, "missing 1 required keyword-only argument: 'sub_strategies'");
  const type = rt.string(b.named.get('type'), 'composite', 'type', 'infer');
  if (!premises || !conclusion || reason === null || type === null) return OPAQUE;
  if (subsArg.value.t !== 'seq') {
    if (subsArg.value.t !== 'opaque') rt.report('bad-argument', `composite() sub_strategies must be a list of strategies, got ${describeValue(subsArg.value)}`, subsArg.range);
    return OPAQUE;
  }
  const subs: LegacyStrategy[] = [];
  for (const item of subsArg.value.items) {
    const s = strategyArg(rt, { value: item, range: subsArg.range }, 'composite', 'sub_strategies');
    if (!s) return OPAQUE;
    subs.push(s);
  }
  if (subs.length === 0) return fail(rt, call, 'requires at least one sub-strategy');
  if (!STRATEGY_TYPES.has(type)) return fail(rt, call, `type '${type}' is not a Gaia strategy type`);
  return compose(rt, call, type, premises, conclusion, subs, b.named.get('background'), b.named.get('reason'), reason, null);
};

export const COMPOSITE_STRATEGY_VERBS: Readonly<Record<string, VerbImpl>> = {
  abduction: abductionVerb,
  induction: inductionVerb,
  composite: compositeVerb,
};
