/**
 * The builtins that look at objects of the package's classes: `getattr`, `hasattr`,
 * `setattr`, `isinstance` (against a package class, or Gaia's `Claim`/`Note`/`Question`
 * for knowledge nodes) and zero-argument `super()` in a method. Undefined when the call
 * is not one of these forms, so the caller reports it as before.
 */
import type { SourceRange } from '../../text/sourceRange.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { OPAQUE, describeValue } from './gaiaValues.ts';
import { callFunction } from './executeStatements.ts';
import { isInstanceOf, objectAttribute, setObjectAttribute } from './pyClasses.ts';
import { plainAttribute } from './pythonBuiltins.ts';

/** The local a method call keeps its first argument under, for `super()` (not a Python name, so nothing clashes). */
export const SELF_LOCAL = ' self';

/** Whether `v` is an instance of `type` (a class, Gaia's knowledge classes, or a tuple of them); undefined when Warrant cannot tell. */
function isInstance(v: GValue, type: GValue): boolean | undefined {
  if (type.t === 'seq' && type.tuple) {
    let any = false;
    for (const t of type.items) {
      const r = isInstance(v, t);
      if (r === undefined) return undefined;
      any ||= r;
    }
    return any;
  }
  if (type.t === 'class') return isInstanceOf(v, type.c);
  if (type.t === 'gaia' && (type.name === 'Claim' || type.name === 'Note' || type.name === 'Question' || type.name === 'Knowledge')) {
    if (v.t !== 'knowledge') return v.t === 'instance' || v.t === 'num' || v.t === 'str' || v.t === 'bool' || v.t === 'none' || v.t === 'seq' || v.t === 'dict' ? false : undefined;
    if (type.name === 'Knowledge') return true;
    return type.name === 'Claim' ? v.k.isClaim : v.k.type === type.name.toLowerCase();
  }
  return undefined;
}

export function callObjectBuiltin(rt: GaiaRuntime, name: string, a: readonly GValue[], range: SourceRange): GValue | undefined {
  if (name === 'super') {
    // Python's zero-argument form: the method's class (its __class__ cell) and its first argument.
    const frame = rt.frames.at(-1);
    const cls = frame?.get('__class__');
    const self = frame?.get(SELF_LOCAL);
    if (a.length > 0 || cls?.t !== 'class' || !self) return undefined;
    return { t: 'super', cls: cls.c, self };
  }
  if (name === 'isinstance') {
    if (a.length !== 2) return undefined;
    const r = isInstance(a[0]!, a[1]!);
    return r === undefined ? undefined : { t: 'bool', v: r };
  }
  const target = a[0];
  const attr = a[1];
  if (!target || attr?.t !== 'str') return undefined;
  if (name === 'setattr') {
    if (a.length !== 3 || !setObjectAttribute(target, attr.v, a[2]!)) return undefined;
    return { t: 'none' };
  }
  if (target.t !== 'instance' && target.t !== 'class' && target.t !== 'knowledge') return undefined;
  const found = plainAttribute(target, attr.v) ?? objectAttribute(target, attr.v, (fn, self) => callFunction(rt, fn, [{ value: self, range }], [], range));
  if (name === 'hasattr') return a.length === 2 ? { t: 'bool', v: found !== null } : undefined;
  if (a.length < 2 || a.length > 3) return undefined;
  if (found) return found;
  if (a.length === 3) return a[2]!;
  rt.report('bad-argument', `AttributeError: ${describeValue(target)} has no attribute '${attr.v}'`, range);
  return OPAQUE;
}
