/**
 * Quick fixes: the repairs the validator attaches to its diagnostics, found again from
 * the code and range an editor hands back with a marker or an LSP diagnostic.
 */
import type { Diagnostic, DiagnosticFix } from '../text/diagnostic.ts';
import type { SourceRange } from '../text/sourceRange.ts';

/** What identifies a diagnostic across the editor boundary: its code and range. */
export function diagnosticKey(code: string, range: SourceRange): string {
  return `${code}@${range.line}:${range.column}-${range.endLine}:${range.endColumn}`;
}

export function keyOfDiagnostic(d: Diagnostic): string {
  return diagnosticKey(d.code, d.range);
}

/** The fixes of the diagnostics named by `keys`, each with the diagnostic it repairs. */
export function fixesFor(diagnostics: readonly Diagnostic[], keys: readonly string[]): { readonly key: string; readonly fix: DiagnosticFix; readonly preferred: boolean }[] {
  const byKey = new Map(diagnostics.map((d) => [keyOfDiagnostic(d), d]));
  const out: { key: string; fix: DiagnosticFix; preferred: boolean }[] = [];
  for (const key of keys) {
    const fixes = byKey.get(key)?.fixes ?? [];
    for (const fix of fixes) out.push({ key, fix, preferred: fixes.length === 1 });
  }
  return out;
}
