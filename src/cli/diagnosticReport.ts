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
  lines.push(summaryLine(docs.length, errors, warnings, infos));
  return lines.join('\n') + '\n';
}

function summaryLine(files: number, errors: number, warnings: number, infos: number): string {
  const checked = `${files} ${files === 1 ? 'file' : 'files'} checked`;
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
