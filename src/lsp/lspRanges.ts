/**
 * Warrant's ranges (1-based lines and columns, end exclusive, UTF-16 code units) and the
 * Language Server Protocol's (0-based lines and characters, UTF-16 by default): the same
 * positions, shifted by one.
 */
import type { Diagnostic as LspDiagnostic, Range, TextEdit as LspTextEdit } from 'vscode-languageserver';
import { DiagnosticSeverity } from 'vscode-languageserver';
import type { Diagnostic, TextEdit } from '../core/text/diagnostic.ts';
import type { SourceRange } from '../core/text/sourceRange.ts';

export function toLspRange(r: SourceRange): Range {
  return { start: { line: r.line - 1, character: r.column - 1 }, end: { line: r.endLine - 1, character: r.endColumn - 1 } };
}

export function fromLspRange(r: Range): SourceRange {
  return { line: r.start.line + 1, column: r.start.character + 1, endLine: r.end.line + 1, endColumn: r.end.character + 1 };
}

export function toLspEdit(e: TextEdit): LspTextEdit {
  return { range: toLspRange(e.range), newText: e.text };
}

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information } as const;

/** A diagnostic as `warrant check --json` reports it: the same code, range and message. */
export function toLspDiagnostic(d: Diagnostic): LspDiagnostic {
  return { range: toLspRange(d.range), severity: SEVERITY[d.severity], code: d.code, source: 'warrant', message: d.message };
}
