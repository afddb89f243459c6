/**
 * The gates of DS004 and the diagnostic codes each reports. Codes are stable (they are
 * listed in docs/contract-extensions.md); messages are for people.
 */
import type { Diagnostic, Severity } from '../text/diagnostic.ts';
import type { SourceRange } from '../text/sourceRange.ts';

/** The three gates a proposal passes before any solver sees it, in order. */
export type Gate = 'schema' | 'registry' | 'emission';
export const GATES: readonly Gate[] = ['schema', 'registry', 'emission'];

/** Every code the proposal checker reports, with the gate it belongs to. */
export const PROPOSAL_CODES = {
  // schema gate
  syntax: 'schema',
  'schema-too-deep': 'schema',
  'schema-limit': 'schema',
  'schema-not-object': 'schema',
  'schema-version': 'schema',
  'schema-missing-field': 'schema',
  'schema-type': 'schema',
  'schema-duplicate-key': 'schema',
  'schema-unknown-field': 'schema',
  'schema-extra-field': 'schema',
  'schema-identifier': 'schema',
  'schema-reserved-word': 'schema',
  'schema-internal-prefix': 'schema',
  'schema-operator': 'schema',
  'schema-arity': 'schema',
  'schema-declaration-kind': 'schema',
  'schema-declaration-shape': 'schema',
  'schema-mode': 'schema',
  'schema-logic': 'schema',
  'schema-source': 'schema',
  'schema-goal-missing': 'schema',
  // registry gate
  'registry-redeclared': 'registry',
  'registry-undeclared': 'registry',
  'registry-undeclared-sort': 'registry',
  'registry-unbound-var': 'registry',
  'registry-var-shadows': 'registry',
  'registry-duplicate-var': 'registry',
  'registry-duplicate-assertion': 'registry',
  'registry-name-clash': 'registry',
  'registry-arity': 'registry',
  'registry-sort-mismatch': 'registry',
  'registry-not-boolean': 'registry',
  'registry-predicate-result': 'registry',
  'registry-unused-goal': 'registry',
  // registry gate, against the world's registry (worldGate.ts)
  'registry-world-redeclared': 'registry',
  'registry-world-synonym': 'registry',
  // emission gate
  'emission-logic-override': 'emission',
  'emission-unsafe-symbol': 'emission',
  'emission-unbalanced': 'emission',
  'emission-command': 'emission',
  'emission-token': 'emission',
} as const satisfies Record<string, Gate>;

export type ProposalCode = keyof typeof PROPOSAL_CODES;

/** Collects the findings of one gate. */
export class GateReport {
  readonly diagnostics: Diagnostic[] = [];

  error(code: ProposalCode, message: string, range: SourceRange, subject?: string): void {
    this.add('error', code, message, range, subject);
  }

  warning(code: ProposalCode, message: string, range: SourceRange, subject?: string): void {
    this.add('warning', code, message, range, subject);
  }

  info(code: ProposalCode, message: string, range: SourceRange, subject?: string): void {
    this.add('info', code, message, range, subject);
  }

  get hasErrors(): boolean {
    return this.diagnostics.some((d) => d.severity === 'error');
  }

  private add(severity: Severity, code: ProposalCode, message: string, range: SourceRange, subject: string | undefined): void {
    this.diagnostics.push(subject === undefined ? { severity, code, message, range } : { severity, code, message, range, subject });
  }
}
