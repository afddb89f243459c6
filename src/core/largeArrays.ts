/**
 * Whole-array operations that work at any length. Spreading an array into a call —
 * `Math.max(...xs)`, `out.push(...xs)`, `String.fromCharCode(...xs)` — passes every
 * element as an argument on the stack, and past about 100k elements (fewer on a deeper
 * stack) V8 throws "Maximum call stack size exceeded": `infer` and `cascade` of a
 * 135k-belief trace did. Where the length grows with the input (beliefs, claims,
 * warnings, the arguments of one term, command-line arguments), use these loops; a
 * spread is for lists whose length the code fixes (a legend, one row's cells).
 */

/** The largest of `values` and `atLeast`, as `Math.max(atLeast, ...values)` (NaN if any is NaN). */
export function maxOf(values: Iterable<number>, atLeast = -Infinity): number {
  let max = atLeast;
  for (const v of values) max = Math.max(max, v);
  return max;
}

/** The smallest of `values` and `atMost`, as `Math.min(atMost, ...values)` (NaN if any is NaN). */
export function minOf(values: Iterable<number>, atMost = Infinity): number {
  let min = atMost;
  for (const v of values) min = Math.min(min, v);
  return min;
}

/** Appends `items` to `target`, as `target.push(...items)`; returns the new length. */
export function pushAll<T>(target: T[], items: Iterable<T>): number {
  for (const item of items) target.push(item);
  return target.length;
}
