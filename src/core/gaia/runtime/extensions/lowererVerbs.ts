/**
 * `register_action_lowerer` and `registered_action_lowerers` from
 * `gaia.engine.lang.compiler.extensions` (the registry is actionLowererRegistry.ts;
 * what compiling does with it, checkRegisteredLowerers.ts).
 */
import type { GValue } from '../gaiaValues.ts';
import { NONE, OPAQUE } from '../gaiaValues.ts';
import type { PyClass } from '../pyClasses.ts';
import { pyStr } from '../pythonSemantics.ts';
import { testTruth } from '../truthTest.ts';
import type { VerbImpl } from '../verbs/verbTypes.ts';

/** Gaia's frozen dataclass RegisteredActionLowerer(name, handles, lower). */
const REGISTERED_ACTION_LOWERER: PyClass = {
  name: 'RegisteredActionLowerer',
  qualname: 'RegisteredActionLowerer',
  module: 'gaia.engine.lang.compiler.extensions',
  bases: [],
  claim: false,
  namespace: new Map(),
  doc: 'Registered compiler extension for one family of runtime actions.',
  fields: [
    { name: 'name', type: 'str', default: null },
    { name: 'handles', type: 'ActionPredicate', default: null },
    { name: 'lower', type: 'ActionLowerer', default: null },
  ],
  dataclass: true,
  frozen: true,
  tupleLike: false,
};

export const registerActionLowererVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['name'], requiredPositional: 1, keywordOnly: ['handles', 'lower', 'override'], requiredKeywordOnly: ['handles', 'lower'] });
  if (!b) return OPAQUE;
  const nameArg = b.named.get('name')!;
  if (nameArg.value.t === 'opaque') return OPAQUE;
  // Gaia refuses any false name (`if not name`); the name is then a dict key.
  if (testTruth(rt, nameArg.value, nameArg.range) === false) {
    rt.report('bad-argument', 'ValueError: action lowerer name must not be empty', call.range);
    return OPAQUE;
  }
  if (nameArg.value.t !== 'str') {
    rt.report('unsupported', `register_action_lowerer(): a lowerer named by ${pyStr(nameArg.value, true) ?? 'a value'} rather than a string`, nameArg.range);
    return OPAQUE;
  }
  const overrideArg = b.named.get('override');
  const override = overrideArg === undefined ? false : testTruth(rt, overrideArg.value, overrideArg.range);
  if (override === undefined) return OPAQUE;
  const refused = rt.pkg.lowerers.register({ name: nameArg.value.v, handles: b.named.get('handles')!.value, lower: b.named.get('lower')!.value, at: { rt, range: call.range } }, override);
  if (refused) {
    rt.report('bad-argument', refused, call.range);
    return OPAQUE;
  }
  return NONE;
};

export const registeredActionLowerersVerb: VerbImpl = (rt, call) => {
  if (!rt.bind(call, { positional: [], requiredPositional: 0 })) return OPAQUE;
  const items: GValue[] = rt.pkg.lowerers.list().map((r) => {
    const attrs = new Map<string, GValue>([
      ['name', { t: 'str', v: r.name }],
      // Gaia's own bayes functions are not Python Warrant runs.
      ['handles', r.handles ?? OPAQUE],
      ['lower', r.lower ?? OPAQUE],
    ]);
    return { t: 'instance', o: { cls: REGISTERED_ACTION_LOWERER, attrs } };
  });
  return { t: 'seq', items, tuple: true };
};
