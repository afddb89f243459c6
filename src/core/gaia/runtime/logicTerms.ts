/**
 * The typed terms of Gaia's predicate logic as a package builds them: the four primitive
 * sorts, finite domains, variables, predicate and function symbols, constants, function
 * applications and arithmetic. Domains and variables are Lang-only knowledge in Gaia —
 * they never become IR nodes — so here they are plain records, compared by identity as
 * Gaia's `is` checks compare them. Each knows its Python `repr`, which Gaia writes as the
 * content of a generated atom claim.
 */
import { pythonStrRepr } from '../text/pythonRepr.ts';
import type { JsonValue } from '../text/pythonJson.ts';
import { pyFloat } from '../text/pythonJson.ts';
import { pythonFloatRepr, pythonIntRepr } from '../text/pythonFloat.ts';

/**
 * A Python value a domain member, a constant or a bound value may be: a str, number or
 * bool, None, or a tuple of these (Gaia takes any member; these are the ones its IR writes).
 */
export type LogicScalar =
  | { readonly t: 'str'; readonly v: string }
  | { readonly t: 'num'; readonly v: number; readonly float: boolean }
  | { readonly t: 'bool'; readonly v: boolean }
  | { readonly t: 'none' }
  | { readonly t: 'seq'; readonly items: readonly LogicScalar[]; readonly tuple: true };

export type PrimitiveName = 'Nat' | 'Real' | 'Probability' | 'Bool';
export const PRIMITIVE_NAMES: ReadonlySet<string> = new Set<PrimitiveName>(['Nat', 'Real', 'Probability', 'Bool']);

export interface PrimitiveSort {
  readonly kind: 'primitive';
  readonly name: PrimitiveName;
}

/** Gaia's sealed singletons: one object per primitive, so identity checks hold. */
export const PRIMITIVES: Readonly<Record<PrimitiveName, PrimitiveSort>> = {
  Nat: { kind: 'primitive', name: 'Nat' },
  Real: { kind: 'primitive', name: 'Real' },
  Probability: { kind: 'primitive', name: 'Probability' },
  Bool: { kind: 'primitive', name: 'Bool' },
};

export interface LogicDomain {
  readonly kind: 'domain';
  content: string;
  readonly format: string;
  title: string | null;
  label: string | null;
  readonly members: readonly LogicScalar[];
}

export type Sort = PrimitiveSort | LogicDomain;

export interface LogicVariable {
  readonly kind: 'variable';
  readonly symbol: string;
  readonly domain: Sort;
  readonly value: LogicScalar | null;
  /** The canonical unit (`Variable(unit=...)`), or null. */
  readonly unit: string | null;
  content: string;
  readonly format: string;
  title: string | null;
  label: string | null;
}

export interface SymbolDecl {
  readonly kind: 'predicate_symbol' | 'function_symbol';
  readonly name: string;
  readonly argDomains: readonly Sort[];
  /** Written as a tuple (Gaia keeps what it was given, and its repr shows which). */
  readonly argsTuple: boolean;
  /** A function symbol's result sort. */
  readonly result: Sort | null;
}

export type Term =
  | LogicVariable
  | { readonly kind: 'constant'; readonly value: LogicScalar; readonly primitive: PrimitiveSort }
  | { readonly kind: 'function_app'; readonly symbol: SymbolDecl; readonly args: readonly Term[]; readonly argsTuple: boolean }
  | { readonly kind: 'arith'; readonly op: string; readonly left: Term; readonly right: Term };

/** Everything of the logic a package holds in a variable. */
export type LogicValue = Sort | SymbolDecl | Term;

export function isTerm(v: LogicValue): v is Term {
  return v.kind === 'variable' || v.kind === 'constant' || v.kind === 'function_app' || v.kind === 'arith';
}

export function isSort(v: LogicValue): v is Sort {
  return v.kind === 'primitive' || v.kind === 'domain';
}

/** Does the primitive take this value (Gaia's `PrimitiveType.accepts`)? Bools are not numbers here. */
export function acceptsValue(p: PrimitiveName, v: LogicScalar): boolean {
  if (p === 'Bool') return v.t === 'bool';
  if (v.t !== 'num') return false;
  if (p === 'Nat') return !v.float && v.v >= 0;
  if (p === 'Probability') return v.v >= 0 && v.v <= 1;
  return true;
}

