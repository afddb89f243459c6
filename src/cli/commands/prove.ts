/**
 * `warrant prove FILE [--solver z3|cvc5] [--mode M] [--timeout MS] [--intuition none|hrr|hdc]
 * [--max-rounds N] [--max-active N] [--step N] [--world WORLD [--accept]] [--json]`
 * (docs/contract.md §1.6): the FormalProposal through the three gates (the registry gate
 * also against WORLD's registry), then through z3 (the z3-solver package) or cvc5 (its
 * executable), then its status in the world. Exit 0 for any verdict, `unknown`
 * included; 1 when a gate fails, the world log is broken, or `--accept` is refused; 2 for
 * usage errors and a missing cvc5.
 */
import type { IntuitionMode, ProveBudgets, ProveMode, ProveResult, SolverId, WorldProveOutcome, WorldProveResult } from '../../core/proposal/index.ts';
import { acceptanceBody, acceptanceRefusal, BUDGET_LIMITS, INTUITION_MODES, PROVE_MODES, proveInWorld, SOLVER_IDS, validBudget } from '../../core/proposal/index.ts';
import type { OpId } from '../../core/oplog/operation.ts';
import { usageFailure } from '../../node/cliFailure.ts';
import type { SolverRequest } from '../proveWithSolvers.ts';
import { MAX_TIMEOUT_MS, proveWithSolvers, timeoutFlag } from '../proveWithSolvers.ts';
import { parseCommandLine } from '../commandLine.ts';
import { diagnosticLine } from '../diagnosticReport.ts';
import { inputLanguage, LANGUAGES } from '../../node/inputLanguage.ts';
import { languageRow } from '../../core/languages/languageTable.ts';
import { loadDocument } from '../../node/loadDocument.ts';
import type { CommandReport } from '../commandReport.ts';
import { writeReport } from '../commandReport.ts';
import type { DocumentArg } from '../../node/loadDocument.ts';
import { proveReport } from '../proveReport.ts';
import type { LogAllowances } from '../opsFile.ts';
import { LOG_FLAGS, logAllowances } from '../opsFile.ts';
import type { WorldLog } from '../worldLogFile.ts';
import { appendAcceptance, openWorldLog } from '../worldLogFile.ts';
import { statusLines } from '../worldReport.ts';

export { MAX_TIMEOUT_MS };

export async function runProve(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('prove', args, {
    flags: ['json', 'accept', ...LOG_FLAGS],
    values: { solver: SOLVER_IDS, mode: PROVE_MODES, timeout: null, intuition: INTUITION_MODES, lang: LANGUAGES, 'max-rounds': null, 'max-active': null, step: null, world: null },
  });
  if (cl.positionals.length !== 1) throw usageFailure('prove takes exactly one FILE (or - for standard input)', 'prove');
  const file = cl.positionals[0]!;
  const request: ProveRequest = {
    file,
    lang: cl.values.get('lang'),
    solver: cl.values.get('solver') as SolverId | undefined,
    mode: cl.values.get('mode') as ProveMode | undefined,
    intuition: cl.values.get('intuition') as IntuitionMode | undefined,
    timeoutMs: timeoutFlag('prove', cl.values.get('timeout')),
    budgets: budgetFlags(cl.values),
    world: cl.values.get('world'),
    accept: cl.flags.has('accept'),
    allow: logAllowances(cl.flags, 'prove', cl.values.has('world')),
  };
  if (request.accept && request.world === undefined) throw usageFailure('--accept needs --world WORLD (the world log the acceptance is appended to)', 'prove');
  if (request.world === '-' && (file === '-' || request.accept))
    throw usageFailure(request.accept ? '--accept writes the world: give --world a file, not -' : 'standard input (-) can be read only once: give the proposal or the world as a file', 'prove');
  return writeReport(await proveCommandReport(request), cl.flags.has('json'));
}

