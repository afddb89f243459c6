/**
 * `warrant evaluate KB_DIR [--json] [--timeout MS]`: DS004's strategy matrix over every
 * FormalProposal in a folder (`*.json`, not `*.expected.json`, by name): z3 and cvc5 ×
 * incremental and one-shot × NoIntuition, VSA HRR and VSA HDC (src/core/proposal/
 * strategyMatrix.ts). A solver that cannot start here is reported for each of its
 * strategies, never given a verdict. Exit 0; 1 when strategies disagree on a proposal
 * (one of them is unsound) or a proposal stops at a gate; 2 for usage errors and a
 * folder that cannot be read.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { MatrixCase, MatrixReport, SolverId } from '../../core/proposal/index.ts';
import { runStrategyMatrix } from '../../core/proposal/index.ts';
import { Cvc5MissingError, Cvc5Solver } from '../../solvers/cvc5Solver.ts';
import { nodeSolverFactory } from '../../solvers/nodeSolvers.ts';
import { makeZ3Solver, shutdownZ3, Z3StartError } from '../../solvers/z3Node.ts';
import { CliFailure, usageFailure } from '../../node/cliFailure.ts';
import { describeIoError, readInput } from '../../node/readInput.ts';
import { parseCommandLine } from '../commandLine.ts';
import { writeStdout } from '../output.ts';
import { matrixText } from '../matrixReport.ts';

/** The longest `--timeout` per run accepted: ten minutes. */
const MAX_RUN_TIMEOUT_MS = 600_000;

export async function runEvaluate(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('evaluate', args, { flags: ['json'], values: { timeout: null } });
  if (cl.positionals.length !== 1) throw usageFailure('evaluate takes exactly one KB_DIR (a folder of FormalProposal .json files)', 'evaluate');
  const timeoutText = cl.values.get('timeout') ?? '4000';
  if (!/^[0-9]{1,9}$/.test(timeoutText) || Number(timeoutText) < 1 || Number(timeoutText) > MAX_RUN_TIMEOUT_MS) {
    throw usageFailure(`--timeout must be a whole number of milliseconds from 1 to ${MAX_RUN_TIMEOUT_MS} (got ${JSON.stringify(timeoutText)})`, 'evaluate');
  }
  const dir = cl.positionals[0]!;
  const cases = await readCases(dir);
  let report: MatrixReport;
  try {
    const missing = await missingSolvers();
    report = await runStrategyMatrix(cases, { solverFactory: nodeSolverFactory, missing, timeoutMs: Number(timeoutText) });
  } finally {
    await shutdownZ3();
  }
  await writeStdout(cl.flags.has('json') ? JSON.stringify(report) + '\n' : matrixText(dir, report));
  return report.summary.disagree > 0 || report.summary.gate > 0 ? 1 : 0;
}

async function readCases(dir: string): Promise<MatrixCase[]> {
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile() && e.name.endsWith('.json') && !e.name.endsWith('.expected.json')).map((e) => e.name);
  } catch (e) {
    throw new CliFailure(`cannot read the folder ${dir}: ${describeIoError(e)}`);
  }
  names.sort();
  if (names.length === 0) throw new CliFailure(`${dir} holds no .json proposals`);
  const cases: MatrixCase[] = [];
  for (const name of names) cases.push({ name, text: (await readInput(join(dir, name))).text });
  return cases;
}

/** Each solver that cannot start here, with the sentence that says why. */
async function missingSolvers(): Promise<Map<SolverId, string>> {
  const missing = new Map<SolverId, string>();
  try {
    await (await makeZ3Solver()).close();
  } catch (e) {
    if (!(e instanceof Z3StartError)) throw e;
    missing.set('z3', e.message);
  }
  try {
    await (await Cvc5Solver.start({ finiteModelFind: false })).close();
  } catch (e) {
    if (!(e instanceof Cvc5MissingError)) throw e;
    missing.set('cvc5', e.message);
  }
  return missing;
}