/** Python `==` between scalars (1 == 1.0 == True; tuples item by item; None only to None). */
export function scalarEquals(a: LogicScalar, b: LogicScalar): boolean {
  if (a.t === 'seq' || b.t === 'seq') return a.t === 'seq' && b.t === 'seq' && a.items.length === b.items.length && a.items.every((x, i) => scalarEquals(x, b.items[i]!));
  if (a.t === 'none' || b.t === 'none') return a.t === b.t;
  if (a.t === 'str' || b.t === 'str') return a.t === b.t && a.v === b.v;
  return Number(a.v) === Number(b.v);
}

export function scalarRepr(v: LogicScalar): string {
  if (v.t === 'seq') return `(${v.items.map(scalarRepr).join(', ')}${v.items.length === 1 ? ',' : ''})`;
  if (v.t === 'none') return 'None';
  if (v.t === 'str') return pythonStrRepr(v.v);
  if (v.t === 'bool') return v.v ? 'True' : 'False';
  return v.float ? pythonFloatRepr(v.v) : pythonIntRepr(v.v);
}

/** How Gaia's JSON writes a scalar: a tuple as an array, None as null. */
export function scalarJson(v: LogicScalar): JsonValue {
  if (v.t === 'seq') return v.items.map(scalarJson);
  if (v.t === 'none') return null;
  if (v.t === 'num') return v.float ? pyFloat(v.v) : v.v;
  return v.v;
}

/** The name a sort goes by in descriptors and parameters: a domain's label, title or content. */
export function sortName(s: Sort): string {
  if (s.kind === 'primitive') return s.name;
  return s.label || s.title || s.content || 'Domain';
}

/** What a sort is called in Gaia's messages (a primitive's name, a domain's label or "Domain"). */
export function sortShortName(s: Sort): string {
  return s.kind === 'primitive' ? s.name : s.label || 'Domain';
}

function optionalStr(s: string | null): string {
  return s === null ? 'None' : pythonStrRepr(s);
}

/** The fields every Gaia Knowledge dataclass shows in its repr, then the subclass's own. */
function knowledgeRepr(cls: string, type: string, k: { content: string; format: string; title: string | null; label: string | null }, own: string): string {
  return `${cls}(content=${pythonStrRepr(k.content)}, format=${pythonStrRepr(k.format)}, type='${type}', title=${optionalStr(k.title)}, background=[], parameters=[], provenance=[], metadata={}, label=${optionalStr(k.label)}, strategy=None, ${own})`;
}

function seqRepr(items: readonly string[], tuple: boolean): string {
  if (!tuple) return `[${items.join(', ')}]`;
  return `(${items.join(', ')}${items.length === 1 ? ',' : ''})`;
}

/** Python's repr of a logic value, as Gaia's dataclasses print themselves. */
export function logicRepr(v: LogicValue): string {
  switch (v.kind) {
    case 'primitive':
      return v.name;
    case 'domain':
      return knowledgeRepr('Domain', 'domain', v, `members=[${v.members.map(scalarRepr).join(', ')}]`);
    case 'variable':
      return knowledgeRepr(
        'Variable',
        'variable',
        v,
        `symbol=${pythonStrRepr(v.symbol)}, domain=${logicRepr(v.domain)}, value=${v.value === null ? 'None' : scalarRepr(v.value)}, unit=${v.unit === null ? 'None' : pythonStrRepr(v.unit)}`,
      );
    case 'predicate_symbol':
      return `PredicateSymbol(name=${pythonStrRepr(v.name)}, arg_domains=${seqRepr(v.argDomains.map(logicRepr), v.argsTuple)})`;
    case 'function_symbol':
      return `FunctionSymbol(name=${pythonStrRepr(v.name)}, arg_domains=${seqRepr(v.argDomains.map(logicRepr), v.argsTuple)}, result_domain=${logicRepr(v.result!)})`;
    case 'constant':
      return `Constant(value=${scalarRepr(v.value)}, primitive=${v.primitive.name})`;
    case 'function_app':
      return `FunctionApp(symbol=${logicRepr(v.symbol)}, args=${seqRepr(v.args.map(logicRepr), v.argsTuple)})`;
    case 'arith':
      return `ArithOp(op=${pythonStrRepr(v.op)}, left=${logicRepr(v.left)}, right=${logicRepr(v.right)})`;
  }
}

/** The sort a term is known to have, where Gaia can tell without compiling (not arithmetic). */
export function termSort(t: Term): Sort | null {
  if (t.kind === 'constant') return t.primitive;
  if (t.kind === 'variable') return t.domain;
  if (t.kind === 'function_app') return t.symbol.result;
  return null;
}
