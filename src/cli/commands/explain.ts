/**
 * `warrant explain FILE ID [--json] [--ops LOG.jsonl]` (docs/contract.md §1.4): the explanation
 * record of one belief — a CLAIR id, a Gaia label or full QID — as JSON or as an
 * indented tree. With `--ops`, the session's log is verified and replayed first; ops
 * set aside are reported on stderr and do not count. A log that lost its head, or is
 * older than one this device has seen, is an error unless `--allow-headless` /
 * `--allow-rollback` say to read it anyway (opsFile.ts).
 */
import { renderExplanation } from '../../core/explain/renderExplanation.ts';
import { CliFailure, usageFailure } from '../../node/cliFailure.ts';
import { parseCommandLine } from '../commandLine.ts';
import { namesMnemaLog } from '../mnemaLogFile.ts';
import { checkJson, diagnosticLine, diagnosticText, hasErrors } from '../diagnosticReport.ts';
import { documentExplanations } from '../documentExplanations.ts';
import { LANGUAGES } from '../../node/inputLanguage.ts';
import { loadDocument, packageOptionsOf } from '../../node/loadDocument.ts';
import { LOG_FLAGS, logAllowances, readOpsLog } from '../opsFile.ts';
import { writeStderr, writeStdout } from '../output.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';

export async function runExplain(args: readonly string[]): Promise<number> {
  // A Mnema session's log is a FILE too: its own command (commands/mnema.ts).
  if (await namesMnemaLog(args)) return (await import('./mnema.ts')).runMnemaExplain(args);
  const cl = parseCommandLine('explain', args, { flags: ['json', ...LOG_FLAGS], values: { lang: LANGUAGES, ops: null, ...GAIA_PACKAGE_OPTIONS } });
  if (cl.positionals.length !== 2) throw usageFailure('explain takes a FILE (or -) and a belief ID', 'explain');
  const [file, id] = cl.positionals as [string, string];
  const json = cl.flags.has('json');
  const doc = await loadDocument('explain', file, cl.values.get('lang'), packageOptionsOf(cl.values));
  const opsPath = cl.values.get('ops');
  const allow = logAllowances(cl.flags, 'explain', opsPath !== undefined);
  if (opsPath === '-' && file === '-') throw usageFailure('standard input (-) can be read only once', 'explain');
  if (hasErrors([doc])) {
    await writeStdout(json ? JSON.stringify(checkJson([doc])) + '\n' : diagnosticText([doc]));
    return 1;
  }
  const log = opsPath === undefined ? null : await readOpsLog(opsPath, allow);
  const explained = documentExplanations(doc, log?.applied ?? []);
  const record = explained.explainer.explain(id);
  if (record === null) throw new CliFailure(`explain: ${id} is not a belief of ${doc.input.name}`);
  const notes = [
    ...doc.analysis.diagnostics.map((d) => diagnosticLine(doc.input.name, d) + '\n'),
    ...explained.model.skipped.map((s) => `warrant: ${opsPath}: op ${s.op_id} does not apply to ${doc.input.name}, skipped: ${s.message}\n`),
  ];
  await writeStderr(notes.join(''));
  await writeStdout(json ? JSON.stringify(record) + '\n' : renderExplanation(record));
  // A log cut short, run past its head, under a forged head, headless or rolled back is an input with errors.
  return log?.broken ? 1 : 0;
}
