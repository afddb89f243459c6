/**
 * `warrant audit ANSWER --against FILE [--json] [--ops LOG.jsonl]` (docs/contract.md §1.8,
 * §3): checks an answer text against FILE's open contradictions — the document's own, and
 * with `--ops` the session's (corrections, resolutions) — through the core audit
 * (src/core/contradiction/answerAudit.ts), and prints each use of a contradicted claim
 * with its caveat or the lack of one, then the CRT metrics.
 * Exit 0: no contradicted claim asserted without a caveat; 1: at least one is (the
 * language layer's FAILURE), or FILE has errors (its diagnostics, as `check`); 2: usage,
 * I/O, or an answer that is empty or over the size limit.
 */
import type { AnswerAudit } from '../../core/contradiction/answerAudit.ts';
import { auditAnswer } from '../../core/contradiction/answerAudit.ts';
import { reintroductionOfLedger } from '../../core/contradiction/reintroductionFlag.ts';
import { CliFailure, usageFailure } from '../../node/cliFailure.ts';
import { LANGUAGES } from '../../node/inputLanguage.ts';
import { loadDocument, packageOptionsOf } from '../../node/loadDocument.ts';
import type { DocumentArg, PackageOptions } from '../../node/loadDocument.ts';
import { readInput } from '../../node/readInput.ts';
import type { InputText } from '../../node/readInput.ts';
import { parseCommandLine } from '../commandLine.ts';
import type { CommandReport } from '../commandReport.ts';
import { writeReport } from '../commandReport.ts';
import type { CheckJson } from '../diagnosticReport.ts';
import { checkJson, diagnosticLine, diagnosticText, hasErrors } from '../diagnosticReport.ts';
import { documentExplanations } from '../documentExplanations.ts';
import type { LogAllowances } from '../opsFile.ts';
import { LOG_FLAGS, logAllowances, readOpsLog } from '../opsFile.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';

/** `audit --json`: which answer, against which document, then the audit. */
export interface AuditJson extends AnswerAudit {
  readonly answer: string;
  readonly against: string;
}

export async function runAudit(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('audit', args, { flags: ['json', ...LOG_FLAGS], values: { against: null, lang: LANGUAGES, ops: null, ...GAIA_PACKAGE_OPTIONS } });
  if (cl.positionals.length !== 1) throw usageFailure('audit takes one ANSWER file (or - for standard input)', 'audit');
  const against = cl.values.get('against');
  if (against === undefined) throw usageFailure('audit needs --against FILE: the document whose contradictions the answer is checked against', 'audit');
  const answerArg = cl.positionals[0]!;
  const opsPath = cl.values.get('ops');
  const dashes = [answerArg, against, opsPath].filter((a) => a === '-').length;
  if (dashes > 1) throw usageFailure('standard input (-) can be read only once', 'audit');
  const allow = logAllowances(cl.flags, 'audit', opsPath !== undefined);
  const report = await auditReport({ answer: answerArg, against, lang: cl.values.get('lang'), pkg: packageOptionsOf(cl.values), ops: opsPath, allow });
  return writeReport(report, cl.flags.has('json'));
}

export interface AuditRequest {
  /** The answer: a path (or - for standard input), or its text in hand. */
  readonly answer: string | InputText;
  /** The document whose open contradictions the answer is checked against. */
  readonly against: DocumentArg;
  readonly lang?: string | undefined;
  readonly pkg?: PackageOptions;
  /** `--ops LOG.jsonl`: the session's log, whose corrections and resolutions count too. */
  readonly ops?: string | undefined;
  readonly allow?: LogAllowances;
}

/** Each use of a contradicted claim and the CRT metrics; exit 1 when one is asserted without a caveat, or the document has errors (its diagnostics). */
export async function auditReport(request: AuditRequest): Promise<CommandReport<AuditJson | CheckJson>> {
  const answer = typeof request.answer === 'string' ? await readInput(request.answer) : request.answer;
  const doc = await loadDocument('audit', request.against, request.lang, request.pkg);
  if (hasErrors([doc])) return { exitCode: 1, json: checkJson([doc]), text: () => diagnosticText([doc]), notes: '' };
  const log = request.ops === undefined ? null : await readOpsLog(request.ops, request.allow);
  const explained = documentExplanations(doc, log?.applied ?? []);
  const flags = reintroductionOfLedger(doc.analysis.graph, explained.ledger);
  const result = auditAnswer(answer.text, doc.analysis.graph, flags);
  if (!result.ok) throw new CliFailure(`audit: ${answer.name}: ${result.problem}`);

  const notes = doc.analysis.diagnostics.map((d) => diagnosticLine(doc.input.name, d) + '\n').join('');
  const out: AuditJson = { answer: answer.name, against: doc.input.name, ...result.audit };
  return { exitCode: result.audit.pass && !log?.broken ? 0 : 1, json: out, text: () => auditText(out), notes };
}

/** The readable form: each use, then the metrics and the verdict. */
export function auditText(out: AuditJson): string {
  const lines = [`${out.answer} against ${out.against}: ${out.open_contradictions} open contradiction${out.open_contradictions === 1 ? '' : 's'}`];
  for (const u of out.uses) {
    const how = u.asserted ? 'asserted without a caveat' : `caveated ("${u.caveat}")`;
    lines.push(`  line ${u.line}, column ${u.column}: ${u.claim} [${u.contradictions.join(', ')}] by ${u.matched}: ${how}`, `    "${u.excerpt}"`);
  }
  if (out.uses.length === 0) lines.push('  the answer uses no contradicted claim');
  lines.push('', ...Object.entries(out.metrics).map(([k, v]) => `${k} ${v}`), '', out.pass ? 'PASS' : 'FAIL: the answer asserts a contradicted claim as settled');
  return lines.join('\n') + '\n';
}
