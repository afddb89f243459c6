/**
 * The one-element probe before the full run (emitSmtlib.ts collapsedProbe, prove.ts):
 * what it emits, which questions it settles (sat: a real model, so a sound verdict with
 * no rounds) and which it hands to the full run (unsat: no one-element structure works,
 * which proves nothing). The law: with or without the probe, the verdict is the same —
 * on the proposal fixtures, the shipped samples, and on random small knowledge bases.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { checkProposal, prove } from '../../../src/core/proposal/index.ts';
import type { ProveMode, SolverFactory, SolverId, Verdict } from '../../../src/core/proposal/index.ts';
import { generateProposalKb } from '../../../bench/generateProposalKb.ts';
import type { FakeOptions } from '../../support/fakeSolver.ts';
import { FakeSolver } from '../../support/fakeSolver.ts';
import { nodeSolverFactory } from '../../../src/solvers/nodeSolvers.ts';
import { shutdownZ3 } from '../../../src/solvers/z3Node.ts';
import type { Json } from '../../support/proposalFixtures.ts';
import { call, constant, forall, not, op, textOf, variable } from '../../support/proposalFixtures.ts';

afterAll(async () => {
  await shutdownZ3();
});

type Decl = { kind: string; name: string; argSorts?: string[]; resultSort?: string };
const sort = (name: string): Decl => ({ kind: 'sort', name });
const cst = (name: string, resultSort: string): Decl => ({ kind: 'const', name, resultSort });
const fn = (name: string, argSorts: string[], resultSort: string): Decl => ({ kind: 'function', name, argSorts, resultSort });
const pred = (name: string, ...argSorts: string[]): Decl => ({ kind: 'predicate', name, argSorts, resultSort: 'Bool' });
const c = constant;
const v = variable;

function proposal(mode: ProveMode, declarations: readonly Decl[], facts: readonly Json[], goal: Json | null, logic = 'UF'): string {
  const verificationMode = mode === 'model' ? 'model-finding' : mode;
  return textOf({
    schemaVersion: 'holoproof.formal-proposal.v1',
    proposalId: 'fp_probe',
    worldId: '_',
    logic,
    declarations: declarations as unknown as Json[],
    assertions: facts.map((expr, i) => ({ assertionId: `a${i}`, role: 'fact', expr })),
    queryPlan: goal === null ? { verificationMode } : { verificationMode, goal },
    ambiguities: [],
    tags: [],
  });
}

const PEOPLE = [sort('P'), cst('a', 'P'), cst('b', 'P'), pred('p', 'P'), pred('q', 'P'), pred('r', 'P')];
const RULE = forall([['x', 'P']], op('=>', call('p', v('x')), call('q', v('x'))));
const F_DECLS = [sort('P'), cst('a', 'P'), fn('f', ['P'], 'P'), pred('p', 'P')];
const F_RULE = forall([['x', 'P']], op('=>', call('p', v('x')), call('p', call('f', v('x')))));

interface Row {
  readonly name: string;
  readonly text: string;
  /** What the probe answers; null: the proposal has no probe (nothing quantifies over a declared sort). */
  readonly probe: 'sat' | 'unsat' | null;
  readonly verdict: Verdict;
}

