/** The table of docs/contract.md §2, written out independently of the validator: every code and its severity. */
import type { Severity } from '../../src/core/text/diagnostic.ts';

export const CONTRACT_SEVERITY: Readonly<Record<string, Severity>> = {
  syntax: 'error',
  'invalid-id': 'error',
  'duplicate-id': 'error',
  'confidence-range': 'error',
  'unknown-source': 'error',
  'unknown-ref': 'error',
  cycle: 'error',
  'level-order': 'error',
  'meta-level': 'error',
  'lob-discount': 'error',
  'missing-level': 'warning',
  'exceeds-derivation-bound': 'warning',
};
