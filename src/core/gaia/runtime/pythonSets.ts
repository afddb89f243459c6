/**
 * Python sets, as far as their order cannot show: a set comprehension or `set(...)` makes
 * one (equal members kept once, the first written kept, as Python keeps it), and `len`,
 * `in`, truth, `==`, `sorted`, `min`, `max`, `sum`, `any` and `all` read it. Iterating a
 * set any other way — a `for`, a comprehension over it, `list(s)`, its repr — follows
 * Python's hash order, which for strings changes from one Python run to the next, so
 * there it is refused as no sequence (pythonSemantics.iterate).
 */
import type { SourceRange } from '../../text/sourceRange.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { OPAQUE } from './gaiaValues.ts';
import { equal, iterate } from './pythonSemantics.ts';

/** The members of a set, or the items of what `iterate` reads; undefined for neither. */
export function unorderedItems(v: GValue): readonly GValue[] | undefined {
  return v.t === 'set' ? v.items : iterate(v);
}

/** A set of `items`: a list or dict among them is TypeError (unhashable), a member Warrant cannot compare unsupported. */
export function makeSet(rt: GaiaRuntime, items: readonly GValue[], range: SourceRange): GValue {
  const members: GValue[] = [];
  for (const item of items) {
    if ((item.t === 'seq' && !item.tuple) || item.t === 'dict' || item.t === 'set') {
      rt.report('bad-argument', `TypeError: unhashable type: '${item.t === 'seq' ? 'list' : item.t}'`, range);
      return OPAQUE;
    }
    let seen = false;
    for (const m of members) {
      const e = equal(m, item);
      if (e === undefined) {
        rt.report('unsupported-python', 'a set of values Warrant cannot compare', range);
        return OPAQUE;
      }
      if (e) {
        seen = true;
        break;
      }
    }
    if (!seen) members.push(item);
  }
  return { t: 'set', items: members };
}

/** `a == b` for two sets: the same members, in any order; undefined when a member does not compare. */
export function setsEqual(a: readonly GValue[], b: readonly GValue[]): boolean | undefined {
  if (a.length !== b.length) return false;
  for (const x of a) {
    let found = false;
    for (const y of b) {
      const e = equal(x, y);
      if (e === undefined) return undefined;
      if (e) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}
