/** The text a new document starts with, per language. */
export const NEW_CLAIR = '; a new CLAIR trace: one belief per line\n';

export const NEW_GAIA = [
  '"""A new Gaia package."""',
  '',
  'from gaia.engine.lang import claim, derive',
  '',
  'premise = claim("State what you take as given.", prior=0.8)',
  '',
  'conclusion = derive(',
  '    "State what follows from it.",',
  '    given=[premise],',
  '    rationale="Say why it follows.",',
  ')',
  '',
].join('\n');

/** A small FormalProposal that passes every gate: one rule, one fact, a goal that follows. */
export const NEW_PROPOSAL =
  JSON.stringify(
    {
      schemaVersion: 'holoproof.formal-proposal.v1',
      proposalId: 'fp_new',
      worldId: 'world_main',
      logic: 'UF',
      declarations: [
        { kind: 'sort', name: 'Thing' },
        { kind: 'const', name: 'first', resultSort: 'Thing' },
        { kind: 'predicate', name: 'given', argSorts: ['Thing'], resultSort: 'Bool' },
        { kind: 'predicate', name: 'follows', argSorts: ['Thing'], resultSort: 'Bool' },
      ],
      assertions: [
        {
          assertionId: 'ax_rule',
          role: 'axiom',
          expr: {
            op: 'forall',
            vars: [{ name: 'x', sort: 'Thing' }],
            body: {
              op: '=>',
              args: [
                { op: 'call', symbol: 'given', args: [{ op: 'var', name: 'x' }] },
                { op: 'call', symbol: 'follows', args: [{ op: 'var', name: 'x' }] },
              ],
            },
          },
        },
        { assertionId: 'fact_first', role: 'fact', expr: { op: 'call', symbol: 'given', args: [{ op: 'const', name: 'first' }] } },
      ],
      queryPlan: { verificationMode: 'entailment', goal: { op: 'call', symbol: 'follows', args: [{ op: 'const', name: 'first' }] } },
      ambiguities: [],
      tags: [],
    },
    null,
    2,
  ) + '\n';
