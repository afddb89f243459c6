/**
 * claim, note, question, and the deprecated note aliases setting and context. Texts are
 * stripped as Gaia strips them; keyword arguments a verb does not name become metadata.
 */
import { claimKindOf } from '../claimKinds.ts';
import { pythonStrip } from '../../text/pythonStrip.ts';
import { pyFloat } from '../../text/pythonJson.ts';
import type { ArgValue } from '../callArguments.ts';
import type { MetaDict, PackageRefEntry, ParameterEntry } from '../gaiaObjects.ts';
import { metaDict } from '../gaiaObjects.ts';
import type { GaiaRuntime, VerbCall } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import { addPriorRecord } from './priorRecords.ts';
import { UNBOUND_FIELDS } from '../pyClasses.ts';
import { predicateProposition } from '../bayes/predicateClaim.ts';
import { CLAIM_BACKGROUNDS, keepQuestionTargets } from '../operandRepr.ts';
import type { VerbImpl } from './verbTypes.ts';

const INLINE_JUSTIFICATION = '(inline default declared at claim() call site)';

function content(rt: GaiaRuntime, call: VerbCall, arg: ArgValue | undefined): string | null {
  if (arg === undefined) return null;
  if (arg.value.t === 'str') return pythonStrip(arg.value.v);
  if (arg.value.t !== 'opaque') rt.report('bad-argument', `${call.verb}() content must be a string, got ${describeValue(arg.value)}`, arg.range);
  return null;
}

export function parameters(rt: GaiaRuntime, call: VerbCall, arg: ArgValue | undefined): ParameterEntry[] | null {
  if (arg === undefined || arg.value.t === 'none') return [];
  if (arg.value.t !== 'seq') {
    rt.report('bad-argument', `${call.verb}() parameters must be a list of dicts`, arg.range);
    return null;
  }
  const out: ParameterEntry[] = [];
  for (const item of arg.value.items) {
    const m = rt.meta(item, arg.range, call.verb);
    if (m === undefined) return null;
    const d = m as MetaDict;
    if (item.t !== 'dict' || typeof d['name'] !== 'string' || typeof d['type'] !== 'string') {
      rt.report('bad-argument', `${call.verb}() each parameter is a dict with string "name" and "type"`, arg.range);
      return null;
    }
    const held = UNBOUND_FIELDS.has(item) ? 'unbound' : 'value' in d ? undefined : 'absent';
    out.push({ name: d['name'], type: d['type'], value: d['value'] ?? null, ...(held ? { held } : {}) });
  }
  return out;
}

export function provenance(rt: GaiaRuntime, call: VerbCall, arg: ArgValue | undefined): PackageRefEntry[] | null {
  if (arg === undefined || arg.value.t === 'none') return [];
  const m = rt.meta(arg.value, arg.range, call.verb);
  if (m === undefined) return null;
  const ok = Array.isArray(m) && m.every((e) => typeof e === 'object' && e !== null && typeof (e as MetaDict)['package_id'] === 'string' && typeof (e as MetaDict)['version'] === 'string');
  if (!ok) {
    rt.report('bad-argument', `${call.verb}() provenance must be a list of {"package_id": ..., "version": ...} dicts`, arg.range);
    return null;
  }
  return (m as readonly MetaDict[]).map((e) => ({ package_id: e['package_id'] as string, version: e['version'] as string }));
}

