/**
 * The DS004 benchmark matrix of `warrant bench`: {z3, cvc5} × {NoIntuition, VSA
 * intuition with HRR, with HDC}, on HoloProof's reference proposals and on generated
 * knowledge bases of 100, 1k and 10k assertions (bench/generateProposalKb.ts: a goal
 * three rules away from its base fact, among distractors; one KB where it follows and
 * one where it does not). Each row reports the median time of `prove`, verdict
 * agreement with the known answer, and the candidates used (assertions active in the
 * final round).
 *
 * Baselines, measured in the same run: a VSA row against NoIntuition with the same
 * solver on the same input; a NoIntuition row against the naive way to ask the same
 * question — the standalone `export --to smtlib` script sent to a fresh solver in one
 * piece, no session, no push/pop.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { IntuitionMode, ProveResult, SolverId } from '../src/core/proposal/index.ts';
import { checkProposal, prove, verdictOf } from '../src/core/proposal/index.ts';
import { nodeSolverFactory } from '../src/solvers/nodeSolvers.ts';
import { shutdownZ3 } from '../src/solvers/z3Node.ts';
import type { BenchRow } from './benchTypes.ts';
import { generateProposalKb } from './generateProposalKb.ts';
import { median } from './measure.ts';

/** A row of the matrix, with what it found besides time. */
export interface ProveBenchRow extends BenchRow {
  readonly solver: SolverId;
  readonly intuition: IntuitionMode;
  /** Proposals whose verdict matched the known one, of all in the input. */
  readonly agreement: string;
  readonly verdicts: readonly string[];
  /** Assertions active in the final round, summed over the input's proposals, of all. */
  readonly candidates: number;
  readonly assertions: number;
  readonly rounds: number;
}

interface Case {
  readonly name: string;
  readonly text: string;
  readonly expected: string;
  readonly assertions: number;
}

interface Input {
  readonly label: string;
  readonly cases: readonly Case[];
  readonly runs: number;
  readonly timeoutMs: number;
}

const INTUITIONS: readonly IntuitionMode[] = ['none', 'hrr', 'hdc'];
const INTUITION_LABEL: Readonly<Record<IntuitionMode, string>> = { none: 'NoIntuition', hrr: 'VSA HRR', hdc: 'VSA HDC' };
const REFERENCE = fileURLToPath(new URL('../../shared/reference/holoproof/demo-proposals/', import.meta.url));

export async function runProveBench(options: { quick: boolean; onProgress?: (what: string) => void }, notes: string[]): Promise<BenchRow[]> {
  const progress = options.onProgress ?? (() => {});
  const solvers: SolverId[] = ['z3'];
  if (spawnSync('cvc5', ['--version']).status === 0) solvers.push('cvc5');
  else notes.push('prove: cvc5 is not installed, so the matrix has z3 rows only');

  const inputs = benchInputs(options.quick, notes);
  const rows: ProveBenchRow[] = [];
  try {
    for (const input of inputs) {
      for (const solver of solvers) {
        progress(`prove: ${input.label}, ${solver}`);
        const naive = await standaloneMs(input, solver);
        let noIntuitionMs = NaN;
        for (const intuition of INTUITIONS) {
          const row = await matrixRow(input, solver, intuition);
          if (intuition === 'none') noIntuitionMs = row.ms;
          rows.push(
            intuition === 'none'
              ? { ...row, baselineMs: naive, baselineName: 'naive: the standalone script in a fresh solver, one piece (no session, no push/pop)' }
              : { ...row, baselineMs: noIntuitionMs, baselineName: `NoIntuition, same solver and input` },
          );
        }
      }
    }
  } finally {
    await shutdownZ3();
  }
  notes.push('prove: agreement counts unknown (a timeout) as a miss; candidates are the assertions active in the final round');
  return rows;
}

