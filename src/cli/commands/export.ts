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
import { auditRecords } from '../../core/contradiction/contradictionLedger.ts';
import { canonicalJson } from '../../core/oplog/canonicalJson.ts';
import { textHash } from '../../core/oplog/opId.ts';
import { appendSigned } from '../../core/oplog/signOperation.ts';
import { loadOrCreateDeviceKey } from '../deviceKeyFile.ts';
import { documentExplanations } from '../documentExplanations.ts';
import { readOpsLog } from '../opsFile.ts';
import type { ProveMode } from '../../core/proposal/index.ts';
import { checkProposal, PROVE_MODES } from '../../core/proposal/index.ts';

export async function runExport(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('export', args, {
    values: { to: null, out: null, ops: null, lang: LANGUAGES, method: ['auto', 'exact', 'jt', 'bp', 'trw_bp'], mode: PROVE_MODES, ...GAIA_PACKAGE_OPTIONS },
  });
  if (cl.positionals.length !== 1) throw usageFailure('export takes exactly one FILE (or - for standard input)', 'export');
  const to = cl.values.get('to');
  if (to === undefined) throw usageFailure(`export needs --to FORMAT (${EXPORT_FORMATS.join(', ')})`, 'export');
  const planned = PLANNED_EXPORT_FORMATS[to];
  if (planned !== undefined) throw new CliFailure(`export --to ${to} is not available in this version yet: ${planned}`);
  if (!isExportFormat(to)) throw usageFailure(`unknown export format ${JSON.stringify(to)}; use one of ${EXPORT_FORMATS.join(', ')}`, 'export');

  const out = cl.values.get('out');
  const opsPath = cl.values.get('ops');
  if (opsPath !== undefined && to !== 'explanations' && to !== 'oplog') throw usageFailure('--ops is for export --to explanations or oplog', 'export');
  if (opsPath === '-' && cl.positionals[0] === '-') throw usageFailure('standard input (-) can be read only once', 'export');
  if (to === 'manifests' && out === undefined) throw usageFailure('export --to manifests writes a folder: give it with --out PATH', 'export');
  if (cl.values.has('mode') && to !== 'smtlib') throw usageFailure('--mode is for export --to smtlib', 'export');
  const doc = await loadDocument('export', cl.positionals[0]!, cl.values.get('lang'), packageOptionsOf(cl.values));
  const needs = FORMAT_LANGUAGE[to] ?? (doc.language === 'proposal' ? 'graph' : undefined);
  if (needs && needs !== doc.language) {
    throw new CliFailure(`export --to ${to} needs ${DOCUMENT_KINDS[needs]}; ${doc.input.name} is ${DOCUMENT_KINDS[doc.language]}`);
  }
  if (to === 'smtlib') return exportSmtlib(doc, cl.values.get('mode') as ProveMode | undefined, out);

  if (to === 'manifests') {
    await writeManifests(doc, out!);
  } else {
    const text = to === 'explanations' || to === 'oplog' ? await renderSession(to, doc, opsPath) : await render(to, doc, cl.values.get('method'));
    await writeText(out, text);
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

const DOCUMENT_KINDS: Readonly<Record<string, string>> = {
  clair: 'a CLAIR trace',
  gaia: 'a Gaia package',
  proposal: 'a FormalProposal',
  graph: 'a CLAIR trace or a Gaia package',
};

async function writeText(out: string | undefined, text: string): Promise<void> {
  if (out === undefined) return writeStdout(text);
  try {
    await writeFile(out, text, 'utf8');
  } catch (e) {
    throw new CliFailure(`cannot write ${out}: ${describeIoError(e)}`);
  }
}

/**
 * `smtlib`: the deterministic SMT-LIB2 of a FormalProposal (for its own mode, or
 * `--mode`). Nothing is written when a gate fails: the emitter refuses unsafe input,
 * so the diagnostics go to stderr and the exit code is 1.
 */
async function exportSmtlib(doc: LoadedDocument, mode: ProveMode | undefined, out: string | undefined): Promise<number> {
  const check = mode ? checkProposal(doc.input.text, { mode }) : doc.proposal!;
  const report = check.diagnostics.map((d) => diagnosticLine(doc.input.name, d) + '\n').join('');
  if (check.smtlib === null) {
    await writeStderr(report + `warrant: ${doc.input.name} did not pass the ${check.gate} gate; no SMT-LIB2 was written\n`);
    return 1;
  }
  await writeText(out, check.smtlib);
  await writeStderr(report);
  return 0;
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

/**
 * `explanations`: one record per belief as JSON lines, then the reintroduction audit
 * computed from those very records. `oplog`: the session's log as JSON lines of signed
 * ops in canonical JSON — the given `--ops` log verified and re-emitted, or, for a plain
 * document, one `revision` op signed with the command line's device key.
 */
async function renderSession(format: 'explanations' | 'oplog', doc: LoadedDocument, opsPath: string | undefined): Promise<string> {
  const log = opsPath === undefined ? null : await readOpsLog(opsPath);
  if (format === 'explanations') {
    const { explainer, ledger } = documentExplanations(doc, log?.applied ?? []);
    const records = explainer.explainAll();
    const lines = records.map((r) => JSON.stringify(r));
    lines.push(JSON.stringify({ audit: auditRecords(records, ledger) }));
    return lines.join('\n') + '\n';
  }
  if (log !== null) return log.applied.map((op) => canonicalJson(op) + '\n').join('');
  const key = await loadOrCreateDeviceKey();
  const hash = textHash(doc.input.text);
  const revision = appendSigned(
    { session: `cli-${hash.slice(3, 19)}`, last: null },
    { kind: 'revision', text_hash: hash, language: doc.language, length: doc.input.text.length },
    key,
    { source: 'cli' },
  );
  return canonicalJson(revision) + '\n';
}

async function render(format: Exclude<ExportFormat, 'manifests' | 'explanations' | 'oplog' | 'smtlib'>, doc: LoadedDocument, method: string | undefined): Promise<string> {
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
