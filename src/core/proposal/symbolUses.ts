/**
 * Which assertions use which declared symbol, so a model's values can point back at
 * the assertions they bear on.
 */
import { forEachSymbol } from './exprSymbols.ts';
import type { FormalProposal } from './proposalTypes.ts';

/** Symbol name → ids of the assertions that mention it, in document order. */
export function symbolUses(proposal: FormalProposal): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  for (const a of proposal.assertions) {
    const seen = new Set<string>();
    forEachSymbol(a.expr, (name) => seen.add(name));
    for (const name of seen) {
      const list = uses.get(name);
      if (list) list.push(a.id.name);
      else uses.set(name, [a.id.name]);
    }
  }
  return uses;
}
