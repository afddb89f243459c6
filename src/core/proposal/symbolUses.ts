/**
 * Which assertions use which declared symbol, so a model's values can point back at
 * the assertions they bear on.
 */
import type { Expr, FormalProposal } from './proposalTypes.ts';

/** Symbol name → ids of the assertions that mention it, in document order. */
export function symbolUses(proposal: FormalProposal): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  for (const a of proposal.assertions) {
    const seen = new Set<string>();
    const stack: Expr[] = [a.expr];
    while (stack.length > 0) {
      const e = stack.pop()!;
      switch (e.op) {
        case 'const':
          seen.add(e.name.name);
          break;
        case 'var':
          break;
        case 'call':
          seen.add(e.symbol.name);
          for (const x of e.args) stack.push(x);
          break;
        case 'not':
          stack.push(e.arg);
          break;
        case 'forall':
        case 'exists':
          for (const v of e.vars) seen.add(v.sort.name);
          stack.push(e.body);
          break;
        default:
          for (const x of e.args) stack.push(x);
      }
    }
    for (const name of seen) {
      const list = uses.get(name);
      if (list) list.push(a.id.name);
      else uses.set(name, [a.id.name]);
    }
  }
  return uses;
}
