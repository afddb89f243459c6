/**
 * Binds a call's arguments to a verb's parameters by Python's rules, so that a call
 * Python would reject (a missing or unexpected argument, one given twice, too many
 * positionals) is reported as Gaia's TypeError would be.
 */
import type { SourceRange } from '../../text/sourceRange.ts';
import type { GValue } from './gaiaValues.ts';

export interface ArgValue {
  readonly value: GValue;
  readonly range: SourceRange;
}

export interface ParameterSpec {
  /** Positional-or-keyword parameters, in order. */
  readonly positional?: readonly string[];
  /** How many of the positional parameters are required. */
  readonly requiredPositional?: number;
  readonly keywordOnly?: readonly string[];
  readonly requiredKeywordOnly?: readonly string[];
  /** Accepts `*args` / `**kwargs`. */
  readonly varArgs?: boolean;
  readonly varKeywords?: boolean;
}

export interface BoundArguments {
  readonly named: ReadonlyMap<string, ArgValue>;
  readonly varArgs: readonly ArgValue[];
  /** Extra keywords, in the order written. */
  readonly varKeywords: ReadonlyMap<string, ArgValue>;
}

export type BindResult = { readonly ok: true; readonly bound: BoundArguments } | { readonly ok: false; readonly message: string };

export function bindArguments(verb: string, spec: ParameterSpec, args: readonly ArgValue[], keywords: readonly { readonly name: string | null; readonly arg: ArgValue }[]): BindResult {
  const positional = spec.positional ?? [];
  const keywordOnly = spec.keywordOnly ?? [];
  const named = new Map<string, ArgValue>();
  const varArgs: ArgValue[] = [];
  const varKeywords = new Map<string, ArgValue>();
  for (let i = 0; i < args.length; i++) {
    const name = positional[i];
    if (name !== undefined) named.set(name, args[i]!);
    else if (spec.varArgs) varArgs.push(args[i]!);
    else return { ok: false, message: `${verb}() takes ${positionalCount(spec)} but ${args.length} ${args.length === 1 ? 'was' : 'were'} given` };
  }
  for (const { name, arg } of keywords) {
    if (name === null) return { ok: false, message: `${verb}(**...): unpacked keyword arguments are not supported` };
    if (positional.includes(name) || keywordOnly.includes(name)) {
      if (named.has(name)) return { ok: false, message: `${verb}() got multiple values for argument '${name}'` };
      named.set(name, arg);
    } else if (spec.varKeywords) {
      if (varKeywords.has(name)) return { ok: false, message: `${verb}() got multiple values for keyword argument '${name}'` };
      varKeywords.set(name, arg);
    } else {
      return { ok: false, message: `${verb}() got an unexpected keyword argument '${name}'` };
    }
  }
  const required = positional.slice(0, spec.requiredPositional ?? 0).filter((p) => !named.has(p));
  if (required.length > 0) {
    return { ok: false, message: `${verb}() missing ${required.length} required positional argument${required.length === 1 ? '' : 's'}: ${nameList(required)}` };
  }
  const requiredKw = (spec.requiredKeywordOnly ?? []).filter((p) => !named.has(p));
  if (requiredKw.length > 0) {
    return { ok: false, message: `${verb}() missing ${requiredKw.length} required keyword-only argument${requiredKw.length === 1 ? '' : 's'}: ${nameList(requiredKw)}` };
  }
  return { ok: true, bound: { named, varArgs, varKeywords } };
}

/** How many positionals a function takes, in Python's words ("from 1 to 2 positional arguments"). */
function positionalCount(spec: ParameterSpec): string {
  const most = spec.positional?.length ?? 0;
  const least = spec.requiredPositional ?? 0;
  if (least < most) return `from ${least} to ${most} positional arguments`;
  return `${most} positional argument${most === 1 ? '' : 's'}`;
}

/** Parameter names as Python lists them: 'a', 'a' and 'b', 'a', 'b', and 'c'. */
function nameList(names: readonly string[]): string {
  const quoted = names.map((n) => `'${n}'`);
  if (quoted.length <= 2) return quoted.join(' and ');
  return `${quoted.slice(0, -1).join(', ')}, and ${quoted.at(-1)}`;
}
