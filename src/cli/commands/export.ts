/**
 * `warrant export FILE --to FORMAT [--out PATH]`. The exporters are pure functions in
 * src/core/export; this command reads, analyses, lays out (svg only, with ELK) and
 * writes. A document with errors is still exported — the printer and the graph keep
 * what could be read — with its diagnostics on stderr and exit code 1.
 */
import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { exportClair } from '../../core/export/exportClair.ts';
import { GRAPH_EXPORTS } from '../../core/export/graphExports.ts';
import type { ExportInput } from '../../core/export/exportInput.ts';
import { exportSvg } from '../../core/export/exportSvg.ts';
import type { Positions } from '../../core/layout/layoutTypes.ts';
import { toLayoutInput } from '../../core/layout/toLayoutInput.ts';
import { CliFailure, usageFailure } from '../cliFailure.ts';
import { parseCommandLine } from '../commandLine.ts';
import { diagnosticLine, hasErrors } from '../diagnosticReport.ts';
import type { ExportFormat } from '../exportFormats.ts';
import { EXPORT_FORMATS, isExportFormat, PLANNED_EXPORT_FORMATS } from '../exportFormats.ts';
import { LANGUAGES } from '../inputLanguage.ts';
import type { LoadedDocument } from '../loadDocument.ts';
import { loadDocument } from '../loadDocument.ts';
import { describeIoError, STDIN_NAME } from '../readInput.ts';
import { writeStderr, writeStdout } from '../output.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';

export async function runExport(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('export', args, {
    values: { to: null, out: null, lang: LANGUAGES, ...GAIA_PACKAGE_OPTIONS },
  });
  if (cl.positionals.length !== 1) throw usageFailure('export takes exactly one FILE (or - for standard input)', 'export');
  const to = cl.values.get('to');
  if (to === undefined) throw usageFailure(`export needs --to FORMAT (${EXPORT_FORMATS.join(', ')})`, 'export');
  const planned = PLANNED_EXPORT_FORMATS[to];
  if (planned !== undefined) throw new CliFailure(`export --to ${to} is not available in this version yet: ${planned}`);
  if (!isExportFormat(to)) throw usageFailure(`unknown export format ${JSON.stringify(to)}; use one of ${EXPORT_FORMATS.join(', ')}`, 'export');

  const doc = await loadDocument('export', cl.positionals[0]!, cl.values.get('lang'));
  const text = await render(to, doc);

  const out = cl.values.get('out');
  if (out === undefined) await writeStdout(text);
  else {
    try {
      await writeFile(out, text, 'utf8');
    } catch (e) {
      throw new CliFailure(`cannot write ${out}: ${describeIoError(e)}`);
    }
  }

  // Diagnostics go to stderr: stdout may be the exported file itself.
  const report = doc.analysis.diagnostics.map((d) => diagnosticLine(doc.input.name, d) + '\n').join('');
  if (!hasErrors([doc])) {
    await writeStderr(report);
    return 0;
  }
  await writeStderr(report + `warrant: exported ${doc.input.name} although it has errors; see above\n`);
  return 1;
}

async function render(format: ExportFormat, doc: LoadedDocument): Promise<string> {
  const { graph, derived, diagnostics } = doc.analysis;
  const input: ExportInput = { graph, derived, diagnostics };
  switch (format) {
    case 'clair':
      return exportClair(doc.input.text);
    case 'json':
    case 'dot':
    case 'graphml':
      return GRAPH_EXPORTS[format](input);
    case 'svg': {
      // ELK is loaded only when a picture is asked for: it is the heaviest import here.
      const { layoutWithElk } = await import('../../elk/layoutWithElk.ts');
      let positions: Positions = {};
      try {
        if (graph.nodes.length > 0) positions = await layoutWithElk(toLayoutInput(graph));
      } catch (e) {
        // ELK can fail on very large inputs (deep recursion); say so rather than crash.
        throw new CliFailure(`cannot lay out ${doc.input.name} for the picture: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
      }
      const title = doc.input.name === STDIN_NAME ? 'Warrant reasoning graph' : basename(doc.input.name);
      return exportSvg({ graph, positions, derived, title });
    }
  }
}