export const claimVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, {
    positional: ['content', 'proposition'],
    requiredPositional: 1,
    keywordOnly: ['title', 'format', 'background', 'parameters', 'provenance', 'prior', 'formula', 'kind', 'tolerance'],
    varKeywords: true,
  });
  if (!b) return OPAQUE;
  const metadata = rt.metadataFromKeywords(b.varKeywords, 'claim');
  const proposition = b.named.get('proposition');
  const tolerance = b.named.get('tolerance');
  const predicate = proposition && proposition.value.t !== 'none' ? predicateProposition(rt, proposition, tolerance, metadata) : null;
  if (predicate === undefined) return OPAQUE;
  if (!predicate && tolerance && tolerance.value.t !== 'none') {
    rt.report('bad-argument', 'TypeError: claim(tolerance=...) requires a proposition (equation BoolExpr). It does nothing on a prose or formula claim.', tolerance.range);
    return OPAQUE;
  }
  const text = content(rt, call, b.named.get('content'));
  const title = rt.optionalString(b.named.get('title'), 'claim', 'title');
  const format = rt.string(b.named.get('format'), 'claim', 'format', 'markdown');
  const background = rt.knowledgeList(b.named.get('background'), 'claim', 'background');
  const params = parameters(rt, call, b.named.get('parameters'));
  const prov = provenance(rt, call, b.named.get('provenance'));
  let formula = null;
  const formulaArg = b.named.get('formula');
  if (formulaArg && formulaArg.value.t !== 'none') {
    formula = rt.formula(formulaArg, 'claim', 'formula');
    if (!formula) return OPAQUE;
  }
  const kind = b.named.get('kind');
  if (kind && !(kind.value.t === 'gaia' && kind.value.name.startsWith('ClaimKind.'))) {
    if (kind.value.t !== 'opaque') rt.report('bad-argument', 'claim() kind must be a ClaimKind member', kind.range);
    return OPAQUE;
  }
  if (text === null || title === undefined || format === null || !background || !params || !prov || !metadata) return OPAQUE;
  if (predicate) {
    metadata[predicate.slot] = predicate.metadata;
    if (predicate.tolerance !== null) metadata['equation_tolerance'] = pyFloat(predicate.tolerance);
  }
  const claim = rt.newKnowledge('claim', text, metadata, call, { format, title, parameters: params, provenance: prov });
  predicate?.attach(claim);
  if (background.length > 0) CLAIM_BACKGROUNDS.set(claim, background);
  claim.formula = formula;
  if (kind) claim.claimKind = claimKindOf(kind.value);
  const prior = b.named.get('prior');
  if (prior && prior.value.t !== 'none') {
    const p = rt.number(prior, 'claim', 'prior');
    if (p) addPriorRecord(rt, claim, p.value, 'claim_inline', INLINE_JUSTIFICATION, { value: prior.range, call: call.range }, 'claim(prior=...)');
  }
  return { t: 'knowledge', k: claim };
};

function noteLike(type: 'note' | 'question', legacyKind: 'setting' | 'context' | null): VerbImpl {
  return (rt, call) => {
    const b = rt.bind(call, { positional: ['content'], requiredPositional: 1, keywordOnly: ['title', 'format'], varKeywords: true });
    if (!b) return OPAQUE;
    if (legacyKind) rt.report('deprecated', `${legacyKind}() is deprecated since Gaia v0.5; use note() instead`, call.range);
    const keywords = new Map(b.varKeywords);
    const prov = provenance(rt, call, keywords.get('provenance'));
    keywords.delete('provenance');
    if (type === 'question') keywords.delete('targets');
    let metadata = rt.metadataFromKeywords(keywords, call.verb);
    if (metadata && legacyKind) metadata = metaDict({ ...metadata, legacy_kind: metadata['legacy_kind'] ?? legacyKind });
    if (metadata && 'prior' in metadata) {
      rt.report('bad-argument', `a ${type} cannot have a prior; only claims carry priors`, keywords.get('prior')?.range ?? call.range);
      return OPAQUE;
    }
    const text = content(rt, call, b.named.get('content'));
    const title = rt.optionalString(b.named.get('title'), call.verb, 'title');
    const format = rt.string(b.named.get('format'), call.verb, 'format', 'markdown');
    if (text === null || title === undefined || format === null || !prov || !metadata) return OPAQUE;
    const k = rt.newKnowledge(type, text, metadata, call, { format, title, provenance: prov });
    const targets = b.varKeywords.get('targets');
    const notIterable = type === 'question' ? keepQuestionTargets(k, targets?.value) : null;
    if (notIterable) rt.report('bad-argument', notIterable, targets?.range ?? call.range);
    return { t: 'knowledge', k } satisfies GValue;
  };
}

export const noteVerb = noteLike('note', null);
export const questionVerb = noteLike('question', null);
export const settingVerb = noteLike('note', 'setting');
export const contextVerb = noteLike('note', 'context');
