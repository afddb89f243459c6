/**
 * HoloProof's public proposals (../shared/reference/holoproof) against their expected
 * verdicts, with z3 (the z3-solver package) and cvc5 (its executable), through the API
 * and through `warrant prove --json`. Each `needs` entry of an expected file is checked
 * for what it says an implementation must handle. HoloProof's own label for
 * policy-conflict is wrong (see the reference README): the verdict is `consistent`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkProposal, prove, verdictOf } from '../../src/core/proposal/index.ts';
import { Cvc5Solver } from '../../src/solvers/cvc5Solver.ts';
import { nodeSolverFactory } from '../../src/solvers/nodeSolvers.ts';
import { shutdownZ3 } from '../../src/solvers/z3Node.ts';
import { referenceDir } from '../support/sharedReference.ts';
import { runWarrant } from './support/runWarrant.ts';

interface Expected {
  verdict: string;
  gate_error: string | null;
  mode: string;
  holoproof_label: string;
  holoproof_eval_cases: string[];
  solver_answers: Record<string, string>;
  needs: string[];
}

const dir = referenceDir('holoproof');
const CVC5 = spawnSync('cvc5', ['--version']).status === 0;
if (!CVC5) console.warn('\n[warrant] NOTICE: cvc5 is not installed; the cvc5 reference runs are skipped.\n');
const NATIVE_Z3 = existsSync('/usr/bin/z3');

const scenarios = dir
  ? readdirSync(join(dir, 'demo-proposals'))
      .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort()
  : [];
const load = (name: string): { path: string; text: string; expected: Expected } => {
  const path = join(dir!, 'demo-proposals', `${name}.json`);
  return { path, text: readFileSync(path, 'utf8'), expected: JSON.parse(readFileSync(join(dir!, 'demo-proposals', `${name}.expected.json`), 'utf8')) as Expected };
};

afterAll(async () => {
  await shutdownZ3();
});

describe.skipIf(!dir)('HoloProof reference proposals', () => {
  it('there are the eight scenarios the README lists', () => {
    expect(scenarios).toEqual(['access-control', 'contract-clauses', 'eligibility-threshold', 'family-inheritance', 'graph-reachability', 'policy-conflict', 'scheduling-overlap', 'type-hierarchy']);
  });

  for (const solver of ['z3', 'cvc5'] as const) {
    describe.skipIf(solver === 'cvc5' && !CVC5)(solver, () => {
      it.each(scenarios)('%s: the expected verdict and solver answer', async (name) => {
        const { text, expected } = load(name);
        const r = await prove(text, { solver, solverFactory: nodeSolverFactory, budgets: { timeoutMs: 20_000 } });
        expect(r.gate).toBeNull();
        expect(expected.gate_error).toBeNull();
        expect(r.mode).toBe(expected.mode);
        expect(r.verdict).toBe(expected.verdict);
        // Warrant runs cvc5 with --finite-model-find when the script quantifies.
        const key = solver === 'z3' ? 'z3' : checkProposal(text).smtlib!.includes('(forall') ? 'cvc5 --finite-model-find' : 'cvc5';
        expect(r.solver_answer).toBe(expected.solver_answers[key]);
        if (r.solver_answer === 'unsat') expect(r.core!.length).toBeGreaterThan(0);
      });
    });
  }

  it.each(scenarios)('%s: warrant prove --json agrees (z3)', async (name) => {
    const { path, expected } = load(name);
    const run = await runWarrant(['prove', path, '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(json).slice(0, 10)).toEqual(['verdict', 'mode', 'solver', 'solver_answer', 'gate', 'diagnostics', 'core', 'model', 'rounds', 'elapsed_ms']);
    expect(json).toMatchObject({ verdict: expected.verdict, mode: expected.mode, solver: 'z3', gate: null, rounds: 1 });
  });

  it('HoloProof labels agree with the verdicts, except policy-conflict', () => {
    for (const name of scenarios) {
      const { expected } = load(name);
      if (name === 'policy-conflict') {
        expect(expected.verdict).toBe('consistent');
        expect(expected.holoproof_label).toBe('inconsistent');
      } else expect(expected.holoproof_label).toBe(expected.verdict);
    }
  });

  it('the eval cases point at the scenarios and carry HoloProof’s labels', () => {
    const cases = readdirSync(join(dir!, 'eval-cases')).filter((f) => f.endsWith('.json'));
    expect(cases.length).toBeGreaterThanOrEqual(11);
    for (const file of cases) {
      const ev = JSON.parse(readFileSync(join(dir!, 'eval-cases', file), 'utf8')) as { caseId: string; scenarioId: string; problemIndex: number; expectedVerdict: string };
      expect(scenarios).toContain(ev.scenarioId);
      expect(ev.problemIndex).toBe(0);
      const { expected } = load(ev.scenarioId);
      expect(expected.holoproof_eval_cases).toContain(ev.caseId);
      expect(ev.expectedVerdict).toBe(expected.holoproof_label);
    }
  });
});

describe.skipIf(!dir)('what each need asks of an implementation', () => {
  const needing = (need: string): string[] => scenarios.filter((n) => load(n).expected.needs.includes(need));

  it('logic-override: the declared logic is replaced (with a warning) exactly where the content does not fit', () => {
    for (const name of scenarios) {
      const r = checkProposal(load(name).text);
      const overridden = r.diagnostics.some((d) => d.code === 'emission-logic-override');
      expect(overridden).toBe(needing('logic-override').includes(name));
      expect(r.smtlib).toContain(overridden ? '(set-logic ALL)' : `(set-logic ${r.logic!.declared})`);
    }
  });

  it.skipIf(!CVC5)('logic-override: as written, the solver rejects the script, and the run is void', async () => {
    for (const name of needing('logic-override')) {
      const r = checkProposal(load(name).text);
      const asWritten = r.smtlib!.replace('(set-logic ALL)', `(set-logic ${r.logic!.declared})`);
      const s = await Cvc5Solver.start({ finiteModelFind: true });
      try {
        const reply = await s.run(asWritten, { timeoutMs: 5000 });
        expect(reply.output).toMatch(/\(error/);
        expect(verdictOf(r.mode!, reply.output).verdict).toBe('unknown');
      } finally {
        await s.close();
      }
    }
  });

  it.skipIf(!NATIVE_Z3)('logic-override: native z3 reports the error and still prints an answer, which must not count', () => {
    for (const name of needing('logic-override')) {
      const r = checkProposal(load(name).text);
      const asWritten = r.smtlib!.replace('(set-logic ALL)', `(set-logic ${r.logic!.declared})`);
      const out = spawnSync('/usr/bin/z3', ['-in', '-smt2'], { input: asWritten, encoding: 'utf8' }).stdout;
      expect(out).toMatch(/\(error/);
      expect(out.trim().split('\n').at(-1)).toMatch(/^(sat|unsat)$/);
      expect(verdictOf(r.mode!, out)).toMatchObject({ verdict: 'unknown', answer: 'error' });
    }
  });

  it('numeral-convention: val_<digits> constants are emitted as numerals', () => {
    for (const name of needing('numeral-convention')) {
      const { smtlib } = checkProposal(load(name).text);
      expect(smtlib).not.toMatch(/val_\d/);
      expect(smtlib).toMatch(/ \d+\)/);
    }
    expect(checkProposal(load('scheduling-overlap').text).smtlib).toContain('(= (startTime MeetA) 540)');
  });

  it('nullary-call: a zero-argument call is the bare symbol', () => {
    for (const name of needing('nullary-call')) {
      const { smtlib } = checkProposal(load(name).text);
      expect(smtlib).toContain('(<= deliveryDay 5)');
      expect(smtlib).not.toContain('(deliveryDay)');
    }
  });

  it('unused-consistency-goal: the undeclared goal is noted, not refused, and not emitted', () => {
    for (const name of needing('unused-consistency-goal')) {
      const r = checkProposal(load(name).text);
      expect(r.gate).toBeNull();
      expect(r.diagnostics.find((d) => d.code === 'registry-unused-goal')?.severity).toBe('info');
      expect(r.smtlib).not.toContain('true_val');
    }
  });

  it.skipIf(!CVC5)('cvc5-finite-model-find: without it cvc5 answers unknown; with it, sat', async () => {
    for (const name of needing('cvc5-finite-model-find')) {
      const { smtlib } = checkProposal(load(name).text);
      for (const finiteModelFind of [false, true]) {
        const s = await Cvc5Solver.start({ finiteModelFind });
        try {
          const reply = await s.run(smtlib!, { timeoutMs: 10_000 });
          expect(verdictOf('consistency', reply.output).answer).toBe(finiteModelFind ? 'sat' : 'unknown');
        } finally {
          await s.close();
        }
      }
    }
  });
});