export interface ProveRequest extends SolverRequest {
  readonly file: DocumentArg;
  readonly lang?: string | undefined;
  /** `--world WORLD`: the world log whose registry the registry gate checks, and whose status is reported. */
  readonly world?: string | undefined;
  /** `--accept`: append a signed acceptance to the world when the verdict is a proof. */
  readonly accept?: boolean | undefined;
  readonly allow?: LogAllowances | undefined;
}

const BUDGET_FLAGS = [
  ['max-rounds', 'maxRounds'],
  ['max-active', 'maxActive'],
  ['step', 'step'],
] as const;

/** The budget flags given, each a whole number within the core's bounds (the page's fields use the same). */
function budgetFlags(values: ReadonlyMap<string, string>): Partial<Pick<ProveBudgets, 'maxRounds' | 'maxActive' | 'step'>> {
  const out: { maxRounds?: number; maxActive?: number; step?: number } = {};
  for (const [flag, field] of BUDGET_FLAGS) {
    const text = values.get(flag);
    if (text === undefined) continue;
    const { min, max } = BUDGET_LIMITS[field];
    if (!/^[0-9]{1,9}$/.test(text) || !validBudget(field, Number(text))) throw usageFailure(`--${flag} must be a whole number from ${min} to ${max} (got ${JSON.stringify(text)})`, 'prove');
    out[field] = Number(text);
  }
  return out;
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
  const worldLog = request.world === undefined ? null : await openWorldLog(request.world, request.allow);
  if (worldLog === null && request.world !== undefined)
    return { exitCode: 1, json: null, text: () => '', notes: `warrant: ${request.world}: the world log cannot be trusted, so nothing was proved against it\n` };
  const outcome: WorldProveOutcome = await proveWithSolvers(request, (options) => proveInWorld(doc.input.text, worldLog, options));
  const { check } = outcome;
  let result: ProveResult & { acceptance?: AcceptanceReport } = outcome.result;
  let exitCode = result.gate === null ? 0 : 1;
  let notes = worldLog ? outcome.world.problems.map((p) => `warrant: ${request.world}: warning: ${p}\n`).join('') : '';
  if (request.accept && worldLog) {
    const accepted = await acceptProof(worldLog, outcome);
    result = { ...outcome.result, ...(accepted.op ? { status: 'accepted' as const, contested_reasons: [] } : {}), acceptance: accepted };
    if (accepted.refused) {
      notes += `warrant: ${doc.input.name}: not accepted: ${accepted.refused}\n`;
      exitCode = 1;
    }
  }
  const final = result;
  // Findings that did not stop the run (warnings, notes) go to stderr beside the readable form, as export does; the JSON holds them already.
  const textNotes = final.gate === null ? check.diagnostics.map((d) => diagnosticLine(doc.input.name, d) + '\n').join('') : '';
  const text = () =>
    proveReport(doc.input.name, check.diagnostics, final) + statusLines(final as WorldProveResult) + (final.acceptance?.op ? `  accepted into ${request.world} as op ${final.acceptance.op}\n` : '');
  return { exitCode, json: final, text, notes, textNotes };
}

/** What `--accept` did: the op appended, or why none was. */
interface AcceptanceReport {
  readonly world: string;
  readonly op: string | null;
  readonly refused: string | null;
}

async function acceptProof(log: WorldLog, outcome: WorldProveOutcome): Promise<AcceptanceReport> {
  const r = outcome.result;
  const refused = acceptanceRefusal(r);
  if (refused !== null || !outcome.document || r.verdict === null) return { world: log.path, op: null, refused: refused ?? 'the proposal is not a JSON object' };
  const written = await appendAcceptance(log, acceptanceBody(outcome.document, r.proposal_hash as OpId, r.mode, r.verdict, r.solver));
  return typeof written === 'string' ? { world: log.path, op: null, refused: written } : { world: log.path, op: written.id, refused: null };
}
