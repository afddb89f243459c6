/**
 * The stable codes of Gaia diagnostics and their severities (documented in
 * docs/contract-extensions.md, "Gaia diagnostics"). Errors mark what Gaia itself would
 * refuse to compile, or what Warrant cannot model exactly; warnings are what Gaia warns
 * about (deprecations, its build-check warnings) or what its inference step refuses.
 */
import type { Diagnostic, Severity } from '../text/diagnostic.ts';
import type { SourceRange } from '../text/sourceRange.ts';

export const GAIA_DIAGNOSTIC_CODES = {
  syntax: 'error',
  'unsupported-python': 'error',
  unsupported: 'error',
  'unknown-import': 'error',
  'unsupported-import': 'warning',
  'unresolved-import': 'error',
  'package-error': 'error',
  'undefined-name': 'error',
  'bad-argument': 'error',
  'not-a-claim': 'error',
  'prior-range': 'error',
  'probability-range': 'error',
  'self-support': 'error',
  'duplicate-derivation': 'error',
  'label-collision': 'error',
  'duplicate-action-label': 'error',
  'invalid-label': 'error',
  'invalid-package-name': 'error',
  'decompose-mismatch': 'error',
  'decompose-cycle': 'error',
  'duplicate-decompose': 'error',
  'export-error': 'error',
  'unknown-reference': 'error',
  'reference-error': 'error',
  'missing-p-e-given-not-h': 'warning',
  'associate-no-prior': 'warning',
  deprecated: 'warning',
  'duplicate-relation': 'warning',
  'shadowed-label': 'warning',
} as const satisfies Readonly<Record<string, Severity>>;

export type GaiaDiagnosticCode = keyof typeof GAIA_DIAGNOSTIC_CODES;

export function gaiaDiagnostic(code: GaiaDiagnosticCode, message: string, range: SourceRange, subject?: string): Diagnostic {
  const d: Diagnostic = { severity: GAIA_DIAGNOSTIC_CODES[code], code, message, range };
  return subject === undefined ? d : { ...d, subject };
}
