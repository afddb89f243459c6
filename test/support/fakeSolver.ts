/**
 * A scripted stand-in for an SMT solver, for testing the session and the intuition
 * loop without one: it tracks which named assertions are asserted across push/pop
 * levels and answers `check-sat` by a rule the test gives (by default: unsat exactly
 * when every id of `proof` is asserted). It records every command it was sent.
 * The one-element probe (declared `hp_internal_one_…`, unnamed assertions) is answered
 * apart, by `probe` (default unsat: the scripted knowledge has no one-element model, so
 * the loop under test runs), and recorded in `probes`, not `checks`.
 */
import type { RunLimits, SmtSolver, SolverReply } from '../../src/core/proposal/index.ts';

export interface FakeOptions {
  /** Ids whose joint presence makes the problem unsat. */
  readonly proof?: readonly string[];
  /** Overrides the answer for a set of asserted names. */
  readonly answer?: (asserted: ReadonlySet<string>) => 'sat' | 'unsat' | 'unknown' | 'timeout' | 'error';
  /** Milliseconds each check-sat pretends to take (added to the fake clock). */
  readonly checkMs?: number;
  readonly clock?: { now: number };
  /** The one-element probe's answer (default unsat). */
  readonly probe?: 'sat' | 'unsat' | 'unknown' | 'timeout';
}

const PROBE_MARK = '\0probe';

export class FakeSolver implements SmtSolver {
  readonly id = 'z3' as const;
  readonly sent: string[] = [];
  readonly checks: { asserted: string[]; timeoutMs: number }[] = [];
  /** The time limit of each probe check. */
  readonly probes: number[] = [];
  private levels: string[][] = [[]];
  private lastCore: string[] = [];
  private lastAnswer = '';
  closed = false;
  interrupted = false;

  constructor(private readonly options: FakeOptions = {}) {}

  private asserted(): Set<string> {
    return new Set(this.levels.flat());
  }

  async run(commands: string, limits: RunLimits): Promise<SolverReply> {
    if (this.closed) throw new Error('closed');
    this.sent.push(commands);
    let output = '';
    let stopped: SolverReply['stopped'] = null;
    for (const m of commands.matchAll(/\((push 1|pop 1|assert .*?:named (\w+)\)\)|declare-fun hp_internal_one_|check-sat|get-unsat-core|get-model|get-info :reason-unknown)/g)) {
      const cmd = m[1]!;
      if (cmd === 'push 1') this.levels.push([]);
      else if (cmd.startsWith('declare-fun')) this.levels[this.levels.length - 1]!.push(PROBE_MARK);
      else if (cmd === 'check-sat' && this.asserted().has(PROBE_MARK)) {
        this.probes.push(limits.timeoutMs);
        const a = this.options.probe ?? 'unsat';
        this.lastAnswer = a;
        this.lastCore = [];
        if (a === 'timeout') {
          stopped = 'timeout';
          break;
        }
        output += a + '\n';
      } else if (cmd === 'pop 1') {
        if (this.levels.length === 1) output += '(error "pop below the base level")\n';
        else this.levels.pop();
      } else if (cmd.startsWith('assert')) this.levels[this.levels.length - 1]!.push(m[2]!);
      else if (cmd === 'check-sat') {
        const asserted = this.asserted();
        this.checks.push({ asserted: [...asserted].sort(), timeoutMs: limits.timeoutMs });
        if (this.options.clock) this.options.clock.now += this.options.checkMs ?? 1;
        const proof = this.options.proof ?? [];
        const a = this.options.answer ? this.options.answer(asserted) : proof.every((id) => asserted.has(id)) ? 'unsat' : 'sat';
        this.lastAnswer = a;
        if (a === 'timeout') {
          stopped = 'timeout';
          break;
        }
        if (a === 'error') output += '(error "scripted failure")\nsat\n';
        else output += a + '\n';
        this.lastCore = [...proof, 'hp_internal_goal'].filter((id) => asserted.has(id));
      } else if (cmd === 'get-unsat-core') output += `(${this.lastCore.join(' ')})\n`;
      else if (cmd === 'get-model') output += '(\n  (define-fun t () Entity Entity!val!0)\n)\n';
      else if (cmd === 'get-info :reason-unknown') output += `(:reason-unknown "${this.lastAnswer === 'unknown' ? 'incomplete quantifiers' : ''}")\n`;
    }
    return { output, stopped };
  }

  interrupt(): void {
    this.interrupted = true;
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
