/**
 * `seq[lower:upper:step]` on a str, list or tuple (a NamedTuple slices as its tuple), with
 * Python's rules for omitted and negative bounds: bounds are clamped, never out of range;
 * a negative step walks backwards; a zero step is an error.
 */
import type { SourceRange } from '../../text/sourceRange.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { OPAQUE, describeValue } from './gaiaValues.ts';
import { tupleItems } from './pyClasses.ts';

/** A slice bound: an int, None (omitted), or undefined when Python refuses it. */
function bound(v: GValue | null): number | null | undefined {
  if (v === null || v.t === 'none') return null;
  if (v.t === 'bool') return v.v ? 1 : 0;
  if (v.t === 'num' && !v.float && v.big === undefined) return v.v;
  return undefined;
}

/** The positions a slice takes from a sequence of `n` items, in order. */
export function sliceIndices(n: number, lower: number | null, upper: number | null, step: number): number[] {
  const clamp = (i: number, low: number, high: number) => Math.min(Math.max(i < 0 ? i + n : i, low), high);
  const out: number[] = [];
  if (step > 0) {
    const start = lower === null ? 0 : clamp(lower, 0, n);
    const stop = upper === null ? n : clamp(upper, 0, n);
    for (let i = start; i < stop; i += step) out.push(i);
  } else {
    const start = lower === null ? n - 1 : clamp(lower, -1, n - 1);
    const stop = upper === null ? -1 : clamp(upper, -1, n - 1);
    for (let i = start; i > stop; i += step) out.push(i);
  }
  return out;
}

export function sliceValue(rt: GaiaRuntime, v: GValue, parts: readonly (GValue | null)[], range: SourceRange): GValue {
  if (v.t === 'opaque' || parts.some((p) => p?.t === 'opaque')) return OPAQUE;
  const [lower, upper, step] = parts.map(bound);
  if (lower === undefined || upper === undefined || step === undefined) {
    rt.report('bad-argument', 'TypeError: slice indices must be integers or None or have an __index__ method', range);
    return OPAQUE;
  }
  if (step === 0) {
    rt.report('bad-argument', 'ValueError: slice step cannot be zero', range);
    return OPAQUE;
  }
  const record = tupleItems(v);
  const items = record ?? (v.t === 'seq' ? v.items : v.t === 'str' ? [...v.v] : undefined);
  if (items === undefined) {
    rt.report('unsupported-python', `slicing ${describeValue(v)} is outside what Warrant evaluates`, range);
    return OPAQUE;
  }
  const picked = sliceIndices(items.length, lower, upper, step ?? 1).map((i) => items[i]!);
  if (v.t === 'str') return { t: 'str', v: (picked as string[]).join('') };
  return { t: 'seq', items: picked as GValue[], tuple: record !== undefined || (v.t === 'seq' && v.tuple) };
}
