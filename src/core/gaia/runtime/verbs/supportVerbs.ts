/**
 * derive, observe and compute: given → conclusion, each with a reviewable warrant claim
 * ("derive warrants …"). A string conclusion becomes a new claim (not stripped: Gaia
 * makes it with `Claim(text)`). A premise-free observe pins its claim to 1 − 0.001.
 * compute (computeVerb.ts) runs its function and records its action here too.
 */
import type { ArgValue } from '../callArguments.ts';
import type { ComputeFunction, Knowledge, MetaValue, SupportAction } from '../gaiaObjects.ts';
import { metaDict, newUid } from '../gaiaObjects.ts';
import type { GaiaRuntime, VerbCall } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import { CROMWELL_EPS } from './priorRecords.ts';
import type { VerbImpl } from './verbTypes.ts';
import type { BayesDistribution, BayesVariable } from '../bayes/bayesObjects.ts';
import { asObservable } from '../bayes/bayesObjects.ts';
import { observationClaim } from '../bayes/observeVariable.ts';
import { distributionObservationClaim } from '../bayes/observeDistribution.ts';

/** A conclusion or evidence argument: a string makes a new claim, else a claim. */
export function claimOrText(rt: GaiaRuntime, call: VerbCall, arg: ArgValue, position: string): Knowledge | string | null {
  if (arg.value.t === 'str') return arg.value.v;
  return rt.liftClaim(arg, call.verb, position);
}

export function newTextClaim(rt: GaiaRuntime, call: VerbCall, text: string): Knowledge {
  return rt.newKnowledge('claim', text, metaDict(), call);
}

/** The warrant helper every support verb makes. */
function implicationWarrant(rt: GaiaRuntime, call: VerbCall, verb: string, given: readonly Knowledge[], conclusion: Knowledge, rationale: string): Knowledge {
  const metadata = metaDict({
    generated: true,
    helper_kind: 'implication_warrant',
    review: true,
    relation: metaDict({ type: verb, given: [...given], conclusion }),
  });
  if (rationale) metadata['warrant'] = rationale;
  return rt.newKnowledge('claim', `${verb} warrants ${conclusion.content}`, metadata, call);
}

function attach(claim: Knowledge, action: SupportAction): void {
  if (!claim.fromActions.includes(action)) claim.fromActions.push(action);
}

export interface SupportArgs {
  readonly target: Knowledge | string;
  readonly given: Knowledge[];
  readonly background: Knowledge[];
  readonly rationale: string;
  readonly label: string | null;
}

function supportArgs(rt: GaiaRuntime, call: VerbCall, conclusionArg: ArgValue | undefined, named: ReadonlyMap<string, ArgValue>): SupportArgs | null {
  if (!conclusionArg) return null;
  const written = claimOrText(rt, call, conclusionArg, 'conclusion');
  // A text conclusion is made before the premises are lifted, as in Gaia (declaration order).
  const target = typeof written === 'string' ? newTextClaim(rt, call, written) : written;
  const given = rt.claimTuple(named.get('given'), call.verb, 'given');
  const background = rt.knowledgeList(named.get('background'), call.verb, 'background');
  const rationale = rt.rationale(named.get('rationale'), call.verb);
  const label = rt.optionalString(named.get('label'), call.verb, 'label');
  if (target === null || !given || !background || rationale === null || label === undefined) return null;
  return { target, given, background, rationale, label };
}

export function makeSupport(rt: GaiaRuntime, call: VerbCall, kind: SupportAction['kind'], args: SupportArgs, metadata: SupportAction['metadata'], fn: ComputeFunction | null): SupportAction {
  const conclusion = typeof args.target === 'string' ? newTextClaim(rt, call, args.target) : args.target;
  const warrant = implicationWarrant(rt, call, kind, args.given, conclusion, args.rationale);
  const action: SupportAction = rt.pkg.addAction({
    kind,
    uid: newUid(),
    label: args.label,
    rationale: args.rationale,
    background: args.background,
    metadata,
    warrants: [warrant],
    origin: rt.origin(call),
    conclusion,
    given: args.given,
    fn,
  });
  attach(conclusion, action);
  return action;
}

export const deriveVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['conclusion'], requiredPositional: 1, keywordOnly: ['given', 'background', 'rationale', 'label'] });
  if (!b) return OPAQUE;
  const args = supportArgs(rt, call, b.named.get('conclusion'), b.named);
  if (!args) return OPAQUE;
  const action = makeSupport(rt, call, 'derive', args, metaDict(), null);
  return { t: 'knowledge', k: action.conclusion };
};

/**
 * `source_refs=`: Gaia keeps `list(source_refs)` whatever its items are, so a list or
 * tuple of any stored values, or a string (its characters, as list() makes them).
 */
