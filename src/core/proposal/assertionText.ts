/**
 * The words a similarity ranker sees for an assertion or a goal: the symbols it uses
 * (predicates, functions, constants, numerals) and the sorts it quantifies over, in
 * reading order. Operators and variable names are left out: every rule has them, so
 * they say nothing about relevance.
 */
import { numeralOf } from './numerals.ts';
import type { Assertion, Expr, FormalProposal } from './proposalTypes.ts';

export function assertionText(assertion: Assertion): string {
  return exprWords(assertion.expr).join(' ');
}

/** The goal's words ('' when the proposal has no goal). */
export function goalText(proposal: FormalProposal): string {
  return proposal.queryPlan.goal ? exprWords(proposal.queryPlan.goal).join(' ') : '';
}

export function exprWords(root: Expr): string[] {
  const words: string[] = [];
  const stack: Expr[] = [root];
  while (stack.length > 0) {
    const e = stack.pop()!;
    switch (e.op) {
      case 'const':
        words.push(numeralOf(e.name.name) ?? e.name.name);
        break;
      case 'var':
        break;
      case 'call':
        words.push(e.symbol.name);
        for (let i = e.args.length - 1; i >= 0; i--) stack.push(e.args[i]!);
        break;
      case 'not':
        stack.push(e.arg);
        break;
      case 'forall':
      case 'exists':
        for (const v of e.vars) words.push(v.sort.name);
        stack.push(e.body);
        break;
      default:
        for (let i = e.args.length - 1; i >= 0; i--) stack.push(e.args[i]!);
    }
  }
  return words;
}
