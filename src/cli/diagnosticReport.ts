/**
 * Diagnostics as `check` prints them: `file:line:col: severity code: message` lines
 * and a summary, or the JSON of docs/contract.md §1.1. `infer` and `export` reuse both for
 * documents with errors.
 */
import type { DiagnosticRecord } from '../core/export/diagnosticRecord.ts';
import { toDiagnosticRecord } from '../core/export/diagnosticRecord.ts';
import type { Language } from '../core/graph/reasoningGraph.ts';
import type { Diagnostic } from '../core/text/diagnostic.ts';
import { countBySeverity } from '../core/text/diagnostic.ts';
import type { LoadedDocument } from '../node/loadDocument.ts';

export interface CheckJson {
  readonly files: readonly {
    readonly file: string;
    readonly language: Language;
    readonly diagnostics: readonly DiagnosticRecord[];
  }[];
}

export function checkJson(docs: readonly LoadedDocument[]): CheckJson {
  return {
    files: docs.map((d) => ({
      file: d.input.name,
      language: d.language,
      diagnostics: d.analysis.diagnostics.map(toDiagnosticRecord),
    })),
  };
}

/** `file:line:col: …`; in a package, the module's path relative to the package root. */
export function diagnosticLine(file: string, d: Diagnostic): string {
  return `${d.file ?? file}:${d.range.line}:${d.range.column}: ${d.severity} ${d.code}: ${d.message}`;
}

/** Every diagnostic line of every document, then one summary line. */
export function diagnosticText(docs: readonly LoadedDocument[]): string {
  const lines: string[] = [];
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const doc of docs) {
    for (const d of doc.analysis.diagnostics) lines.push(diagnosticLine(doc.input.name, d));
    const c = countBySeverity(doc.analysis.diagnostics);
    errors += c.errors;
    warnings += c.warnings;
    infos += c.infos;
  }
  lines.push(summaryLine(checkedWhat(docs), errors, warnings, infos));
  return lines.join('\n') + '\n';
}

/**
 * What was checked, counted as a person counts it: one file per file given, and a package
 * folder as its modules — the package's own `.py` files Gaia ran, not the one document
 * they were read into ("1 package of 14 modules", not "1 file").
 */
function checkedWhat(docs: readonly LoadedDocument[]): string {
  let files = 0;
  let packages = 0;
  let modules = 0;
  for (const d of docs) {
    if (d.files && d.gaia) {
      packages++;
      for (const path of d.gaia.files.keys()) if (d.files.has(path)) modules++;
    } else files++;
  }
  const parts: string[] = [];
  if (files > 0 || packages === 0) parts.push(plural(files, 'file'));
  if (packages > 0) parts.push(`${plural(packages, 'package')} of ${plural(modules, 'module')}`);
  return parts.join(' and ');
}

function summaryLine(what: string, errors: number, warnings: number, infos: number): string {
  const checked = `${what} checked`;
  if (errors + warnings + infos === 0) return `${checked}: no problems`;
  const parts = [plural(errors, 'error'), plural(warnings, 'warning')];
  if (infos > 0) parts.push(plural(infos, 'note'));
  return `${checked}: ${parts.join(', ')}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function hasErrors(docs: readonly LoadedDocument[]): boolean {
  return docs.some((d) => d.analysis.diagnostics.some((x) => x.severity === 'error'));
}
