/**
 * `warrant explain FILE ID [--json] [--ops LOG.jsonl]` (docs/contract.md §1.4): the explanation
 * record of one belief — a CLAIR id, a Gaia label or full QID — as JSON or as an
 * indented tree. With `--ops`, the session's log is verified and replayed first; ops
 * set aside are reported on stderr and do not count. A log that lost its head, or is
 * older than one this device has seen, is an error unless `--allow-headless` /
 * `--allow-rollback` say to read it anyway (opsFile.ts).
 */
import type { ExplanationRecord } from '../../core/explain/explainRecord.ts';
import { renderExplanation } from '../../core/explain/renderExplanation.ts';
import { CliFailure, usageFailure } from '../../node/cliFailure.ts';
import { parseCommandLine } from '../commandLine.ts';
import { namesMnemaLog } from '../mnemaLogFile.ts';
import type { CommandReport } from '../commandReport.ts';
import { writeReport } from '../commandReport.ts';
import type { CheckJson } from '../diagnosticReport.ts';
import { checkJson, diagnosticLine, diagnosticText, hasErrors } from '../diagnosticReport.ts';
import { documentExplanations } from '../documentExplanations.ts';
import { LANGUAGES } from '../../node/inputLanguage.ts';
import { loadDocument, packageOptionsOf } from '../../node/loadDocument.ts';
import type { DocumentArg, PackageOptions } from '../../node/loadDocument.ts';
import type { LogAllowances } from '../opsFile.ts';
import { LOG_FLAGS, logAllowances, readOpsLog } from '../opsFile.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';

export interface ExplainRequest {
  readonly file: DocumentArg;
  /** A CLAIR belief id, a Gaia label or full QID. */
  readonly id: string;
  readonly lang?: string | undefined;
  readonly pkg?: PackageOptions;
  /** `--ops LOG.jsonl`: the session's log, verified and replayed first. */
  readonly ops?: string | undefined;
  readonly allow?: LogAllowances;
}

export async function runExplain(args: readonly string[]): Promise<number> {
  // A Mnema session's log is a FILE too: its own command (commands/mnema.ts).
  if (await namesMnemaLog(args)) return (await import('./mnema.ts')).runMnemaExplain(args);
  const cl = parseCommandLine('explain', args, { flags: ['json', ...LOG_FLAGS], values: { lang: LANGUAGES, ops: null, ...GAIA_PACKAGE_OPTIONS } });
  if (cl.positionals.length !== 2) throw usageFailure('explain takes a FILE (or -) and a belief ID', 'explain');
  const [file, id] = cl.positionals as [string, string];
  const opsPath = cl.values.get('ops');
  const allow = logAllowances(cl.flags, 'explain', opsPath !== undefined);
  if (opsPath === '-' && file === '-') throw usageFailure('standard input (-) can be read only once', 'explain');
  const report = await explainReport({ file, id, lang: cl.values.get('lang'), pkg: packageOptionsOf(cl.values), ops: opsPath, allow });
  return writeReport(report, cl.flags.has('json'));
}

/** One belief's explanation record (docs/contract.md §1.4); a document with errors: its diagnostics, exit 1. */
export async function explainReport(request: ExplainRequest): Promise<CommandReport<ExplanationRecord | CheckJson>> {
  const doc = await loadDocument('explain', request.file, request.lang, request.pkg);
  if (hasErrors([doc])) return { exitCode: 1, json: checkJson([doc]), text: () => diagnosticText([doc]), notes: '' };
  const opsPath = request.ops;
  const log = opsPath === undefined ? null : await readOpsLog(opsPath, request.allow);
  const explained = documentExplanations(doc, log?.applied ?? []);
  const record = explained.explainer.explain(request.id);
  if (record === null) throw new CliFailure(`explain: ${request.id} is not a belief of ${doc.input.name}`);
  const notes = [
    ...doc.analysis.diagnostics.map((d) => diagnosticLine(doc.input.name, d) + '\n'),
    ...explained.model.skipped.map((s) => `warrant: ${opsPath}: op ${s.op_id} does not apply to ${doc.input.name}, skipped: ${s.message}\n`),
  ];
  // A log cut short, run past its head, under a forged head, headless or rolled back is an input with errors.
  return { exitCode: log?.broken ? 1 : 0, json: record, text: () => renderExplanation(record), notes: notes.join('') };
}
