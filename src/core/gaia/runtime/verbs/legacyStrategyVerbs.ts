/**
 * The deprecated v5 named strategies (deduction, support, noisy_and, compare, analogy,
 * extrapolation, elimination, case_analysis, mathematical_induction, and the old
 * `infer([premises], conclusion)`). Gaia still accepts them and lowers them through its
 * IR formalizer; Warrant does the same, with a deprecation warning naming the v0.5 verb.
 */
import type { ArgValue } from '../callArguments.ts';
import type { Knowledge, LegacyStrategy, MetaDict, ReasonEntry } from '../gaiaObjects.ts';
import { metaDict, newUid } from '../gaiaObjects.ts';
import { LEGACY_NAMES } from '../gaiaNames.ts';
import type { GaiaRuntime, VerbCall } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import { pythonNumberText } from '../../text/pythonFloat.ts';
import { CROMWELL_EPS } from './priorRecords.ts';
import { reasonArg, tupleReason } from './strategyReason.ts';
import type { VerbImpl } from './verbTypes.ts';

export function warnLegacy(rt: GaiaRuntime, call: VerbCall, name = call.verb): void {
  rt.report('deprecated', `${name}() is a deprecated v5 verb; in Gaia v0.5 write ${LEGACY_NAMES.get(name) ?? 'the v0.5 verbs'}`, call.range);
}

/** A legacy argument that must be one knowledge node (any type; the IR checks catch notes). */
export function knowledgeArg(rt: GaiaRuntime, arg: ArgValue, verb: string, name: string): Knowledge | null {
  if (arg.value.t === 'knowledge') return arg.value.k;
  if (arg.value.t !== 'opaque') rt.report('bad-argument', `${verb}() ${name} must be a claim, got ${describeValue(arg.value)}`, arg.range);
  return null;
}

export function knowledgeSeq(rt: GaiaRuntime, arg: ArgValue, verb: string, name: string): Knowledge[] | null {
  if (arg.value.t !== 'seq') {
    if (arg.value.t !== 'opaque') rt.report('bad-argument', `${verb}() ${name} must be a list of claims, got ${describeValue(arg.value)}`, arg.range);
    return null;
  }
  const out: Knowledge[] = [];
  for (const item of arg.value.items) {
    const k = knowledgeArg(rt, { value: item, range: arg.range }, verb, name);
    if (!k) return null;
    out.push(k);
  }
  return out;
}

/** Gaia's rule for v5 verbs: a reason (any true value) and a prior come together or not at all. */
export function pairedPrior(rt: GaiaRuntime, call: VerbCall, hasReason: boolean, priorArg: ArgValue | undefined): { ok: boolean; prior: number | null } {
  const hasPrior = priorArg !== undefined && priorArg.value.t !== 'none';
  if (hasReason !== hasPrior) {
    rt.report('bad-argument', `${call.verb}(): reason and prior must be given together or not at all`, call.range);
    return { ok: false, prior: null };
  }
  if (!hasPrior) return { ok: true, prior: null };
  const p = rt.number(priorArg!, call.verb, 'prior');
  if (!p) return { ok: false, prior: null };
  if (!Number.isFinite(p.value) || p.value < CROMWELL_EPS || p.value > 1 - CROMWELL_EPS) {
    rt.report('prior-range', `${call.verb}(): prior ${pythonNumberText(p.value)} is outside Cromwell's bounds [0.001, 0.999]`, priorArg!.range);
    return { ok: false, prior: null };
  }
  return { ok: true, prior: p.value };
}

function makeStrategy(
  rt: GaiaRuntime,
  call: VerbCall,
  type: string,
  premises: Knowledge[],
  conclusion: Knowledge,
  backgroundArg: ArgValue | undefined,
  reasonArgument: ArgValue | undefined,
  reason: string | ReasonEntry[],
  metadata: MetaDict,
): GValue {
  const background = rt.knowledgeList(backgroundArg, call.verb, 'background');
  if (!background) return OPAQUE;
  const s: LegacyStrategy = { uid: newUid(), type, premises, conclusion, background, reason, reasonTuple: tupleReason(reasonArgument), metadata, verb: call.verb, origin: rt.origin(call) };
  rt.pkg.addStrategy(s);
  return { t: 'strategy', s };
}

/** deduction / support / noisy_and: `(premises, conclusion, *, background, reason[, prior])`. */
function premisesVerb(type: 'deduction' | 'support', withPrior: boolean): VerbImpl {
  return (rt, call) => {
    const b = rt.bind(call, { positional: ['premises', 'conclusion'], requiredPositional: 2, keywordOnly: withPrior ? ['background', 'reason', 'prior'] : ['background', 'reason'] });
    warnLegacy(rt, call);
    if (!b) return OPAQUE;
    const premises = knowledgeSeq(rt, b.named.get('premises')!, call.verb, 'premises');
    const conclusion = knowledgeArg(rt, b.named.get('conclusion')!, call.verb, 'conclusion');
    if (!premises || !conclusion) return OPAQUE;
    if (premises.length < 1) {
      rt.report('bad-argument', `${call.verb}() requires at least 1 premise`, b.named.get('premises')!.range);
      return OPAQUE;
    }
    const reason = reasonArg(rt, b.named.get('reason'), call.verb, premises);
    if (reason === null) return OPAQUE;
    const metadata = metaDict();
    if (withPrior) {
      const p = pairedPrior(rt, call, reason.length > 0, b.named.get('prior'));
      if (!p.ok) return OPAQUE;
      if (p.prior !== null) metadata['prior'] = p.prior;
    }
    return makeStrategy(rt, call, type, premises, conclusion, b.named.get('background'), b.named.get('reason'), reason, metadata);
  };
}

