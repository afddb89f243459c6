/**
 * The names an expression mentions, in reading order: constants, called symbols, and
 * the sorts its quantifiers range over. Operators and bound variables are not names
 * of the proposal's vocabulary and are skipped. Iterative, so deep nesting that passed
 * the schema gate cannot overflow the stack.
 */
import type { Expr } from './proposalTypes.ts';

export type SymbolRole = 'const' | 'symbol' | 'sort';

export function forEachSymbol(root: Expr, visit: (name: string, role: SymbolRole) => void): void {
  const stack: Expr[] = [root];
  // Children are pushed last-first so they are visited first-first.
  const pushAll = (xs: readonly Expr[]) => {
    for (let i = xs.length - 1; i >= 0; i--) stack.push(xs[i]!);
  };
  while (stack.length > 0) {
    const e = stack.pop()!;
    switch (e.op) {
      case 'const':
        visit(e.name.name, 'const');
        break;
      case 'var':
        break;
      case 'call':
        visit(e.symbol.name, 'symbol');
        pushAll(e.args);
        break;
      case 'not':
        stack.push(e.arg);
        break;
      case 'forall':
      case 'exists':
        for (const v of e.vars) visit(v.sort.name, 'sort');
        stack.push(e.body);
        break;
      default:
        pushAll(e.args);
    }
  }
}