function sourceRefs(rt: GaiaRuntime, arg: ArgValue | undefined): MetaValue[] | null {
  if (!arg || arg.value.t === 'none') return [];
  const v = arg.value;
  if (v.t === 'str') return [...v.v];
  if (v.t === 'seq') {
    const m = rt.meta(v, arg.range, 'observe');
    return m === undefined ? null : [...(m as readonly MetaValue[])];
  }
  if (v.t !== 'opaque') rt.report('bad-argument', `observe() source_refs must be a list, got ${describeValue(v)}`, arg.range);
  return null;
}

export const observeVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, {
    positional: ['conclusion'],
    requiredPositional: 1,
    keywordOnly: ['value', 'error', 'given', 'background', 'source_refs', 'rationale', 'label'],
  });
  if (!b) return OPAQUE;
  const value = b.named.get('value');
  const error = b.named.get('error');
  const observed = b.named.get('conclusion')!;
  const observable = asObservable(observed.value);
  if (observable) return observeVariableVerb(rt, call, observable, b.named);
  if (observed.value.t === 'distribution') return observeDistributionVerb(rt, call, observed.value.d, b.named);
  if (value || (error && error.value.t !== 'none')) {
    rt.report('bad-argument', 'observe(..., value=..., error=...) only applies to Distribution or Variable targets (the bayes module); observe a claim without value/error', (value ?? error)!.range);
    return OPAQUE;
  }
  const metadata = metaDict();
  const refs = sourceRefs(rt, b.named.get('source_refs'));
  if (refs === null) return OPAQUE;
  if (refs.length > 0) {
    rt.report('deprecated', 'observe(source_refs=...) is deprecated; cite with [@CitationKey] in the rationale instead', b.named.get('source_refs')!.range);
    metadata['source_refs'] = refs;
  }
  const args = supportArgs(rt, call, b.named.get('conclusion'), b.named);
  if (!args) return OPAQUE;
  const action = makeSupport(rt, call, 'observe', args, metadata, null);
  // A premise-free observation is hard evidence: Gaia pins the claim's prior.
  if (args.given.length === 0) action.conclusion.prior = 1 - CROMWELL_EPS;
  return { t: 'knowledge', k: action.conclusion };
};

/** `observe(variable, value=..., error=...)`: an unconditional measurement of a bayes observable. */
function observeVariableVerb(rt: GaiaRuntime, call: VerbCall, target: BayesVariable, named: ReadonlyMap<string, ArgValue>): GValue {
  return observeMeasurement(rt, call, named, 'variable', (value, label) => observationClaim(rt, call, target, value, named.get('error'), label));
}

/** `observe(distribution, value=..., error=...)`: an unconditional measurement of a Distribution-typed quantity. */
function observeDistributionVerb(rt: GaiaRuntime, call: VerbCall, target: BayesDistribution, named: ReadonlyMap<string, ArgValue>): GValue {
  return observeMeasurement(rt, call, named, 'distribution', (value) => distributionObservationClaim(rt, call, target, value, named.get('error')));
}

/** What both measurement forms check and make: a fresh observation claim, pinned, warranted by a premise-free observe. */
function observeMeasurement(
  rt: GaiaRuntime,
  call: VerbCall,
  named: ReadonlyMap<string, ArgValue>,
  form: 'variable' | 'distribution',
  makeClaim: (value: ArgValue, label: string | null) => Knowledge | null,
): GValue {
  const value = named.get('value');
  if (!value) {
    const hint = form === 'distribution' ? ' For a discrete claim observation use observe(claim) without value/error.' : '';
    rt.report('bad-argument', `observe(${form}, ...) requires \`value=\` (the measured numeric value).${hint}`, call.range);
    return OPAQUE;
  }
  const givenArg = named.get('given');
  if (givenArg && givenArg.value.t !== 'none' && !(givenArg.value.t === 'seq' && givenArg.value.items.length === 0)) {
    const what = form === 'distribution' ? 'continuous observations' : 'variable observations';
    rt.report(
      'bad-argument',
      `observe(${form}, value=..., given=...) is not supported — ${what} are unconditional measurement events. To express a conditional measurement, observe a Claim wrapping the conditioning premise.`,
      givenArg.range,
    );
    return OPAQUE;
  }
  const refs = named.get('source_refs');
  if (refs && refs.value.t !== 'none') {
    rt.report('unsupported', `observe(${form}, source_refs=...): cite with [@CitationKey] in the rationale instead`, refs.range);
    return OPAQUE;
  }
  const background = rt.knowledgeList(named.get('background'), 'observe', 'background');
  const rationale = rt.rationale(named.get('rationale'), 'observe');
  const label = rt.optionalString(named.get('label'), 'observe', 'label');
  if (!background || rationale === null || label === undefined) return OPAQUE;
  const claim = makeClaim(value, label);
  if (!claim) return OPAQUE;
  const action = makeSupport(rt, call, 'observe', { target: claim, given: [], background, rationale, label }, metaDict(), null);
  action.conclusion.prior = 1 - CROMWELL_EPS;
  return { t: 'knowledge', k: action.conclusion };
}
