/**
 * The symbols a proposal declares, looked up by name: sorts, constants, functions and
 * predicates share one namespace (a sort and a constant with the same name would be
 * legal SMT-LIB but are always a mistake in a proposal).
 */
import type { Declaration } from './proposalTypes.ts';
import { BUILTIN_SORTS } from './proposalTypes.ts';

export interface SymbolTable {
  /** The first declaration of each name. */
  readonly byName: ReadonlyMap<string, Declaration>;
}

export function buildSymbolTable(declarations: readonly Declaration[]): SymbolTable {
  const byName = new Map<string, Declaration>();
  for (const d of declarations) if (!byName.has(d.name.name)) byName.set(d.name.name, d);
  return { byName };
}

/** True for Bool, Int, Real and every declared sort. */
export function isKnownSort(table: SymbolTable, name: string): boolean {
  if ((BUILTIN_SORTS as readonly string[]).includes(name)) return true;
  return table.byName.get(name)?.kind === 'sort';
}

/** A term-level symbol: a constant, function or predicate (not a sort). */
export function termSymbol(table: SymbolTable, name: string): Declaration | null {
  const d = table.byName.get(name);
  return d && d.kind !== 'sort' ? d : null;
}
