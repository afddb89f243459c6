/**
 * A v5 strategy's `reason=`: a text, or a list whose entries are texts and `Step(...)`
 * objects. Gaia keeps a text in the strategy's metadata and turns a list into the IR's
 * `steps`, each with the premises its Step names. Where the strategy checks its steps (all
 * but abduction and induction), every premise a Step names must be one of the strategy's
 * own premises; a composite keeps whatever claims or texts it is given. A single Step (not
 * in a list), an entry that is neither text nor a Step, and a Step whose reason is not
 * text are refused, as Gaia refuses them.
 */
import type { ArgValue } from '../callArguments.ts';
import type { Knowledge, ReasonEntry } from '../gaiaObjects.ts';
import type { GaiaRuntime } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { describeValue } from '../gaiaValues.ts';
import { truthy } from '../pythonSemantics.ts';
import { keepStep } from '../operandRepr.ts';

/**
 * The reason as given, or null after a report. `premises` are the strategy's own, which
 * each Step's premises must be among; null where the strategy does not check them.
 */
export function reasonArg(rt: GaiaRuntime, arg: ArgValue | undefined, verb: string, premises: readonly Knowledge[] | null = null): string | ReasonEntry[] | null {
  if (!arg) return '';
  const v = arg.value;
  if (v.t === 'str') return v.v;
  // Where the steps are not checked (abduction, induction), a false reason is no reason.
  if (premises === null && v.t !== 'seq' && truthy(v) === false) return '';
  if (v.t === 'seq') {
    const out: ReasonEntry[] = [];
    for (const [i, item] of v.items.entries()) {
      const entry = reasonEntry(rt, item, i, arg, verb, premises);
      if (entry === null) return null;
      out.push(entry);
    }
    return out;
  }
  if (v.t === 'step') rt.report('bad-argument', `${verb}() reason: a single Step is not a list of steps; write reason=[Step(...)]`, arg.range);
  else if (v.t !== 'opaque') rt.report('bad-argument', `${verb}() reason must be a string or a list of texts and Step(...) objects, got ${describeValue(v)}`, arg.range);
  return null;
}

function reasonEntry(rt: GaiaRuntime, item: GValue, i: number, arg: ArgValue, verb: string, premises: readonly Knowledge[] | null): ReasonEntry | null {
  if (item.t === 'str') return item.v;
  if (item.t === 'opaque') return null;
  if (item.t !== 'step') {
    rt.report('bad-argument', `${verb}() reason[${i}] must be a text or a Step(...), not ${describeValue(item)}`, arg.range);
    return null;
  }
  const named = stepPremises(rt, item.premises, i, arg, verb, premises);
  if (named === undefined) return null;
  if (item.reason.t !== 'str') {
    if (item.reason.t !== 'opaque') rt.report('bad-argument', `${verb}() reason[${i}]: a Step's reason must be text, got ${describeValue(item.reason)}`, arg.range);
    return null;
  }
  const entry = { reasoning: item.reason.v, premises: named };
  keepStep(entry, item);
  return entry;
}

/** A reason given as a tuple: Gaia reads references only in a string or a list. */
export function tupleReason(arg: ArgValue | undefined): boolean {
  return arg?.value.t === 'seq' && arg.value.tuple;
}

/** The premises a Step names: null for none, undefined after a report. */
function stepPremises(rt: GaiaRuntime, value: GValue, i: number, arg: ArgValue, verb: string, premises: readonly Knowledge[] | null): (Knowledge | string)[] | null | undefined {
  if (value.t === 'opaque') return undefined;
  const given = truthy(value);
  if (given === false) return null;
  if (value.t !== 'seq') {
    rt.report('bad-argument', `${verb}() reason[${i}]: a Step's premises must be a list of claims, got ${describeValue(value)}`, arg.range);
    return undefined;
  }
  const out: (Knowledge | string)[] = [];
  for (const p of value.items) {
    if (p.t === 'opaque') return undefined;
    if (p.t === 'knowledge' && (premises === null || premises.includes(p.k))) out.push(p.k);
    else if (p.t === 'str' && premises === null) out.push(p.v);
    else {
      const what = p.t === 'knowledge' ? `${p.k.label === null ? '' : `${p.k.label}: `}${JSON.stringify(p.k.content.slice(0, 40))}` : describeValue(p);
      rt.report('bad-argument', `${verb}() reason[${i}]: the Step names ${what} as a premise, which is not one of the strategy's premises`, arg.range);
      return undefined;
    }
  }
  return out;
}