/** Verbs with three named claim slots: `premises` are taken from the slots in order. */
function threeSlotVerb(type: string, slots: readonly [string, string, string], premiseSlots: readonly string[], conclusionSlot: string): VerbImpl {
  return (rt, call) => {
    const b = rt.bind(call, { positional: [...slots], requiredPositional: 3, keywordOnly: ['background', 'reason'] });
    warnLegacy(rt, call);
    if (!b) return OPAQUE;
    const ks = new Map<string, Knowledge>();
    for (const s of slots) {
      const k = knowledgeArg(rt, b.named.get(s)!, call.verb, s);
      if (!k) return OPAQUE;
      ks.set(s, k);
    }
    const premises = premiseSlots.map((s) => ks.get(s)!);
    const reason = reasonArg(rt, b.named.get('reason'), call.verb, premises);
    if (reason === null) return OPAQUE;
    return makeStrategy(rt, call, type, premises, ks.get(conclusionSlot)!, b.named.get('background'), b.named.get('reason'), reason, metaDict());
  };
}

/**
 * elimination / case_analysis: `(exhaustiveness, pairs, conclusion)`, pairs flattened.
 * Each names its slots as Gaia does (elimination's conclusion is its `survivor`), since a
 * call may pass any of them by keyword.
 */
function pairsVerb(type: 'elimination' | 'case_analysis', pairsName: string, conclusionName: string): VerbImpl {
  return (rt, call) => {
    const b = rt.bind(call, { positional: ['exhaustiveness', pairsName, conclusionName], requiredPositional: 3, keywordOnly: ['background', 'reason'] });
    warnLegacy(rt, call);
    if (!b) return OPAQUE;
    const exhaustiveness = knowledgeArg(rt, b.named.get('exhaustiveness')!, call.verb, 'exhaustiveness');
    const conclusion = knowledgeArg(rt, b.named.get(conclusionName)!, call.verb, conclusionName);
    const pairsArg = b.named.get(pairsName)!;
    if (!exhaustiveness || !conclusion || pairsArg.value.t === 'opaque') return OPAQUE;
    const flat: Knowledge[] = [];
    const pairs = pairsArg.value.t === 'seq' ? pairsArg.value.items : null;
    if (!pairs || pairs.length === 0) {
      rt.report('bad-argument', `${call.verb}() requires at least one pair`, pairsArg.range);
      return OPAQUE;
    }
    for (const pair of pairs) {
      const two = pair.t === 'seq' && pair.items.length === 2 ? pair.items : null;
      if (!two || two.some((x) => x.t !== 'knowledge')) {
        rt.report('bad-argument', `${call.verb}() ${pairsName} must be a list of (claim, claim) pairs`, pairsArg.range);
        return OPAQUE;
      }
      for (const x of two) flat.push((x as { k: Knowledge }).k);
    }
    const reason = reasonArg(rt, b.named.get('reason'), call.verb, [exhaustiveness, ...flat]);
    if (reason === null) return OPAQUE;
    return makeStrategy(rt, call, type, [exhaustiveness, ...flat], conclusion, b.named.get('background'), b.named.get('reason'), reason, metaDict());
  };
}

export const compareVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['pred_h', 'pred_alt', 'observation'], requiredPositional: 3, keywordOnly: ['background', 'reason', 'prior'] });
  warnLegacy(rt, call);
  if (!b) return OPAQUE;
  const ks: Knowledge[] = [];
  for (const s of ['pred_h', 'pred_alt', 'observation']) {
    const k = knowledgeArg(rt, b.named.get(s)!, 'compare', s);
    if (!k) return OPAQUE;
    ks.push(k);
  }
  const reason = reasonArg(rt, b.named.get('reason'), 'compare', ks);
  if (reason === null) return OPAQUE;
  const p = pairedPrior(rt, call, reason.length > 0, b.named.get('prior'));
  if (!p.ok) return OPAQUE;
  const metadata = metaDict();
  if (p.prior !== null) metadata['prior'] = p.prior;
  const [h, alt, obs] = ks as [Knowledge, Knowledge, Knowledge];
  // The comparison claim is a plain knowledge node, as Gaia's compare() makes it.
  const comparison = rt.newKnowledge('claim', `compare(${h.content}, ${alt.content}, ${obs.content})`, metaDict({ helper_kind: 'comparison_claim', generated: true }), call, { claimClass: false });
  return makeStrategy(rt, call, 'compare', [h, alt, obs], comparison, b.named.get('background'), b.named.get('reason'), reason, metadata);
};

