/**
 * The knowledge classes called directly: Claim, Note, Question, and the deprecated note
 * aliases Setting and Context. Unlike the lowercase verbs they keep the text as written
 * (no stripping), take metadata only as `metadata={...}` (any other keyword is refused,
 * as a dataclass refuses it), and `Claim(prior=...)` sets the claim's own prior — a
 * value the IR carries only when no prior record was resolved for the claim.
 */
import type { ArgValue } from '../callArguments.ts';
import type { Action, MetaDict } from '../gaiaObjects.ts';
import { claimKindOf } from '../claimKinds.ts';
import { metaDict } from '../gaiaObjects.ts';
import type { GaiaRuntime, VerbCall } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import { CLAIM_BACKGROUNDS, NOTE_CLASS_NAMES, keepQuestionTargets } from '../operandRepr.ts';
import { parameters, provenance } from './knowledgeVerbs.ts';
import type { VerbImpl } from './verbTypes.ts';

/** The fields every knowledge class takes by keyword (`type` is fixed by the class). */
const KNOWLEDGE_FIELDS = ['title', 'background', 'parameters', 'provenance', 'metadata', 'label', 'strategy'];

type Bound = ReadonlyMap<string, ArgValue>;

/** The text as written; a claim may have none. `null` after a report. */
function rawContent(rt: GaiaRuntime, call: VerbCall, arg: ArgValue | undefined, optional: boolean): string | null {
  if (arg === undefined || arg.value.t === 'none') {
    if (optional) return '';
    rt.report('bad-argument', `${call.verb}() content must be a string`, arg?.range ?? call.range);
    return null;
  }
  if (arg.value.t === 'str') return arg.value.v;
  if (arg.value.t !== 'opaque') rt.report('bad-argument', `${call.verb}() content must be a string, got ${describeValue(arg.value)}`, arg.range);
  return null;
}

/** `metadata=`: a dict, copied. None is an error except where the class replaces it by `{}`. */
function metadataField(rt: GaiaRuntime, call: VerbCall, arg: ArgValue | undefined, noneIsEmpty: boolean): MetaDict | null {
  if (arg === undefined || (noneIsEmpty && arg.value.t === 'none')) return metaDict();
  if (arg.value.t === 'opaque') return null;
  if (arg.value.t !== 'dict') {
    rt.report('bad-argument', `${call.verb}() metadata must be a dict, got ${describeValue(arg.value)}`, arg.range);
    return null;
  }
  const m = rt.meta(arg.value, arg.range, call.verb);
  return m === undefined ? null : metaDict({ ...(m as MetaDict) });
}

/** `strategy=` attaches a v5 strategy by hand, which Warrant does not model. */
function unmodelledFields(rt: GaiaRuntime, call: VerbCall, named: Bound): boolean {
  for (const name of ['strategy']) {
    const arg = named.get(name);
    const empty = arg === undefined || arg.value.t === 'none' || (arg.value.t === 'seq' && arg.value.items.length === 0);
    if (empty) continue;
    rt.report('unsupported', `${call.verb}(${name}=...): attaching reasoning to a knowledge node by hand is not modelled; write derive(...) or infer(...)`, arg.range);
    return false;
  }
  return true;
}

/** The fields shared by every class, or null after a report. */
function commonFields(rt: GaiaRuntime, call: VerbCall, named: Bound, metadata: MetaDict | null) {
  const title = rt.optionalString(named.get('title'), call.verb, 'title');
  const format = rt.string(named.get('format'), call.verb, 'format', 'markdown');
  const label = rt.optionalString(named.get('label'), call.verb, 'label');
  const background = rt.knowledgeList(named.get('background'), call.verb, 'background');
  const params = parameters(rt, call, named.get('parameters'));
  const prov = provenance(rt, call, named.get('provenance'));
  if (!unmodelledFields(rt, call, named)) return null;
  if (title === undefined || format === null || label === undefined || !background || !params || !prov || !metadata) return null;
  return { title, format, label, parameters: params, provenance: prov, metadata, background };
}

/** `type=` is set by the class itself: passing it twice is Python's TypeError. */
function typeGiven(rt: GaiaRuntime, call: VerbCall, named: Bound): boolean {
  const arg = named.get('type');
  if (arg) rt.report('bad-argument', `${call.verb}() got the keyword type, which the class sets itself`, arg.range);
  return arg !== undefined;
}

/**
 * `from_actions=[...]`: reasoning records attached by hand, which Gaia copies into the
 * claim's list (decompose and materialize then see them there). Warrant takes actions the
 * package holds (another claim's `from_actions`); anything else is not modelled. Null after a report.
 */
