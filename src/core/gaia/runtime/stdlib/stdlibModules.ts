/**
 * The standard-library modules Warrant evaluates, one table: each module's constants and
 * functions, run in TypeScript with Python's results and Python's errors. A module
 * missing here (or a name it lacks) is still refused where it is used, since its value
 * could change the graph.
 */
import type { SourceRange } from '../../../text/sourceRange.ts';
import type { ArgValue } from '../callArguments.ts';
import type { GaiaRuntime } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE } from '../gaiaValues.ts';
import type { FieldSpec } from './dataclassField.ts';
import { dataclassField } from './dataclassField.ts';
import { MATH_CONSTANTS, MATH_FUNCTIONS } from './mathModule.ts';

type Keywords = readonly { readonly name: string | null; readonly arg: ArgValue }[];

/** A module, or a function of one (`math.sqrt`), as a value. */
export interface StdlibValue {
  readonly kind: 'module' | 'function' | 'field';
  readonly module: string;
  /** The module's name, or the function's. */
  readonly name: string;
  /** What `dataclasses.field(...)` returned (kind 'field'). */
  readonly field?: FieldSpec;
}

/**
 * A standard-library function: its result, or a Python exception to raise (its type and
 * message) — the caller reports it where the call is written.
 */
export type StdlibResult = GValue | { readonly raise: string; readonly message: string };
export type StdlibFunction = (args: readonly GValue[], keywords: Keywords) => StdlibResult;

interface StdlibModule {
  readonly constants: ReadonlyMap<string, GValue>;
  readonly functions: ReadonlyMap<string, StdlibFunction>;
}

/** `dataclasses.dataclass(...)` with its settings: the decorator again, `frozen=True` remembered (its instances refuse assignment). */
const dataclass: StdlibFunction = (args, keywords) => {
  if (args.length > 0 || keywords.some((k) => k.name === null)) return { raise: 'TypeError', message: 'dataclass() here takes only keyword settings (write @dataclass above a class)' };
  const frozen = keywords.find((k) => k.name === 'frozen')?.arg.value;
  const isFrozen = frozen !== undefined && ((frozen.t === 'bool' && frozen.v) || (frozen.t === 'num' && frozen.v !== 0));
  return { t: 'stdlib', s: { kind: 'function', module: 'dataclasses', name: isFrozen ? FROZEN_DATACLASS : 'dataclass' } };
};

/** The name `dataclass(frozen=True)` returns under (not a name Python code can write). */
const FROZEN_DATACLASS = 'dataclass(frozen=True)';

const MODULES: ReadonlyMap<string, StdlibModule> = new Map([
  ['math', { constants: MATH_CONSTANTS, functions: MATH_FUNCTIONS }],
  [
    'dataclasses',
    {
      constants: new Map(),
      functions: new Map([
        ['dataclass', dataclass],
        ['field', dataclassField],
      ]),
    },
  ],
]);

export function isEvaluatedStdlib(module: string): boolean {
  return MODULES.has(module);
}

/** `module.name`: a constant, a function, or undefined when Warrant does not evaluate it. */
export function stdlibMember(module: string, name: string): GValue | undefined {
  const m = MODULES.get(module);
  if (!m) return undefined;
  const constant = m.constants.get(name);
  if (constant) return constant;
  return m.functions.has(name) ? { t: 'stdlib', s: { kind: 'function', module, name } } : undefined;
}

/** Whether a decorator is `@dataclass` (or `@dataclass(...)`, which returns it): 'frozen' for `frozen=True`. */
export function dataclassDecorator(v: GValue): 'plain' | 'frozen' | null {
  if (v.t !== 'stdlib' || v.s.kind !== 'function' || v.s.module !== 'dataclasses') return null;
  return v.s.name === 'dataclass' ? 'plain' : v.s.name === FROZEN_DATACLASS ? 'frozen' : null;
}

/** Calls a standard-library function; what it raises is reported at the call, as Python's error. */
export function callStdlib(rt: GaiaRuntime, f: StdlibValue, args: readonly ArgValue[], keywords: Keywords, range: SourceRange): GValue {
  const fn = MODULES.get(f.module)?.functions.get(f.name);
  if (f.kind !== 'function' || !fn) {
    rt.report('bad-argument', f.kind === 'field' ? "TypeError: 'Field' object is not callable" : `the module ${f.name} is not callable`, range);
    return OPAQUE;
  }
  if (args.some((a) => a.value.t === 'opaque') || keywords.some((k) => k.arg.value.t === 'opaque')) return OPAQUE;
  const result = fn(
    args.map((a) => a.value),
    keywords,
  );
  if ('raise' in result) {
    rt.report('bad-argument', `${f.module}.${f.name}(): ${result.raise}: ${result.message}`, range);
    return OPAQUE;
  }
  return result;
}
