/**
 * The real solvers behind the SmtSolver interface: z3 through the z3-solver package and
 * cvc5 through its executable (skipped with a notice when it is not installed). Every
 * script the gates let through is read by the solver without an error; timeouts come
 * back as `unknown` naming the budget; a missing cvc5 is a clear failure.
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { SmtSolver } from '../../src/core/proposal/index.ts';
import { checkProposal, prove, verdictOf } from '../../src/core/proposal/index.ts';
import { Cvc5MissingError, Cvc5Solver } from '../../src/solvers/cvc5Solver.ts';
import { nodeSolverFactory } from '../../src/solvers/nodeSolvers.ts';
import { makeZ3Solver, shutdownZ3 } from '../../src/solvers/z3Node.ts';
import { generateProposalKb } from '../../bench/generateProposalKb.ts';
import { arbitraryProposal, pigeonholeProposal } from '../support/proposalGenerators.ts';

const CVC5_INSTALLED = spawnSync('cvc5', ['--version']).status === 0;
if (!CVC5_INSTALLED) console.warn('\n[warrant] NOTICE: cvc5 is not installed; the cvc5 solver tests are skipped.\n');

afterAll(async () => {
  await shutdownZ3();
});

async function checkAll(solver: () => Promise<SmtSolver>, runs: number): Promise<number> {
  let passed = 0;
  await fc.assert(
    fc.asyncProperty(arbitraryProposal, async (doc) => {
      const r = checkProposal(JSON.stringify(doc));
      if (r.gate !== null) return;
      passed++;
      const s = await solver();
      try {
        const reply = await s.run(r.smtlib!, { timeoutMs: 2000 });
        expect(reply.output).not.toMatch(/\(error/);
        expect(verdictOf(r.mode!, reply.output, reply.stopped).answer).toMatch(/^(sat|unsat|unknown|timeout)$/);
      } finally {
        await s.close();
      }
    }),
    { numRuns: runs, seed: 20_260_501 },
  );
  return passed;
}

describe('z3 (z3-solver package)', () => {
  it('reads every script the gates let through without an error', async () => {
    const passed = await checkAll(makeZ3Solver, 150);
    expect(passed).toBeGreaterThan(60); // most generated proposals pass the gates
  });

  it('VSA intuition proves a generated entailment with part of the knowledge base; NoIntuition agrees', async () => {
    const kb = generateProposalKb({ size: 1000, entailed: true });
    const none = await prove(kb.text, { solver: 'z3', solverFactory: nodeSolverFactory, budgets: { timeoutMs: 20_000 } });
    expect(none).toMatchObject({ verdict: 'entailed', rounds: 1 });
    for (const intuition of ['hrr', 'hdc'] as const) {
      const r = await prove(kb.text, { solver: 'z3', solverFactory: nodeSolverFactory, intuition, budgets: { timeoutMs: 20_000 } });
      expect(r.verdict).toBe('entailed');
      expect(r.round_log.at(-1)!.active.length).toBeLessThan(1000);
      expect(new Set(r.core)).toEqual(new Set(kb.proofIds));
    }
  });

  it('a timeout is unknown, naming the budget, and ends near it', async () => {
    const r = await prove(pigeonholeProposal(11), { solver: 'z3', solverFactory: nodeSolverFactory, budgets: { timeoutMs: 400 } });
    expect(r).toMatchObject({ verdict: 'unknown', solver_answer: 'timeout', budget: 'timeout' });
    expect(r.elapsed_ms).toBeLessThan(5000);
  });

  it('interrupt stops a running check: cancelled', async () => {
    const s = await makeZ3Solver();
    try {
      const script = checkProposal(pigeonholeProposal(11)).smtlib!;
      const running = s.run(script, { timeoutMs: 60_000 });
      setTimeout(() => s.interrupt(), 200);
      const reply = await running;
      expect(reply.stopped).toBe('cancelled');
      // The context survives and takes the next command.
      const next = await s.run('(get-info :reason-unknown)', { timeoutMs: 5000 });
      expect(next.output).toMatch(/:reason-unknown "(canceled|interrupted)/);
    } finally {
      await s.close();
    }
  });
});

describe.skipIf(!CVC5_INSTALLED)('cvc5 (executable)', () => {
  it('reads every script the gates let through without an error', async () => {
    const passed = await checkAll(() => Cvc5Solver.start({ finiteModelFind: true }), 60);
    expect(passed).toBeGreaterThan(20);
  });

  it('keeps one live process across runs, replies delimited exactly', async () => {
    const s = await Cvc5Solver.start({ finiteModelFind: false });
    try {
      expect((await s.run('(set-logic ALL)(declare-fun x () Int)', { timeoutMs: 2000 })).output).toBe('');
      expect((await s.run('(push 1)(assert (> x 2))(check-sat)', { timeoutMs: 2000 })).output).toBe('sat\n');
      expect((await s.run('(assert (< x 1))(check-sat)', { timeoutMs: 2000 })).output).toBe('unsat\n');
      expect((await s.run('(pop 1)(check-sat)', { timeoutMs: 2000 })).output).toBe('sat\n');
    } finally {
      await s.close();
    }
  });

  it('an error ends the process; the reply says so and later runs are refused', async () => {
    const s = await Cvc5Solver.start({ finiteModelFind: false });
    try {
      const r = await s.run('(set-logic ALL)(assert (f b))(check-sat)', { timeoutMs: 2000 });
      expect(r.output).toMatch(/\(error/);
      const again = await s.run('(check-sat)', { timeoutMs: 2000 });
      expect(again).toMatchObject({ alive: false });
      expect(again.output).toMatch(/\(error "cvc5 has stopped/);
    } finally {
      await s.close();
    }
  });

  it('a timeout is unknown, naming the budget', async () => {
    const r = await prove(pigeonholeProposal(11), { solver: 'cvc5', solverFactory: nodeSolverFactory, budgets: { timeoutMs: 400 } });
    expect(r).toMatchObject({ verdict: 'unknown', solver_answer: 'timeout', budget: 'timeout' });
    expect(r.elapsed_ms).toBeLessThan(5000);
  });
});

describe('cvc5 not installed', () => {
  it('starting it fails with a clear message, not a crash', async () => {
    const saved = process.env.WARRANT_CVC5;
    process.env.WARRANT_CVC5 = '/nonexistent/cvc5';
    try {
      await expect(Cvc5Solver.start({ finiteModelFind: false })).rejects.toThrow(Cvc5MissingError);
      await expect(Cvc5Solver.start({ finiteModelFind: false })).rejects.toThrow(/cvc5 is not installed.*--solver z3/);
    } finally {
      if (saved === undefined) delete process.env.WARRANT_CVC5;
      else process.env.WARRANT_CVC5 = saved;
    }
  });
});
