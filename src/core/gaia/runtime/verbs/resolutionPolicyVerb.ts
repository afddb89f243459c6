/**
 * `ResolutionPolicy(strategy="explicit_priority", source_id=None, priority_order=None,
 * prior_cutoff=None)` and `default_resolution_policy()` from gaia.engine.ir: the value
 * priors.py may export as RESOLUTION_POLICY. Gaia validates it when it is made, so a bad
 * one stops the package there; `prior_cutoff` compares record timestamps, which Warrant
 * does not model. Other keywords are ignored, as pydantic ignores them.
 */
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE } from '../gaiaValues.ts';
import { badPattern, DEFAULT_POLICY, RESOLUTION_STRATEGIES } from '../resolvePriors.ts';
import type { ResolutionPolicy } from '../resolvePriors.ts';
import type { VerbImpl } from './verbTypes.ts';

export const resolutionPolicyVerb: VerbImpl = (rt, call) => {
  // A pydantic model: keywords only, and any keyword it has no field for is ignored, not refused.
  const b = rt.bind(call, { positional: [], requiredPositional: 0, keywordOnly: ['strategy', 'source_id', 'priority_order', 'prior_cutoff'], varKeywords: true });
  if (!b) return OPAQUE;
  const strategyArg = b.named.get('strategy');
  const strategy = rt.string(strategyArg, 'ResolutionPolicy', 'strategy', 'explicit_priority');
  if (strategy === null) return OPAQUE;
  if (!(RESOLUTION_STRATEGIES as readonly string[]).includes(strategy)) {
    rt.report('bad-argument', `ResolutionPolicy() strategy must be one of ${RESOLUTION_STRATEGIES.map((x) => `'${x}'`).join(', ')}, not '${strategy}'`, strategyArg?.range ?? call.range);
    return OPAQUE;
  }
  const sourceArg = b.named.get('source_id');
  const sourceId = sourceArg === undefined || sourceArg.value.t === 'none' ? null : rt.string(sourceArg, 'ResolutionPolicy', 'source_id', '');
  if (sourceArg !== undefined && sourceArg.value.t !== 'none' && sourceId === null) return OPAQUE;
  if (strategy === 'source' && sourceId === null) {
    rt.report('bad-argument', "ResolutionPolicy(strategy='source') requires source_id to be set", call.range);
    return OPAQUE;
  }
  const orderArg = b.named.get('priority_order');
  let priorityOrder: string[] | null = null;
  if (orderArg !== undefined && orderArg.value.t !== 'none') {
    const v = orderArg.value;
    if (v.t === 'opaque') return OPAQUE;
    if (v.t !== 'seq' || v.items.some((i) => i.t !== 'str')) {
      rt.report('bad-argument', 'ResolutionPolicy() priority_order must be a list of strings', orderArg.range);
      return OPAQUE;
    }
    priorityOrder = v.items.map((i) => (i as Extract<GValue, { t: 'str' }>).v);
    const bad = priorityOrder.map(badPattern).find((m) => m !== null);
    if (bad) {
      rt.report('bad-argument', `ResolutionPolicy(): ${bad}`, orderArg.range);
      return OPAQUE;
    }
  }
  const cutoff = b.named.get('prior_cutoff');
  if (cutoff && cutoff.value.t !== 'none') {
    rt.report('unsupported', 'ResolutionPolicy(prior_cutoff=...): record timestamps are not modelled', cutoff.range);
    return OPAQUE;
  }
  const policy: ResolutionPolicy = { strategy: strategy as ResolutionPolicy['strategy'], sourceId, priorityOrder };
  return { t: 'policy', policy };
};

export const defaultResolutionPolicyVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: [], requiredPositional: 0 });
  return b ? { t: 'policy', policy: DEFAULT_POLICY } : OPAQUE;
};
