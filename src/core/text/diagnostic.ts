import type { SourceRange } from './sourceRange.ts';

export type Severity = 'error' | 'warning' | 'info';

/** One text replacement, in the same coordinates as diagnostics. */
export interface TextEdit {
  readonly range: SourceRange;
  readonly text: string;
}

/** A suggested repair that an editor can offer as a quick fix. */
export interface DiagnosticFix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
}

/**
 * A finding about the text. Diagnostics are data: the codes are stable and listed in
 * the contract; messages are for people and may change.
 */
export interface Diagnostic {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  readonly range: SourceRange;
  /** The belief (or claim) the finding is about, when the line defines one. */
  readonly subject?: string;
  /** In a document of several files (a Gaia package): the file, relative to its root. */
  readonly file?: string;
  readonly fixes?: readonly DiagnosticFix[];
}

/** Sort key: by position, then errors before warnings before info, then code. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return a.range.line - b.range.line || a.range.column - b.range.column || severityRank(a.severity) - severityRank(b.severity) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

export function severityRank(s: Severity): number {
  return s === 'error' ? 0 : s === 'warning' ? 1 : 2;
}

export function countBySeverity(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number; infos: number } {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
    else infos++;
  }
  return { errors, warnings, infos };
}
