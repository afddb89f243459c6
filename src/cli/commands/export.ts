/**
 * `warrant export FILE --to FORMAT [--out PATH]`. The formats are the rows of the
 * exporter table (src/core/export/exporterTable.ts): this command checks the options a
 * row takes, reads and analyses the document, gathers the sources the row needs
 * (exportSources.ts: ELK for a picture, the `--ops` log or the device key for a
 * session's log) and writes what it makes. A document with errors is still exported —
 * the printer and the graph keep what could be read — with its diagnostics on stderr
 * and exit code 1.
 */
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { INFERENCE_METHODS } from '../../core/infer/inferenceResult.ts';
import type { InferenceMethod } from '../../core/infer/inferenceResult.ts';
import { languageRow, LANGUAGES } from '../../core/languages/languageTable.ts';
import { CliFailure, usageFailure } from '../../node/cliFailure.ts';
import { parseCommandLine } from '../commandLine.ts';
import { namesMnemaLog } from '../mnemaLogFile.ts';
import { diagnosticLine } from '../diagnosticReport.ts';
import { CLI_EXPORT_FORMATS, documentKindsOf, exporterOf, formatsTaking, isExportFormat, madeByCommandLine, orList, pictureRefusal, PLANNED_EXPORT_FORMATS } from '../exportFormats.ts';
import { cliExportSources } from '../exportSources.ts';
import { LOG_FLAGS, logAllowances } from '../opsFile.ts';
import { loadDocument, packageOptionsOf } from '../../node/loadDocument.ts';
import { makeFolder } from '../../node/makeFolder.ts';
import { describeIoError } from '../../node/readInput.ts';
import { writeStderr, writeStdout } from '../output.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';
import type { ProveMode } from '../../core/proposal/index.ts';
import { PROVE_MODES } from '../../core/proposal/index.ts';

export async function runExport(args: readonly string[]): Promise<number> {
  // A Mnema session's log is a FILE too: its own exports (src/core/mnema/mnemaExports.ts).
  if (await namesMnemaLog(args)) return (await import('./mnema.ts')).runMnemaExport(args);
  const cl = parseCommandLine('export', args, {
    flags: ['helpers', ...LOG_FLAGS],
    values: { to: null, out: null, ops: null, lang: LANGUAGES, method: INFERENCE_METHODS, mode: PROVE_MODES, ...GAIA_PACKAGE_OPTIONS },
  });
  if (cl.positionals.length !== 1) throw usageFailure('export takes exactly one FILE (or - for standard input)', 'export');
  const to = cl.values.get('to');
  if (to === undefined) throw usageFailure(`export needs --to FORMAT (${CLI_EXPORT_FORMATS.join(', ')})`, 'export');
  const planned = PLANNED_EXPORT_FORMATS[to];
  if (planned !== undefined) throw new CliFailure(`export --to ${to} is not available in this version yet: ${planned}`);
  if (!isExportFormat(to)) throw usageFailure(`unknown export format ${JSON.stringify(to)}; use one of ${CLI_EXPORT_FORMATS.join(', ')}`, 'export');
  const row = exporterOf(to);
  if (!madeByCommandLine(row)) throw usageFailure(pictureRefusal(row), 'export');

  const out = cl.values.get('out');
  const opsPath = cl.values.get('ops');
  const takenBy = (option: 'ops' | 'mode' | 'helpers') =>
    orList(
      formatsTaking(option)
        .filter(madeByCommandLine)
        .map((e) => e.id),
    );
  if (opsPath !== undefined && !row.options.includes('ops')) throw usageFailure(`--ops is for export --to ${takenBy('ops')}`, 'export');
  const allow = logAllowances(cl.flags, 'export', opsPath !== undefined);
  if (opsPath === '-' && cl.positionals[0] === '-') throw usageFailure('standard input (-) can be read only once', 'export');
  if (row.output === 'files' && out === undefined) throw usageFailure(`export --to ${to} writes a folder: give it with --out PATH`, 'export');
  if (cl.values.has('mode') && !row.options.includes('mode')) throw usageFailure(`--mode is for export --to ${takenBy('mode')}`, 'export');
  const showHelpers = cl.flags.has('helpers');
  if (showHelpers && !row.options.includes('helpers')) throw usageFailure(`--helpers is for export --to ${takenBy('helpers')}`, 'export');
  const doc = await loadDocument('export', cl.positionals[0]!, cl.values.get('lang'), packageOptionsOf(cl.values));
  if (!row.languages.includes(doc.language)) {
    throw new CliFailure(`export --to ${to} needs ${documentKindsOf(row)}; ${doc.input.name} is ${languageRow(doc.language).documentKind}`);
  }

  const { sources, logBroken } = await cliExportSources(row.needs, doc, { opsPath, allow, mode: cl.values.get('mode') as ProveMode | undefined, showHelpers });
  const result = await row.run(sources, { method: cl.values.get('method') as InferenceMethod | undefined });
  if ('error' in result) throw new CliFailure(`cannot export ${doc.input.name}: ${result.error}`);
  // Diagnostics go to stderr: stdout may be the exported file itself.
  const diagnostics = ('diagnostics' in result ? result.diagnostics : undefined) ?? doc.analysis.diagnostics;
  const report = diagnostics.map((d) => diagnosticLine(doc.input.name, d) + '\n').join('');
  if ('refused' in result) {
    // Nothing is written: e.g. a proposal that does not pass a gate has no SMT-LIB2.
    await writeStderr(report + `warrant: ${doc.input.name} ${result.refused}\n`);
    return 1;
  }
  if ('picture' in result) throw new CliFailure(pictureRefusal(row));
  if ('files' in result) await writeFolder(out!, result.files);
  else await writeText(out, result.text);

  if (!diagnostics.some((d) => d.severity === 'error')) {
    await writeStderr(report);
    // The log's problems are on stderr already: what was exported is what could be trusted.
    return logBroken ? 1 : 0;
  }
  await writeStderr(report + `warrant: exported ${doc.input.name} although it has errors; see above\n`);
  return 1;
}

async function writeText(out: string | undefined, text: string): Promise<void> {
  if (out === undefined) return writeStdout(text);
  try {
    await writeFile(out, text, 'utf8');
  } catch (e) {
    throw new CliFailure(`cannot write ${out}: ${describeIoError(e)}`);
  }
}

/** Several files (the Gaia manifests) into a folder, as `gaia build compile` lays them out. */
async function writeFolder(folder: string, files: ReadonlyMap<string, string>): Promise<void> {
  try {
    for (const [path, text] of files) {
      const target = join(folder, path);
      await makeFolder(dirname(target));
      await writeFile(target, text, 'utf8');
    }
  } catch (e) {
    throw new CliFailure(`cannot write ${folder}: ${describeIoError(e)}`);
  }
}