/**
 * `infer([premises], conclusion, *, background=None, reason="")`, reached through v0.5
 * infer(): Gaia calls it with the premises, infer()'s other positionals and the keywords
 * infer() does not take itself, so `conclusion=` may come by keyword. `background=` is
 * infer()'s own and never reaches it.
 */
export function legacyInfer(rt: GaiaRuntime, call: VerbCall, premisesArg: ArgValue, rest: readonly ArgValue[], keywords: ReadonlyMap<string, ArgValue>): GValue {
  const legacyCall: VerbCall = { ...call, args: [premisesArg, ...rest], keywords: [...keywords].map(([name, arg]) => ({ name, arg })) };
  const b = rt.bind(legacyCall, { positional: ['premises', 'conclusion'], requiredPositional: 2, keywordOnly: ['background', 'reason'] });
  if (!b) return OPAQUE;
  const premises = knowledgeSeq(rt, premisesArg, 'infer', 'premises');
  const conclusion = knowledgeArg(rt, b.named.get('conclusion')!, 'infer', 'conclusion');
  if (!premises || !conclusion) return OPAQUE;
  const reason = reasonArg(rt, b.named.get('reason'), 'infer', premises);
  if (reason === null) return OPAQUE;
  return makeStrategy(rt, call, 'infer', premises, conclusion, undefined, b.named.get('reason'), reason, metaDict());
}

const FILLS_STRENGTHS = ['exact', 'partial', 'conditional'];
const FILLS_MODES = ['deduction', 'infer'];

/** A `str` keyword that must be one of `allowed` (or None, where the default is None); `message` otherwise. */
function choiceArg(rt: GaiaRuntime, arg: ArgValue | undefined, fallback: string | null, allowed: readonly string[], message: string): string | null | undefined {
  if (arg === undefined) return fallback;
  const v = arg.value;
  if (v.t === 'opaque') return undefined;
  if (v.t === 'none' && fallback === null) return null;
  if (v.t === 'str' && allowed.includes(v.v)) return v.v;
  rt.report('bad-argument', message, arg.range);
  return undefined;
}

/**
 * `fills(source, target, *, mode=None, strength='exact', background=None, reason='')`: a
 * claim filling another package's open premise. It is a v5 strategy (deduction when the
 * mode says so, by default for an exact fill; else infer) carrying the relation in
 * `metadata.gaia.relation`; packaging later turns it into a bridge (see fillsBridges.ts).
 */
export const fillsVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['source', 'target'], requiredPositional: 2, keywordOnly: ['mode', 'strength', 'background', 'reason'] });
  if (!b) return OPAQUE;
  const strength = choiceArg(rt, b.named.get('strength'), 'exact', FILLS_STRENGTHS, 'fills() strength must be one of: exact, partial, conditional');
  if (strength === undefined || strength === null) return OPAQUE;
  const mode = choiceArg(rt, b.named.get('mode'), null, FILLS_MODES, 'fills() mode must be one of: deduction, infer');
  if (mode === undefined) return OPAQUE;
  const source = knowledgeArg(rt, b.named.get('source')!, 'fills', 'source');
  if (!source) return OPAQUE;
  if (source.type !== 'claim') {
    rt.report('bad-argument', "fills() requires source.type == 'claim'", b.named.get('source')!.range);
    return OPAQUE;
  }
  const target = knowledgeArg(rt, b.named.get('target')!, 'fills', 'target');
  if (!target) return OPAQUE;
  if (target.type !== 'claim') {
    rt.report('bad-argument', "fills() requires target.type == 'claim'", b.named.get('target')!.range);
    return OPAQUE;
  }
  const resolved = mode ?? (strength === 'exact' ? 'deduction' : 'infer');
  const reason = reasonArg(rt, b.named.get('reason'), 'fills', [source]);
  if (reason === null) return OPAQUE;
  const metadata = metaDict({ gaia: metaDict({ relation: metaDict({ type: 'fills', strength, mode: resolved }) }) });
  return makeStrategy(rt, call, resolved, [source], target, b.named.get('background'), b.named.get('reason'), reason, metadata);
};

export const LEGACY_STRATEGY_VERBS: Readonly<Record<string, VerbImpl>> = {
  deduction: premisesVerb('deduction', true),
  support: premisesVerb('support', true),
  noisy_and: premisesVerb('support', false),
  compare: compareVerb,
  analogy: threeSlotVerb('analogy', ['source', 'target', 'bridge'], ['source', 'bridge'], 'target'),
  extrapolation: threeSlotVerb('extrapolation', ['source', 'target', 'continuity'], ['source', 'continuity'], 'target'),
  mathematical_induction: threeSlotVerb('mathematical_induction', ['base', 'step', 'conclusion'], ['base', 'step'], 'conclusion'),
  elimination: pairsVerb('elimination', 'excluded', 'survivor'),
  case_analysis: pairsVerb('case_analysis', 'cases', 'conclusion'),
  fills: fillsVerb,
};
