/**
 * The deprecated v5 operators: contradiction, equivalence, complement and disjunction
 * (helper texts like `not_both_true(A, B)`, written before labels exist), and the
 * expression helpers not_, and_ and or_.
 */
import type { Knowledge, LegacyOperator } from '../gaiaObjects.ts';
import { metaDict, newUid } from '../gaiaObjects.ts';
import type { GaiaRuntime, VerbCall } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import { truthy } from '../pythonSemantics.ts';
import type { ArgValue } from '../callArguments.ts';
import { pairedPrior, warnLegacy } from './legacyStrategyVerbs.ts';
import type { VerbImpl } from './verbTypes.ts';

function addOperator(rt: GaiaRuntime, call: VerbCall, operator: string, variables: Knowledge[], conclusion: Knowledge, reason: string): void {
  const o: LegacyOperator = { uid: newUid(), operator, variables, conclusion, reason, verb: call.verb, origin: rt.origin(call) };
  rt.pkg.addOperator(o);
}

/**
 * A v5 operator's `reason=`. Gaia reads only whether it is true (for the pairing with a
 * prior) and keeps it in the IR only when it is a string, so any value is accepted.
 */
function operatorReason(rt: GaiaRuntime, arg: ArgValue | undefined, verb: string): { text: string; given: boolean } | null {
  if (!arg) return { text: '', given: false };
  if (arg.value.t === 'str') return { text: arg.value.v, given: arg.value.v !== '' };
  const given = truthy(arg.value);
  if (given === undefined) {
    if (arg.value.t !== 'opaque') rt.report('unsupported', `${verb}() reason: Warrant cannot tell whether ${describeValue(arg.value)} is true`, arg.range);
    return null;
  }
  return { text: '', given };
}

function knowledgeArgs(rt: GaiaRuntime, args: readonly ArgValue[], verb: string, claimsOnly: boolean): Knowledge[] | null {
  const out: Knowledge[] = [];
  for (const a of args) {
    const v = a.value;
    if (v.t === 'knowledge' && (!claimsOnly || v.k.isClaim)) out.push(v.k);
    else {
      if (v.t !== 'opaque') rt.report(v.t === 'knowledge' ? 'not-a-claim' : 'bad-argument', `${verb}() arguments must be claims, got ${describeValue(v)}`, a.range);
      return null;
    }
  }
  return out;
}

const PAIR_OPERATORS = {
  contradiction: { helperKind: 'contradiction_result', text: 'not_both_true' },
  equivalence: { helperKind: 'equivalence_result', text: 'same_truth' },
  complement: { helperKind: 'complement_result', text: 'opposite_truth' },
} as const;

function pairOperator(name: keyof typeof PAIR_OPERATORS): VerbImpl {
  return (rt, call) => {
    const b = rt.bind(call, { positional: ['a', 'b'], requiredPositional: 2, keywordOnly: ['reason', 'prior'] });
    warnLegacy(rt, call);
    if (!b) return OPAQUE;
    const ks = knowledgeArgs(rt, [b.named.get('a')!, b.named.get('b')!], name, false);
    const reason = operatorReason(rt, b.named.get('reason'), name);
    if (!ks || reason === null) return OPAQUE;
    const p = pairedPrior(rt, call, reason.given, b.named.get('prior'));
    if (!p.ok) return OPAQUE;
    const { helperKind, text } = PAIR_OPERATORS[name];
    const metadata = metaDict({ helper_kind: helperKind });
    if (p.prior !== null) metadata['prior'] = p.prior;
    // Labels are given only after the module has run, so Gaia always writes A and B here.
    const helper = rt.newKnowledge('claim', `${text}(${ks[0]!.label ?? 'A'}, ${ks[1]!.label ?? 'B'})`, metadata, call, { claimClass: false });
    addOperator(rt, call, name, ks, helper, reason.text);
    return { t: 'knowledge', k: helper };
  };
}

const disjunctionVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { varArgs: true, keywordOnly: ['reason', 'prior'] });
  warnLegacy(rt, call);
  if (!b) return OPAQUE;
  const ks = knowledgeArgs(rt, b.varArgs, 'disjunction', false);
  const reason = operatorReason(rt, b.named.get('reason'), 'disjunction');
  if (!ks || reason === null) return OPAQUE;
  const p = pairedPrior(rt, call, reason.given, b.named.get('prior'));
  if (!p.ok) return OPAQUE;
  const metadata = metaDict({ helper_kind: 'disjunction_result' });
  if (p.prior !== null) metadata['prior'] = p.prior;
  const labels = ks.map((k, i) => k.label ?? `C${i}`).join(', ');
  const helper = rt.newKnowledge('claim', `any_true(${labels})`, metadata, call, { claimClass: false });
  addOperator(rt, call, 'disjunction', ks, helper, reason.text);
  return { t: 'knowledge', k: helper };
};

/** not_/and_/or_ quote claims by their text (labels do not exist yet). */
function expressionHelper(operator: 'negation' | 'conjunction' | 'disjunction', text: string, helperKind: string, unary: boolean): VerbImpl {
  return (rt, call) => {
    const b = rt.bind(call, unary ? { positional: ['claim'], requiredPositional: 1 } : { varArgs: true });
    warnLegacy(rt, call);
    if (!b) return OPAQUE;
    const args = unary ? [b.named.get('claim')!] : b.varArgs;
    if (!unary && args.length < 2) {
      rt.report('bad-argument', `${call.verb}() requires at least two claims`, call.range);
      return OPAQUE;
    }
    const ks = knowledgeArgs(rt, args, call.verb, true);
    if (!ks) return OPAQUE;
    const helper = rt.newKnowledge(
      'claim',
      `${text}(${ks.map((k) => (k.label ? `[@${k.label}]` : k.content)).join(', ')})`,
      metaDict({ generated: true, helper_kind: helperKind, review: false }),
      call,
    );
    addOperator(rt, call, operator, ks, helper, '');
    return { t: 'knowledge', k: helper } satisfies GValue;
  };
}

export const LEGACY_OPERATOR_VERBS: Readonly<Record<string, VerbImpl>> = {
  contradiction: pairOperator('contradiction'),
  equivalence: pairOperator('equivalence'),
  complement: pairOperator('complement'),
  disjunction: disjunctionVerb,
  not_: expressionHelper('negation', 'not', 'negation_result', true),
  and_: expressionHelper('conjunction', 'all_true', 'conjunction_result', false),
  or_: expressionHelper('disjunction', 'any_true', 'disjunction_result', false),
};
