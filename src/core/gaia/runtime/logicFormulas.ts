/**
 * The atomic formulas of Gaia's predicate logic: a user predicate applied to terms, and
 * the six comparisons between two terms. With the quantifiers (see gaiaObjects.ts's
 * Formula) they extend the propositional formulas over claims.
 */
import type { SymbolDecl, Term } from './logicTerms.ts';
import { logicRepr } from './logicTerms.ts';

export type { LogicVariable } from './logicTerms.ts';

/** The comparison classes, by the `kind` Gaia's descriptors give them. */
export const COMPARISONS = {
  Equals: 'equals',
  NotEquals: 'not_equals',
  Greater: 'greater',
  GreaterEqual: 'greater_equal',
  Less: 'less',
  LessEqual: 'less_equal',
} as const;

export type ComparisonClass = keyof typeof COMPARISONS;

export type PredicateAtom =
  | { readonly f: 'predicate'; readonly symbol: SymbolDecl; readonly args: readonly Term[]; readonly argsTuple: boolean }
  | { readonly f: 'compare'; readonly cls: ComparisonClass; readonly left: Term; readonly right: Term };

/** Python's repr of an atom, which Gaia writes as a generated atom claim's content. */
export function atomRepr(a: PredicateAtom): string {
  if (a.f === 'compare') return `${a.cls}(left=${logicRepr(a.left)}, right=${logicRepr(a.right)})`;
  const args = a.args.map(logicRepr);
  const seq = a.argsTuple ? `(${args.join(', ')}${args.length === 1 ? ',' : ''})` : `[${args.join(', ')}]`;
  return `UserPredicate(symbol=${logicRepr(a.symbol)}, args=${seq})`;
}
