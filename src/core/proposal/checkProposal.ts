/**
 * The three gates of DS004 over a proposal's text, in order: schema (is it a
 * well-formed FormalProposal with safe names), registry (do declarations and uses
 * agree), emission (is the emitted SMT-LIB2 safe). A gate runs only when the ones
 * before it passed; `gate` names the first that failed.
 */
import type { Diagnostic } from '../text/diagnostic.ts';
import { compareDiagnostics } from '../text/diagnostic.ts';
import type { SourceRange } from '../text/sourceRange.ts';
import type { SmtProgram } from './emitSmtlib.ts';
import { emitSmtlib } from './emitProposal.ts';
import type { Gate } from './gateDiagnostics.ts';
import { GateReport } from './gateDiagnostics.ts';
import { parseProposalText } from './jsonSource.ts';
import type { LogicChoice } from './logicFit.ts';
import type { FormalProposal, ProveMode } from './proposalTypes.ts';
import { readProposal } from './readProposal.ts';
import type { WorldRegistry } from './worldRegistry.ts';

/** Text longer than this (in UTF-16 code units, 64 Mi) is refused before it is read. */
export const MAX_PROPOSAL_TEXT = 64 * 1024 * 1024;

export interface CheckOptions {
  /** Overrides the proposal's own `queryPlan.verificationMode`. */
  readonly mode?: ProveMode;
  /** The world's registry the registry gate also checks the declarations against (worldGate.ts). */
  readonly world?: WorldRegistry;
}

export interface ProposalCheck {
  /** The proposal, when the schema gate passed. */
  readonly proposal: FormalProposal | null;
  /** The mode the proposal is checked in (the override, else its own), when known. */
  readonly mode: ProveMode | null;
  /** The first gate that failed, or null when all three passed. */
  readonly gate: Gate | null;
  /** Findings of every gate that ran, sorted by position. */
  readonly diagnostics: readonly Diagnostic[];
  /** The emitted program (pieces for a solver session), when all gates passed. */
  readonly program: SmtProgram | null;
  /** The standalone SMT-LIB2 script for `mode`, when all gates passed. */
  readonly smtlib: string | null;
  readonly logic: LogicChoice | null;
  /** Where each assertion is written (the whole assertion object). */
  readonly assertionRanges: ReadonlyMap<string, SourceRange>;
}

const TOP: SourceRange = { line: 1, column: 1, endLine: 1, endColumn: 1 };

export function checkProposal(text: string, options: CheckOptions = {}): ProposalCheck {
  if (text.length > MAX_PROPOSAL_TEXT) {
    return failure('schema', [{ severity: 'error', code: 'schema-limit', message: `the document is ${text.length} characters long; at most ${MAX_PROPOSAL_TEXT} are read`, range: TOP }]);
  }
  const parsed = parseProposalText(text);
  if (!parsed.root) return failure('schema', parsed.diagnostics);
  const schema = new GateReport();
  const proposal = readProposal(parsed.root, schema);
  if (!proposal) return failure('schema', schema.diagnostics);
  const mode = options.mode ?? proposal.queryPlan.mode;
  if (mode !== 'consistency' && !proposal.queryPlan.goal) {
    schema.error('schema-goal-missing', `${mode} mode needs queryPlan.goal`, proposal.queryPlan.range);
    return failure('schema', schema.diagnostics, proposal, mode);
  }
  const later = emitSmtlib(proposal, mode, options.world);
  const diagnostics = [...schema.diagnostics, ...later.diagnostics];
  if (later.gate) return failure(later.gate, diagnostics, proposal, mode);
  return {
    proposal,
    mode,
    gate: null,
    diagnostics: diagnostics.sort(compareDiagnostics),
    program: later.program,
    smtlib: later.smtlib,
    logic: later.logic,
    assertionRanges: rangesOf(proposal),
  };
}

function failure(gate: Gate, diagnostics: readonly Diagnostic[], proposal: FormalProposal | null = null, mode: ProveMode | null = null): ProposalCheck {
  return {
    proposal,
    mode,
    gate,
    diagnostics: [...diagnostics].sort(compareDiagnostics),
    program: null,
    smtlib: null,
    logic: null,
    assertionRanges: proposal ? rangesOf(proposal) : new Map(),
  };
}

function rangesOf(proposal: FormalProposal): Map<string, SourceRange> {
  const m = new Map<string, SourceRange>();
  for (const a of proposal.assertions) if (!m.has(a.id.name)) m.set(a.id.name, a.range);
  return m;
}