function handAttachedActions(rt: GaiaRuntime, arg: ArgValue | undefined): Action[] | null {
  if (!arg || arg.value.t === 'none') return [];
  const v = arg.value;
  if (v.t === 'opaque') return null;
  const items = v.t === 'seq' ? v.items : null;
  if (!items || items.some((x) => x.t !== 'action')) {
    rt.report('unsupported', "Claim(from_actions=...): Warrant attaches only reasoning records a package holds (a list of actions read from another claim's from_actions)", arg.range);
    return null;
  }
  return items.map((x) => (x as Extract<GValue, { t: 'action' }>).a);
}

export const ClaimClass: VerbImpl = (rt, call) => {
  const b = rt.bind(call, {
    positional: ['content'],
    keywordOnly: ['format', 'type', ...KNOWLEDGE_FIELDS, 'prior', 'from_actions', 'formula', 'kind'],
  });
  if (!b || typeGiven(rt, call, b.named)) return OPAQUE;
  const text = rawContent(rt, call, b.named.get('content'), true);
  const fields = commonFields(rt, call, b.named, metadataField(rt, call, b.named.get('metadata'), false));
  const formulaArg = b.named.get('formula');
  const formula = formulaArg && formulaArg.value.t !== 'none' ? rt.formula(formulaArg, call.verb, 'formula') : null;
  if (formulaArg && formulaArg.value.t !== 'none' && !formula) return OPAQUE;
  const kind = b.named.get('kind');
  if (kind && !(kind.value.t === 'gaia' && kind.value.name.startsWith('ClaimKind.'))) {
    if (kind.value.t !== 'opaque') rt.report('bad-argument', 'Claim() kind must be a ClaimKind member', kind.range);
    return OPAQUE;
  }
  const priorArg = b.named.get('prior');
  const prior = priorArg && priorArg.value.t !== 'none' ? rt.number(priorArg, call.verb, 'prior') : undefined;
  if (text === null || !fields || prior === null) return OPAQUE;
  const fromActions = handAttachedActions(rt, b.named.get('from_actions'));
  if (!fromActions) return OPAQUE;
  const claim = rt.newKnowledge('claim', text, fields.metadata, call, fields);
  claim.label = fields.label;
  if (fields.background.length > 0) CLAIM_BACKGROUNDS.set(claim, fields.background);
  claim.formula = formula;
  claim.fromActions.push(...fromActions);
  if (kind) claim.claimKind = claimKindOf(kind.value);
  if (prior) claim.prior = prior.value;
  return { t: 'knowledge', k: claim };
};

/** Note, Question, Setting, Context: no prior, ever; the aliases mark their kind unless given one. */
function noteClass(type: 'note' | 'question', legacyKind: 'setting' | 'context' | null): VerbImpl {
  return (rt, call) => {
    const b = rt.bind(call, { positional: ['content'], requiredPositional: 1, keywordOnly: ['format', 'type', ...KNOWLEDGE_FIELDS, 'prior', 'targets'] });
    if (!b || typeGiven(rt, call, b.named)) return OPAQUE;
    const prior = b.named.get('prior');
    if (prior) {
      rt.report('bad-argument', `a ${call.verb} cannot have a prior; only claims carry priors`, prior.range);
      return OPAQUE;
    }
    const targets = b.named.get('targets');
    if (targets && type !== 'question') {
      rt.report('bad-argument', `${call.verb}() got an unexpected keyword argument 'targets'`, targets.range);
      return OPAQUE;
    }
    let metadata = metadataField(rt, call, b.named.get('metadata'), legacyKind !== null);
    if (metadata && legacyKind && !('legacy_kind' in metadata)) metadata = metaDict({ ...metadata, legacy_kind: legacyKind });
    const text = rawContent(rt, call, b.named.get('content'), false);
    const fields = commonFields(rt, call, b.named, metadata);
    if (text === null || !fields) return OPAQUE;
    const k = rt.newKnowledge(type, text, fields.metadata, call, fields);
    k.label = fields.label;
    if (fields.background.length > 0) CLAIM_BACKGROUNDS.set(k, fields.background);
    const notIterable = type === 'question' ? keepQuestionTargets(k, targets?.value) : null;
    if (notIterable) rt.report('bad-argument', notIterable, targets?.range ?? call.range);
    if (legacyKind) NOTE_CLASS_NAMES.set(k, legacyKind === 'setting' ? 'Setting' : 'Context');
    return { t: 'knowledge', k } satisfies GValue;
  };
}

export const KNOWLEDGE_CLASSES: Readonly<Record<string, VerbImpl>> = {
  Claim: ClaimClass,
  Note: noteClass('note', null),
  Question: noteClass('question', null),
  Setting: noteClass('note', 'setting'),
  Context: noteClass('note', 'context'),
};
