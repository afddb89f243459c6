/**
 * The words a similarity ranker sees for an assertion or a goal: the symbols it uses
 * (predicates, functions, constants, numerals) and the sorts it quantifies over, in
 * reading order. Operators and variable names are left out: every rule has them, so
 * they say nothing about relevance.
 */
import { forEachSymbol } from './exprSymbols.ts';
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
  forEachSymbol(root, (name, role) => words.push(role === 'const' ? (numeralOf(name) ?? name) : name));
  return words;
}