const ROWS: readonly Row[] = [
  {
    name: 'a goal the rule does not reach: the probe finds the counter-model',
    text: proposal('entailment', PEOPLE, [RULE, call('p', c('a'))], call('r', c('a'))),
    probe: 'sat',
    verdict: 'not-entailed',
  },
  { name: 'a goal the rule reaches: probe unsat, the full run proves it', text: proposal('entailment', PEOPLE, [RULE, call('p', c('a'))], call('q', c('a'))), probe: 'unsat', verdict: 'entailed' },
  {
    name: 'not entailed, but only two elements show it: probe unsat, the full run decides',
    text: proposal('entailment', PEOPLE, [RULE, call('p', c('a')), not(call('p', c('b')))], call('q', c('b'))),
    probe: 'unsat',
    verdict: 'not-entailed',
  },
  {
    name: 'distinct constants cannot collapse: probe unsat, the full run decides',
    text: proposal('entailment', PEOPLE, [RULE, op('distinct', c('a'), c('b'))], call('q', c('a'))),
    probe: 'unsat',
    verdict: 'not-entailed',
  },
  { name: 'model mode: the probe finds the model', text: proposal('model', PEOPLE, [RULE, call('p', c('a'))], call('q', c('b'))), probe: 'sat', verdict: 'model-found' },
  { name: 'consistency: the probe finds a model', text: proposal('consistency', PEOPLE, [RULE, call('p', c('a'))], null), probe: 'sat', verdict: 'consistent' },
  {
    name: 'consistency: a clash is left to the full run',
    text: proposal('consistency', PEOPLE, [forall([['x', 'P']], call('p', v('x'))), not(call('p', c('a')))], null),
    probe: 'unsat',
    verdict: 'inconsistent',
  },
  {
    name: 'a function into Int of a collapsed sort keeps its value: not entailed',
    text: proposal(
      'entailment',
      [sort('P'), cst('a', 'P'), fn('age', ['P'], 'Int')],
      [forall([['x', 'P']], op('>', call('age', v('x')), c('val_0')))],
      op('>', call('age', c('a')), c('val_5')),
      'UFLIA',
    ),
    probe: 'sat',
    verdict: 'not-entailed',
  },
  {
    name: 'a function into the sort: f(a) is the one element too (not entailed)',
    text: proposal('entailment', F_DECLS, [F_RULE, call('p', c('a'))], not(call('p', call('f', c('a'))))),
    probe: 'sat',
    verdict: 'not-entailed',
  },
  { name: 'a function into the sort: entailed through f', text: proposal('entailment', F_DECLS, [F_RULE, call('p', c('a'))], call('p', call('f', c('a')))), probe: 'unsat', verdict: 'entailed' },
  { name: 'no quantifier: no probe, the full run as before', text: proposal('entailment', PEOPLE, [call('p', c('a'))], call('q', c('a'))), probe: null, verdict: 'not-entailed' },
];

/** z3 always; cvc5 too when its executable is installed (its declarations are scoped by push/pop as z3's are). */
const SOLVERS: SolverId[] = spawnSync('cvc5', ['--version']).status === 0 ? ['z3', 'cvc5'] : ['z3'];

describe('the one-element probe: table', () => {
  it.each(ROWS.flatMap((row) => SOLVERS.map((solver) => ({ ...row, solver }))))('$name ($solver)', async (row) => {
    const { solver } = row;
    const r = await prove(row.text, { solver, solverFactory: nodeSolverFactory, budgets: { timeoutMs: 20_000 } });
    expect(r.verdict).toBe(row.verdict);
    expect(r.probe?.answer ?? null).toBe(row.probe);
    if (row.probe === 'sat') {
      // Settled by the probe: it is the one round, with every assertion, and the model (a counter-model in entailment) is its structure.
      expect(r.rounds).toBe(1);
      expect(r.round_log).toEqual([expect.objectContaining({ round: 1, answer: 'sat', active: r.round_log[0]!.added })]);
      expect(r.round_log[0]!.active).toHaveLength(JSON.parse(row.text).assertions.length);
      expect(r.model).not.toBeNull();
    } else expect(r.rounds).toBeGreaterThan(0);
    const off = await prove(row.text, { solver, solverFactory: nodeSolverFactory, budgets: { timeoutMs: 20_000 }, probe: false });
    expect(off.probe).toBeNull();
    expect(off.verdict).toBe(row.verdict);
  });

  it('emits the collapse: quantifiers over the sort become their body at its one element, constants equal to it, no names', () => {
    const check = checkProposal(
      proposal(
        'entailment',
        [sort('P'), cst('a', 'P'), fn('age', ['P'], 'Int'), pred('p', 'P')],
        [
          forall(
            [
              ['x', 'P'],
              ['n', 'Int'],
            ],
            op('=>', op('>', call('age', v('x')), v('n')), call('p', v('x'))),
          ),
        ],
        call('p', c('a')),
        'UFLIA',
      ),
    );
    expect(check.gate).toBeNull();
    expect(check.program!.probe).toEqual([
      '(declare-fun hp_internal_one_P () P)',
      '(assert (= a hp_internal_one_P))',
      '(assert (forall ((n Int)) (=> (> (age hp_internal_one_P) n) (p hp_internal_one_P))))',
      '(assert (not (p hp_internal_one_P)))',
    ]);
    // The standalone script is the full problem, unchanged by the probe.
    expect(check.smtlib).not.toContain('hp_internal_one_');
  });

  it('a bound variable shadowing another keeps the inner sort', () => {
    const check = checkProposal(
      proposal(
        'entailment',
        [sort('P'), cst('a', 'P'), fn('age', ['P'], 'Int'), pred('p', 'P')],
        [forall([['x', 'P']], forall([['x', 'Int']], op('>', v('x'), c('val_0'))))],
        call('p', c('a')),
        'UFLIA',
      ),
    );
    expect(check.program?.probe?.[2]).toBe('(assert (forall ((x Int)) (> x 0)))');
  });
});

