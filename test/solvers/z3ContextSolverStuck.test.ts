/**
 * z3 that misses its interrupt: the run is given up a while after the budget and
 * answered as stopped by the timeout, and the context takes no further run.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Z3Module } from '../../src/solvers/z3ContextSolver.ts';
import { Z3ContextSolver } from '../../src/solvers/z3ContextSolver.ts';

/** A module whose evaluation never returns and whose interrupt is ignored; `answer` makes it return. */
function stubbornZ3() {
  const interrupts: number[] = [];
  let answer: ((text: string) => void) | null = null;
  const heap = new Uint8Array(1 << 16);
  const module = {
    Z3: { mk_config: () => 1, mk_context: () => 2, del_config: () => undefined, del_context: () => undefined, interrupt: () => interrupts.push(Date.now()) },
    em: {
      HEAPU8: heap,
      _malloc: () => 8,
      _free: () => undefined,
      ccall: () => undefined,
      async_call: () => new Promise<string>((resolve) => (answer = resolve)),
    },
  } as unknown as Z3Module;
  return { module, interrupts, answer: (text: string) => answer?.(text) };
}

describe('Z3ContextSolver, when z3 ignores the interrupt', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives the run up after the budget and its grace, as stopped by the timeout', async () => {
    const z3 = stubbornZ3();
    const solver = new Z3ContextSolver(z3.module);
    let reply: unknown = null;
    void solver.run('(check-sat)', { timeoutMs: 300 }).then((r) => (reply = r));
    await vi.advanceTimersByTimeAsync(600);
    expect(z3.interrupts.length).toBe(1);
    expect(reply).toBeNull();
    await vi.advanceTimersByTimeAsync(2500);
    expect(reply).toEqual({ output: '', stopped: 'timeout' });
    await expect(solver.run('(check-sat)', { timeoutMs: 300 })).rejects.toThrow(/did not stop/);
  });

  it('a run that answers in time is untouched', async () => {
    const z3 = stubbornZ3();
    const solver = new Z3ContextSolver(z3.module);
    const run = solver.run('(check-sat)', { timeoutMs: 300 });
    await vi.advanceTimersByTimeAsync(10);
    z3.answer('unsat\n');
    await expect(run).resolves.toEqual({ output: 'unsat\n', stopped: null });
    await vi.advanceTimersByTimeAsync(5000);
    expect(z3.interrupts.length).toBe(0);
  });
});
