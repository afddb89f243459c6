/**
 * Small FormalProposal documents for tests: a valid base (family inheritance, with an
 * integer fact) to mutate one field at a time, and expression shorthands.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const call = (symbol: string, ...args: Json[]): Json => ({ op: 'call', symbol, args });
export const constant = (name: string): Json => ({ op: 'const', name });
export const variable = (name: string): Json => ({ op: 'var', name });
export const forall = (vars: [string, string][], body: Json): Json => ({ op: 'forall', vars: vars.map(([name, sort]) => ({ name, sort })), body });
export const op = (name: string, ...args: Json[]): Json => ({ op: name, args });
export const not = (arg: Json): Json => ({ op: 'not', arg });

/** A proposal every gate accepts (entailed: Ana is Maria's child, so her heir). */
export function baseProposal(): { [key: string]: Json } {
  return {
    schemaVersion: 'holoproof.formal-proposal.v1',
    proposalId: 'fp_test_001',
    worldId: '_',
    logic: 'UFLIA',
    declarations: [
      { kind: 'sort', name: 'Person' },
      { kind: 'const', name: 'Maria', resultSort: 'Person' },
      { kind: 'const', name: 'Ana', resultSort: 'Person' },
      { kind: 'predicate', name: 'childOf', argSorts: ['Person', 'Person'], resultSort: 'Bool' },
      { kind: 'predicate', name: 'legalHeir', argSorts: ['Person'], resultSort: 'Bool' },
      { kind: 'function', name: 'age', argSorts: ['Person'], resultSort: 'Int' },
    ],
    assertions: [
      { assertionId: 'ax_heir', role: 'axiom', expr: forall([['x', 'Person']], op('=>', call('childOf', variable('x'), constant('Maria')), call('legalHeir', variable('x')))) },
      { assertionId: 'fact_child', role: 'fact', expr: call('childOf', constant('Ana'), constant('Maria')) },
      { assertionId: 'fact_age', role: 'fact', expr: op('>=', call('age', constant('Ana')), constant('val_18')) },
    ],
    queryPlan: { verificationMode: 'entailment', goal: call('legalHeir', constant('Ana')) },
    ambiguities: [],
    tags: ['test'],
  };
}

export function textOf(value: Json): string {
  return JSON.stringify(value, null, 2);
}

/** The base proposal with `edit` applied to a deep copy. */
export function edited(edit: (p: { [key: string]: Json }) => void): string {
  const p = baseProposal();
  edit(p);
  return textOf(p);
}

/** Shorthand accessors for edits. */
export function assertionsOf(p: { [key: string]: Json }): { [key: string]: Json }[] {
  return p.assertions as { [key: string]: Json }[];
}

export function declarationsOf(p: { [key: string]: Json }): { [key: string]: Json }[] {
  return p.declarations as { [key: string]: Json }[];
}

/** A proposal (fp_other) that reuses Person and Ana and declares legalHeir with two arguments: a redeclaration of the base proposal's legalHeir once that is accepted. */
export function redeclaring(): { [key: string]: Json } {
  const heir = call('legalHeir', constant('Ana'), constant('Ana'));
  return {
    schemaVersion: 'holoproof.formal-proposal.v1',
    proposalId: 'fp_other',
    declarations: [
      { kind: 'sort', name: 'Person' },
      { kind: 'const', name: 'Ana', resultSort: 'Person' },
      { kind: 'predicate', name: 'legalHeir', argSorts: ['Person', 'Person'], resultSort: 'Bool' },
    ],
    assertions: [{ assertionId: 'fact_heir', role: 'fact', expr: heir }],
    queryPlan: { verificationMode: 'entailment', goal: heir },
  };
}
