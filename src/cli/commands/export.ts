/**
 * `warrant export FILE --to FORMAT [--out PATH]`. The exporters are pure functions in
 * src/core/export; this command reads, analyses, lays out (svg only, with ELK) and
 * writes. A document with errors is still exported — the printer and the graph keep
 * what could be read — with its diagnostics on stderr and exit code 1.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { gaiaExportFiles } from '../../core/gaia/gaiaExportFiles.ts';
import type { InferenceMethod } from '../../core/infer/inferenceResult.ts';
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
import { EXPORT_FORMATS, FORMAT_LANGUAGE, isExportFormat, PLANNED_EXPORT_FORMATS } from '../exportFormats.ts';
import { LANGUAGES } from '../inputLanguage.ts';
import type { LoadedDocument } from '../loadDocument.ts';
import { loadDocument, packageOptionsOf } from '../loadDocument.ts';
import { describeIoError, STDIN_NAME } from '../readInput.ts';
import { writeStderr, writeStdout } from '../output.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';

export async function runExport(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('export', args, {
    values: { to: null, out: null, lang: LANGUAGES, method: ['auto', 'exact', 'jt', 'bp', 'trw_bp'], ...GAIA_PACKAGE_OPTIONS },
  });
  if (cl.positionals.length !== 1) throw usageFailure('export takes exactly one FILE (or - for standard input)', 'export');
  const to = cl.values.get('to');
  if (to === undefined) throw usageFailure(`export needs --to FORMAT (${EXPORT_FORMATS.join(', ')})`, 'export');
  const planned = PLANNED_EXPORT_FORMATS[to];
  if (planned !== undefined) throw new CliFailure(`export --to ${to} is not available in this version yet: ${planned}`);
  if (!isExportFormat(to)) throw usageFailure(`unknown export format ${JSON.stringify(to)}; use one of ${EXPORT_FORMATS.join(', ')}`, 'export');

  const out = cl.values.get('out');
  if (to === 'manifests' && out === undefined) throw usageFailure('export --to manifests writes a folder: give it with --out PATH', 'export');
  const doc = await loadDocument('export', cl.positionals[0]!, cl.values.get('lang'), packageOptionsOf(cl.values));
  const needs = FORMAT_LANGUAGE[to];
  if (needs && needs !== doc.language) {
    throw new CliFailure(`export --to ${to} needs a ${needs === 'gaia' ? 'Gaia package' : 'CLAIR trace'}; ${doc.input.name} is ${doc.language === 'gaia' ? 'a Gaia package' : 'a CLAIR trace'}`);
  }

  if (to === 'manifests') {
    await writeManifests(doc, out!);
  } else {
    const text = await render(to, doc, cl.values.get('method'));
    if (out === undefined) await writeStdout(text);
    else {
      try {
        await writeFile(out, text, 'utf8');
      } catch (e) {
        throw new CliFailure(`cannot write ${out}: ${describeIoError(e)}`);
      }
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

/** The manifest folder, as `gaia build compile` writes it beside ir.json. */
async function writeManifests(doc: LoadedDocument, folder: string): Promise<void> {
  const exported = gaiaExportFiles(doc.gaia!, 'manifests');
  if ('error' in exported) throw new CliFailure(`cannot export ${doc.input.name}: ${exported.error}`);
  try {
    for (const [path, text] of exported.files) {
      const target = join(folder, path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, text, 'utf8');
    }
  } catch (e) {
    throw new CliFailure(`cannot write ${folder}: ${describeIoError(e)}`);
  }
}

async function render(format: Exclude<ExportFormat, 'manifests'>, doc: LoadedDocument, method: string | undefined): Promise<string> {
  const { graph, derived, diagnostics } = doc.analysis;
  const input: ExportInput = { graph, derived, diagnostics };
  switch (format) {
    case 'gaia-ir':
    case 'beliefs': {
      const exported = gaiaExportFiles(doc.gaia!, format, { method: (method ?? 'auto') as InferenceMethod });
      if ('error' in exported) throw new CliFailure(`cannot export ${doc.input.name}: ${exported.error}`);
      return [...exported.files.values()][0]!;
    }
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
