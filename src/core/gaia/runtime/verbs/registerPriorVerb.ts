/** register_prior(claim, value, *, justification, source_id="user_priors"). */
import { OPAQUE, NONE, describeValue } from '../gaiaValues.ts';
import { addPriorRecord } from './priorRecords.ts';
import type { VerbImpl } from './verbTypes.ts';

export const registerPriorVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, {
    positional: ['claim', 'value'],
    requiredPositional: 2,
    keywordOnly: ['justification', 'source_id', 'created_at'],
    requiredKeywordOnly: ['justification'],
  });
  if (!b) return OPAQUE;
  const claimArg = b.named.get('claim')!;
  const valueArg = b.named.get('value')!;
  const created = b.named.get('created_at');
  if (created && created.value.t !== 'none') {
    rt.report('unsupported', 'register_prior(created_at=...): record timestamps are not modelled; the last record registered wins among equals', created.range);
    return OPAQUE;
  }
  const c = claimArg.value;
  if (c.t === 'opaque') return OPAQUE;
  if (!(c.t === 'knowledge' && c.k.isClaim)) {
    const why =
      c.t === 'formula' || c.t === 'boolExpr'
        ? 'TypeError: register_prior() does not auto-lift Boolean-valued expressions. Attach priors only to an explicit claim(..., formula=...) or claim(..., proposition=...) helper so the prior has a named, auditable target.'
        : `register_prior() needs a claim, got ${describeValue(c)}`;
    rt.report(c.t === 'knowledge' ? 'not-a-claim' : 'bad-argument', why, claimArg.range);
    return OPAQUE;
  }
  const value = rt.number(valueArg, 'register_prior', 'value');
  const justification = rt.string(b.named.get('justification'), 'register_prior', 'justification', '');
  const sourceId = rt.string(b.named.get('source_id'), 'register_prior', 'source_id', 'user_priors');
  if (!value || justification === null || sourceId === null) return OPAQUE;
  addPriorRecord(rt, c.k, value.value, sourceId, justification, { value: valueArg.range, call: call.range }, 'register_prior()');
  return NONE;
};