const FIXTURES = new URL('../../fixtures/proposal-kb/', import.meta.url);
const SAMPLES = new URL('../../../public/samples/', import.meta.url);
const fixtureTexts = (): { name: string; text: string }[] => [
  ...readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json') && !f.startsWith('pigeonhole'))
    .sort()
    .map((f) => ({ name: f, text: readFileSync(new URL(f, FIXTURES), 'utf8') })),
  ...['release-readiness.json', 'review-slot.json', 'vpn-policy-clash.json'].map((f) => ({ name: f, text: readFileSync(new URL(f, SAMPLES), 'utf8') })),
];

describe('the one-element probe: the verdict is the full run’s', () => {
  it.each(fixtureTexts())('$name, every mode', async ({ text }) => {
    for (const mode of ['entailment', 'model', 'consistency'] as const) {
      const check = checkProposal(text, { mode });
      if (check.gate) continue;
      const on = await prove(check, { solver: 'z3', solverFactory: nodeSolverFactory, budgets: { timeoutMs: 20_000 } });
      const off = await prove(check, { solver: 'z3', solverFactory: nodeSolverFactory, budgets: { timeoutMs: 20_000 }, probe: false });
      expect(off.verdict).not.toBe('unknown');
      expect(on.verdict, mode).toBe(off.verdict);
    }
  });

  it('random small knowledge bases over one sort: with and without the probe, the same verdict', async () => {
    const preds = ['p', 'q', 'r'];
    const consts = ['a', 'b'];
    const atom = fc.record({ p: fc.constantFrom(...preds), on: fc.constantFrom(...consts), negated: fc.boolean() });
    const fact = atom.map(({ p, on, negated }) => (negated ? not(call(p, c(on))) : call(p, c(on))));
    const rule = fc
      .record({ from: fc.constantFrom(...preds), to: fc.constantFrom(...preds), negated: fc.boolean() })
      .map(({ from, to, negated }) => forall([['x', 'P']], op('=>', call(from, v('x')), negated ? not(call(to, v('x'))) : call(to, v('x')))));
    const declarations = [sort('P'), ...consts.map((k) => cst(k, 'P')), ...preds.map((p) => pred(p, 'P'))];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fact, rule), { minLength: 1, maxLength: 6 }), fact, fc.constantFrom<ProveMode>('entailment', 'model'), async (facts, goal, mode) => {
        const text = proposal(mode, declarations, [...facts, forall([['y', 'P']], op('=>', call('p', v('y')), call('p', v('y'))))], goal);
        const on = await prove(text, { solver: 'z3', solverFactory: nodeSolverFactory, budgets: { timeoutMs: 20_000 } });
        const off = await prove(text, { solver: 'z3', solverFactory: nodeSolverFactory, budgets: { timeoutMs: 20_000 }, probe: false });
        expect(on.probe).not.toBeNull();
        expect(on.verdict).toBe(off.verdict);
      }),
      { numRuns: 40, seed: 46 },
    );
  });
});

describe('the one-element probe against a scripted solver', () => {
  const KB = generateProposalKb({ size: 200, entailed: true, seed: 46 });
  const run = async (probe: FakeOptions['probe']) => {
    const made: FakeSolver[] = [];
    const factory: SolverFactory = async () => {
      const s = new FakeSolver({ proof: KB.proofIds, probe });
      made.push(s);
      return s;
    };
    return { r: await prove(KB.text, { solver: 'z3', solverFactory: factory, budgets: { timeoutMs: 10_000 } }), made };
  };

  it.each([
    ['sat', 'not-entailed', 1],
    ['unsat', 'entailed', 1],
    ['unknown', 'entailed', 1],
    ['timeout', 'entailed', 1],
  ] as const)('probe %s → %s, %i rounds', async (probe, verdict, rounds) => {
    const { r, made } = await run(probe);
    expect(r.probe?.answer).toBe(probe);
    expect(r.verdict).toBe(verdict);
    expect(r.rounds).toBe(rounds);
    // The probe gets a partial round's slice of the time, never the whole budget.
    expect(made[0]!.probes).toEqual([1250]);
  });
});
