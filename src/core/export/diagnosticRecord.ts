/**
 * A diagnostic as the command line prints it in JSON (docs/contract.md §1.1): flat, 1-based
 * positions, and the belief it is about (null when the line defines none).
 */
import type { Diagnostic, Severity } from '../text/diagnostic.ts';

export interface DiagnosticRecord {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly belief: string | null;
  /** In a Gaia package: the module file, relative to the package root. */
  readonly file?: string;
}

export function toDiagnosticRecord(d: Diagnostic): DiagnosticRecord {
  return {
    severity: d.severity,
    code: d.code,
    message: d.message,
    line: d.range.line,
    column: d.range.column,
    endLine: d.range.endLine,
    endColumn: d.range.endColumn,
    belief: d.subject ?? null,
    ...(d.file !== undefined ? { file: d.file } : {}),
  };
}
