/**
 * `dataclasses.field(...)`: how one dataclass field is made — its default or the factory
 * called for each instance, and whether `__init__`, the repr and `==` take it. Checked as
 * Python checks it when called; the class statement reads it (classDefinition.ts) and the
 * instances are made from it (pyClasses.ts).
 */
import type { GValue } from '../gaiaValues.ts';
import type { StdlibFunction, StdlibResult } from './stdlibModules.ts';

export interface FieldSpec {
  /** The default value; null when none (not the same as a default of None). */
  readonly default: GValue | null;
  /** Called with no arguments for each instance when no value is given; null when none. */
  readonly factory: GValue | null;
  readonly init: boolean;
  readonly repr: boolean;
  readonly compare: boolean;
}

/** Keywords field() takes that change nothing Warrant computes (hash, metadata), besides those it reads. */
const IGNORED = new Set(['hash', 'metadata']);
const READ = new Set(['default', 'default_factory', 'init', 'repr', 'compare']);

export const dataclassField: StdlibFunction = (args, keywords): StdlibResult => {
  if (args.length > 0) return { raise: 'TypeError', message: `field() takes 0 positional arguments but ${args.length} ${args.length === 1 ? 'was' : 'were'} given` };
  const given = new Map<string, GValue>();
  for (const k of keywords) {
    if (k.name === 'kw_only') return { raise: 'TypeError', message: 'field(kw_only=...) is outside what Warrant evaluates' };
    if (k.name === null || (!READ.has(k.name) && !IGNORED.has(k.name))) return { raise: 'TypeError', message: `field() got an unexpected keyword argument '${k.name ?? '**'}'` };
    given.set(k.name, k.arg.value);
  }
  const dflt = given.get('default') ?? null;
  const factory = given.get('default_factory') ?? null;
  if (dflt !== null && factory !== null) return { raise: 'ValueError', message: 'cannot specify both default and default_factory' };
  const flag = (name: string): boolean => {
    const v = given.get(name);
    return v === undefined || !((v.t === 'bool' && !v.v) || (v.t === 'num' && v.v === 0) || v.t === 'none');
  };
  const spec: FieldSpec = { default: dflt, factory, init: flag('init'), repr: flag('repr'), compare: flag('compare') };
  return { t: 'stdlib', s: { kind: 'field', module: 'dataclasses', name: 'field', field: spec } };
};

/** The FieldSpec a class body's value is, if it is a `field(...)`. */
export function fieldSpecOf(v: GValue): FieldSpec | null {
  return v.t === 'stdlib' && v.s.kind === 'field' ? (v.s.field ?? null) : null;
}

/** Python's name for the class of a default dataclass refuses as mutable (list, dict; Warrant has no sets); null for others. */
export function mutableDefaultClass(v: GValue): string | null {
  if (v.t === 'seq' && !v.tuple) return "<class 'list'>";
  if (v.t === 'dict') return "<class 'dict'>";
  return null;
}
