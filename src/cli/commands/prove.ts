/**
 * `warrant prove FILE [--solver z3|cvc5] [--mode M] [--timeout MS] [--intuition none|hrr|hdc] [--json]`
 * (docs/contract.md §1.6): the FormalProposal through the three gates, then through z3 (the
 * z3-solver package) or cvc5 (its executable). Exit 0 for any verdict, `unknown`
 * included; 1 when a gate fails; 2 for usage errors and a missing cvc5.
 */
import type { ProveMode, ProveResult, IntuitionMode, SolverId } from '../../core/proposal/index.ts';
import { checkProposal, INTUITION_MODES, prove, PROVE_MODES, SOLVER_IDS } from '../../core/proposal/index.ts';
import { Cvc5MissingError } from '../../solvers/cvc5Solver.ts';
import { nodeSolverFactory } from '../../solvers/nodeSolvers.ts';
import { shutdownZ3, Z3StartError } from '../../solvers/z3Node.ts';
import { CliFailure, usageFailure } from '../../node/cliFailure.ts';
import { parseCommandLine } from '../commandLine.ts';
import { diagnosticLine } from '../diagnosticReport.ts';
import { inputLanguage, LANGUAGES } from '../../node/inputLanguage.ts';
import { languageRow } from '../../core/languages/languageTable.ts';
import { loadDocument } from '../../node/loadDocument.ts';
import type { CommandReport } from '../commandReport.ts';
import { writeReport } from '../commandReport.ts';
import type { DocumentArg } from '../../node/loadDocument.ts';
import { proveReport } from '../proveReport.ts';

/** The longest `--timeout` accepted: one day. */
const MAX_TIMEOUT_MS = 86_400_000;

export async function runProve(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('prove', args, {
    flags: ['json'],
    values: { solver: SOLVER_IDS, mode: PROVE_MODES, timeout: null, intuition: INTUITION_MODES, lang: LANGUAGES },
  });
  if (cl.positionals.length !== 1) throw usageFailure('prove takes exactly one FILE (or - for standard input)', 'prove');
  const file = cl.positionals[0]!;
  const timeoutText = cl.values.get('timeout') ?? '4000';
  if (!/^[0-9]{1,9}$/.test(timeoutText) || Number(timeoutText) < 1 || Number(timeoutText) > MAX_TIMEOUT_MS) {
    throw usageFailure(`--timeout must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (got ${JSON.stringify(timeoutText)})`, 'prove');
  }
  const request: ProveRequest = {
    file,
    lang: cl.values.get('lang'),
    solver: cl.values.get('solver') as SolverId | undefined,
    mode: cl.values.get('mode') as ProveMode | undefined,
    intuition: cl.values.get('intuition') as IntuitionMode | undefined,
    timeoutMs: Number(timeoutText),
  };
  return writeReport(await proveCommandReport(request), cl.flags.has('json'));
}

export interface ProveRequest {
  readonly file: DocumentArg;
  readonly lang?: string | undefined;
  readonly solver?: SolverId | undefined;
  /** Overrides the proposal's verificationMode. */
  readonly mode?: ProveMode | undefined;
  readonly intuition?: IntuitionMode | undefined;
  /** The solver's time budget, 1 ms to MAX_TIMEOUT_MS. */
  readonly timeoutMs: number;
}

/** The gates, then the solver's verdict (docs/contract.md §1.6): exit 1 when a gate fails. */
export async function proveCommandReport(request: ProveRequest): Promise<CommandReport<ProveResult>> {
  const { file } = request;
  // Standard input (or a text given) is a proposal here: prove reads nothing else.
  const stdin = typeof file !== 'string' || file === '-';
  const lang = request.lang ?? (stdin ? 'proposal' : undefined);
  const named = typeof file === 'string' ? file : (file.path ?? '-');
  const what = typeof file === 'string' ? file : file.name;
  if (languageRow(inputLanguage(named, lang)).view !== 'proof') throw usageFailure(`prove takes a FormalProposal (.json, or --lang proposal); ${what} is not one`, 'prove');
  const doc = await loadDocument('prove', file, 'proposal');
  const solver = request.solver ?? 'z3';
  const mode = request.mode;
  const check = mode ? checkProposal(doc.input.text, { mode }) : doc.proposal!;
  let result: ProveResult;
  try {
    result = await prove(check, {
      solver,
      solverFactory: nodeSolverFactory,
      ...(mode ? { mode } : {}),
      intuition: request.intuition ?? 'none',
      budgets: { timeoutMs: request.timeoutMs },
    });
  } catch (e) {
    if (e instanceof Cvc5MissingError || e instanceof Z3StartError) throw new CliFailure(e.message);
    throw e;
  } finally {
    await shutdownZ3();
  }
  // Findings that did not stop the run (warnings, notes) go to stderr beside the readable form, as export does; the JSON holds them already.
  const textNotes = result.gate === null ? check.diagnostics.map((d) => diagnosticLine(doc.input.name, d) + '\n').join('') : '';
  return { exitCode: result.gate === null ? 0 : 1, json: result, text: () => proveReport(doc.input.name, check.diagnostics, result), notes: '', textNotes };
}