function benchInputs(quick: boolean, notes: string[]): Input[] {
  const inputs: Input[] = [];
  if (existsSync(REFERENCE)) {
    const cases = readdirSync(REFERENCE)
      .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
      .sort()
      .map((f) => {
        const text = readFileSync(REFERENCE + f, 'utf8');
        const expected = (JSON.parse(readFileSync(REFERENCE + f.replace(/\.json$/, '.expected.json'), 'utf8')) as { verdict: string }).verdict;
        return { name: f.replace(/\.json$/, ''), text, expected, assertions: checkProposal(text).proposal?.assertions.length ?? 0 };
      });
    inputs.push({ label: `HoloProof reference (${cases.length})`, cases, runs: quick ? 3 : 7, timeoutMs: 10_000 });
  } else notes.push(`prove: ${REFERENCE} is absent, so the reference proposals are not in the matrix`);
  const sizes = quick ? [100, 1_000] : [100, 1_000, 10_000];
  if (quick) notes.push('prove: --quick leaves out the 10k-assertion knowledge bases');
  for (const size of sizes) {
    for (const entailed of [true, false]) {
      const kb = generateProposalKb({ size, entailed });
      inputs.push({
        label: `${size >= 1000 ? `${size / 1000}k` : size} assertions, ${entailed ? 'entailed' : 'not entailed'}`,
        cases: [{ name: `kb-${size}-${entailed}`, text: kb.text, expected: entailed ? 'entailed' : 'not-entailed', assertions: kb.assertions }],
        runs: size >= 10_000 ? 1 : quick ? 2 : 3,
        timeoutMs: 10_000,
      });
    }
  }
  return inputs;
}

/** Median over runs of the time to prove every case of the input, with the last run's findings. */
async function matrixRow(input: Input, solver: SolverId, intuition: IntuitionMode): Promise<ProveBenchRow> {
  const times: number[] = [];
  let results: ProveResult[] = [];
  // A warm-up run first (z3's WebAssembly module loads once per process), except for
  // inputs timed once: they come after smaller ones, which have warmed everything up.
  for (let run = input.runs > 1 ? -1 : 0; run < input.runs; run++) {
    const started = performance.now();
    const out: ProveResult[] = [];
    for (const c of input.cases) out.push(await prove(c.text, { solver, solverFactory: nodeSolverFactory, intuition, budgets: { timeoutMs: input.timeoutMs } }));
    if (run >= 0) times.push(performance.now() - started);
    results = out;
  }
  const verdicts = results.map((r) => r.verdict ?? `gate:${r.gate}`);
  const agree = results.filter((r, i) => r.verdict === input.cases[i]!.expected).length;
  const candidates = results.reduce((t, r) => t + (r.round_log.at(-1)?.active.length ?? 0), 0);
  const assertions = input.cases.reduce((t, c) => t + c.assertions, 0);
  const rounds = results.reduce((t, r) => t + r.rounds, 0);
  const unknown = results.filter((r) => r.verdict === 'unknown').map((r) => r.budget ?? r.solver_answer);
  return {
    name: `prove ${solver} ${INTUITION_LABEL[intuition]}`,
    size: input.label,
    ms: median(times),
    solver,
    intuition,
    agreement: `${agree}/${results.length}`,
    verdicts,
    candidates,
    assertions,
    rounds,
    note: `verdicts agree ${agree}/${results.length}; candidates ${candidates}/${assertions}; ${rounds} round${rounds === 1 ? '' : 's'}${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}`,
  };
}

/** The naive baseline: each case's standalone script, sent whole to a fresh solver. */
async function standaloneMs(input: Input, solver: SolverId): Promise<number> {
  const scripts = input.cases.map((c) => {
    const check = checkProposal(c.text);
    return { script: check.smtlib!, mode: check.mode!, quantified: check.smtlib!.includes('(forall ') || check.smtlib!.includes('(exists ') };
  });
  const times: number[] = [];
  for (let run = input.runs > 1 ? -1 : 0; run < input.runs; run++) {
    const started = performance.now();
    for (const s of scripts) {
      const solverInstance = await nodeSolverFactory(solver, { finiteModelFind: s.quantified });
      try {
        const reply = await solverInstance.run(s.script, { timeoutMs: input.timeoutMs });
        verdictOf(s.mode, reply.output, reply.stopped);
      } finally {
        await solverInstance.close();
      }
    }
    if (run >= 0) times.push(performance.now() - started);
  }
  return median(times);
}
