/**
 * `warrant prove`, `export --to smtlib` and `check` on FormalProposal documents, run as
 * a user runs them: exit codes (0 any verdict, 1 a gate, 2 usage or a missing solver),
 * the docs/contract.md §1.6 JSON, the human report, standard input.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkProposal } from '../../src/core/proposal/index.ts';
import { baseProposal, edited, textOf } from '../support/proposalFixtures.ts';
import { pigeonholeProposal } from '../support/proposalGenerators.ts';
import { hasStackTrace, runWarrant } from './support/runWarrant.ts';

let dir = '';
const path = (name: string): string => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'warrant-prove-'));
  writeFileSync(path('heir.json'), textOf(baseProposal()));
  writeFileSync(
    path('not-entailed.json'),
    edited((p) => ((p.queryPlan as { goal: unknown }).goal = { op: 'call', symbol: 'legalHeir', args: [{ op: 'const', name: 'Maria' }] })),
  );
  writeFileSync(
    path('schema.json'),
    '{"schemaVersion": "holoproof.formal-proposal.v1", "declarations": [], "assertions": [], "queryPlan": {"verificationMode": "entailment", "goal": {"op": "const", "name": "exit"}}}',
  );
  writeFileSync(
    path('registry.json'),
    edited((p) => ((p.queryPlan as { goal: unknown }).goal = { op: 'call', symbol: 'heir', args: [] })),
  );
  writeFileSync(path('broken.json'), '{"schemaVersion": ');
  writeFileSync(path('hard.json'), pigeonholeProposal(11));
  writeFileSync(path('trace.clair'), 'b1 .9 L0 @user "a"\n');
});

const CONTRACT_KEYS = ['verdict', 'mode', 'solver', 'solver_answer', 'gate', 'diagnostics', 'core', 'model', 'rounds', 'elapsed_ms'];

describe('warrant prove: verdicts exit 0', () => {
  it('--json is contract §1.6, contract keys first, then the extensions', async () => {
    const run = await runWarrant(['prove', path('heir.json'), '--json']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const json = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual([
      ...CONTRACT_KEYS,
      'intuition',
      'budget',
      'solver_error',
      'goal_in_core',
      'logic',
      'round_log',
      'probe',
      'status',
      'contested_reasons',
      'proposal_hash',
      'knowledge_check',
    ]);
    expect(json).toMatchObject({
      verdict: 'entailed',
      mode: 'entailment',
      solver: 'z3',
      solver_answer: 'unsat',
      gate: null,
      diagnostics: [],
      core: ['ax_heir', 'fact_child'],
      model: null,
      rounds: 1,
      intuition: 'none',
      budget: null,
      goal_in_core: true,
    });
    expect(typeof json.elapsed_ms).toBe('number');
  });

  it('--mode overrides the proposal: model and consistency', async () => {
    const [model, consistency] = await Promise.all([runWarrant(['prove', path('heir.json'), '--mode', 'model', '--json']), runWarrant(['prove', path('heir.json'), '--mode=consistency', '--json'])]);
    expect(JSON.parse(model.stdout)).toMatchObject({ verdict: 'model-found', mode: 'model', solver_answer: 'sat', core: null });
    expect(JSON.parse(model.stdout).model.map((m: { name: string }) => m.name)).toContain('legalHeir');
    expect(JSON.parse(consistency.stdout)).toMatchObject({ verdict: 'consistent', mode: 'consistency' });
  });

  it('the human report: the verdict, the core or the counter-model', async () => {
    const [entailed, open] = await Promise.all([runWarrant(['prove', path('heir.json')]), runWarrant(['prove', path('not-entailed.json'), '--solver', 'cvc5'])]);
    expect(entailed.code).toBe(0);
    expect(entailed.stdout).toMatch(/heir\.json: entailed \(entailment; z3 answered unsat after 1 round, \d+ ms\)/);
    expect(entailed.stdout).toContain('unsat core, with the goal: ax_heir, fact_child');
    expect(open.code).toBe(0);
    expect(open.stdout).toMatch(/not-entailed \(entailment; cvc5 answered sat/);
    expect(open.stdout).toContain('counter-model (the knowledge holds and the goal fails):');
    expect(open.stdout).toMatch(/legalHeir \(\(.* Person\)\) : Bool = /);
  });

  it('unknown is a verdict too: a timeout exits 0, naming the budget', async () => {
    const [json, text] = await Promise.all([runWarrant(['prove', path('hard.json'), '--timeout', '300', '--json']), runWarrant(['prove', path('hard.json'), '--timeout', '300'])]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ verdict: 'unknown', solver_answer: 'timeout', budget: 'timeout' });
    expect(text.stdout).toContain('why unknown: the time budget ran out');
  });

  it('--intuition shows its rounds', async () => {
    const run = await runWarrant(['prove', path('heir.json'), '--intuition', 'hdc']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/intuition hdc:\n {4}round 1: 3 active \(\+3\) → unsat/);
  });

  it('reads standard input as a proposal', async () => {
    const run = await runWarrant(['prove', '-', '--json'], { input: textOf(baseProposal()) });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).verdict).toBe('entailed');
  });
});

describe('warrant prove: a gate failure exits 1 naming the gate', () => {
  it.each([
    ['schema.json', 'schema', 'schema-reserved-word'],
    ['registry.json', 'registry', 'registry-undeclared'],
    ['broken.json', 'schema', 'syntax'],
  ])('%s → %s', async (file, gate, code) => {
    const [json, text] = await Promise.all([runWarrant(['prove', path(file), '--json']), runWarrant(['prove', path(file)])]);
    expect(json.code).toBe(1);
    const r = JSON.parse(json.stdout);
    expect(r).toMatchObject({ verdict: null, gate, solver_answer: null, rounds: 0 });
    expect(r.diagnostics.map((d: { code: string }) => d.code)).toContain(code);
    expect(Object.keys(r.diagnostics[0])).toEqual(['severity', 'code', 'message', 'line', 'column', 'endLine', 'endColumn', 'belief']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`error ${code}:`);
    expect(text.stdout).toContain(`stopped at the ${gate} gate; no solver was run`);
  });
});

describe('warrant prove: usage errors and a missing solver exit 2', () => {
  it.each([
    [['prove'], /prove takes exactly one FILE/],
    [['prove', 'a.json', 'b.json'], /prove takes exactly one FILE/],
    [['prove', 'X', '--solver', 'yices'], /--solver must be one of z3, cvc5/],
    [['prove', 'X', '--mode', 'abduction'], /--mode must be one of entailment, model, consistency/],
    [['prove', 'X', '--timeout', 'soon'], /--timeout must be a whole number/],
    [['prove', 'X', '--timeout', '0'], /--timeout must be a whole number/],
    [['prove', 'X', '--intuition', 'gut'], /--intuition must be one of none, hrr, hdc/],
    [['prove', 'TRACE'], /prove takes a FormalProposal/],
    [['prove', 'MISSING'], /cannot read .*nothere\.json: no such file/],
  ])('%j', async (args, message) => {
    const real = args.map((a) => (a === 'X' ? path('heir.json') : a === 'TRACE' ? path('trace.clair') : a === 'MISSING' ? path('nothere.json') : a));
    const run = await runWarrant(real);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(hasStackTrace(run.stderr)).toBe(false);
  });

  it('cvc5 not installed: a clear message, exit 2', async () => {
    const saved = process.env.WARRANT_CVC5;
    process.env.WARRANT_CVC5 = '/nonexistent/cvc5';
    try {
      const run = await runWarrant(['prove', path('heir.json'), '--solver', 'cvc5']);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^warrant: cvc5 is not installed .*use --solver z3\n$/);
    } finally {
      if (saved === undefined) delete process.env.WARRANT_CVC5;
      else process.env.WARRANT_CVC5 = saved;
    }
  });
});

describe('warrant export --to smtlib', () => {
  it('writes the deterministic script, for the proposal’s mode or --mode', async () => {
    const [own, consistency] = await Promise.all([runWarrant(['export', path('heir.json'), '--to', 'smtlib']), runWarrant(['export', path('heir.json'), '--to', 'smtlib', '--mode', 'consistency'])]);
    expect(own.code).toBe(0);
    expect(own.stdout).toBe(checkProposal(textOf(baseProposal())).smtlib);
    expect(consistency.stdout).toBe(checkProposal(textOf(baseProposal()), { mode: 'consistency' }).smtlib);
  });

  it('nothing on stdout when a gate fails: exit 1, diagnostics on stderr', async () => {
    const run = await runWarrant(['export', path('registry.json'), '--to', 'smtlib']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/error registry-undeclared:[\s\S]*did not pass the registry gate; no SMT-LIB2 was written/);
  });

  it('other formats refuse a proposal; smtlib refuses a trace', async () => {
    const [json, trace] = await Promise.all([runWarrant(['export', path('heir.json'), '--to', 'dot']), runWarrant(['export', path('trace.clair'), '--to', 'smtlib'])]);
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(/export --to dot needs a CLAIR trace, a Gaia package or a Mnema log; .*heir\.json is a FormalProposal/);
    expect(trace.code).toBe(2);
    expect(trace.stderr).toMatch(/export --to smtlib needs a FormalProposal/);
  });
});

describe('warrant check on proposals', () => {
  it('prints the gates’ diagnostics; exit 1 for errors, 0 for a clean one', async () => {
    const [clean, bad, json] = await Promise.all([
      runWarrant(['check', path('heir.json')]),
      runWarrant(['check', path('registry.json'), path('broken.json')]),
      runWarrant(['check', path('registry.json'), '--json']),
    ]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toBe('1 file checked: no problems\n');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/registry\.json:\d+:\d+: error registry-undeclared: function or predicate heir is not declared/);
    expect(bad.stdout).toMatch(/broken\.json:1:19: error syntax: unexpected end of text/);
    expect(JSON.parse(json.stdout).files[0]).toMatchObject({ language: 'proposal', diagnostics: [{ code: 'registry-undeclared', severity: 'error' }] });
  });

  it('other graph commands say they do not take proposals', async () => {
    const run = await runWarrant(['infer', path('heir.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the infer command does not take FormalProposal documents/);
  });
});
