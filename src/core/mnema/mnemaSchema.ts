/**
 * The shape of each Mnema body (mnemaBodies.ts), as the log reader checks every op it is
 * given (src/core/oplog/operationSchema.ts): known kinds only, exactly their fields,
 * each of its type. A log written elsewhere is held to the same table.
 */
import type { BodyRule, BodyRules } from '../oplog/operationSchema.ts';
import { MEMBER_RULE } from '../oplog/operationSchema.ts';
import { isOpId } from '../oplog/opId.ts';
import type { MnemaKind } from './mnemaBodies.ts';
import { isInstant } from './instant.ts';

type Rec = Record<string, unknown>;
const isRecord = (x: unknown): x is Rec => typeof x === 'object' && x !== null && !Array.isArray(x);
const isText = (x: unknown): x is string => typeof x === 'string' && x !== '';
const isProbability = (x: unknown): boolean => typeof x === 'number' && x >= 0 && x <= 1;

/** The first problem of a list of checks, or null. */
function first(...checks: readonly (string | false | null)[]): string | null {
  for (const c of checks) if (c) return c;
  return null;
}

const note = (b: Rec) => b.note !== undefined && typeof b.note !== 'string' && 'note is not a string';
const key = (b: Rec, field: string) => !isText(b[field]) && `${field} is not a non-empty string`;
const opRef = (b: Rec, field: string) => !isOpId(b[field]) && `${field} is not an op id`;

/**
 * §2.1 and §9: a claim's confidence comes with its decomposition — the prior and each
 * factor by name with its log-odds — kept verbatim whatever else a deriver adds to it.
 */
function basisProblem(x: unknown): string | null {
  if (!isRecord(x)) return 'confidence_basis is missing';
  if (typeof x.prior !== 'number' || !Number.isFinite(x.prior)) return 'confidence_basis has no prior (a number)';
  if (!Array.isArray(x.factors)) return 'confidence_basis has no factors (a list)';
  for (const f of x.factors) {
    if (!isRecord(f) || !isText(f.name)) return 'a confidence_basis factor has no name';
    if (typeof f.log_odds !== 'number' || !Number.isFinite(f.log_odds)) return `confidence_basis factor ${f.name} has no log_odds (a number)`;
  }
  return null;
}

function inputsProblem(x: unknown): string | null {
  if (!Array.isArray(x)) return 'inputs is not a list';
  // §1.1 (4): a claim with no inputs has no provenance.
  if (x.length === 0) return 'inputs is empty: a claim without provenance';
  for (const input of x) {
    if (!isRecord(input) || Object.keys(input).some((k) => k !== 'op_id' && k !== 'role')) return 'an input is not {op_id, role}';
    if (!isOpId(input.op_id)) return 'an input op_id is not an op id';
    if (!isText(input.role)) return 'an input role is not a non-empty string';
  }
  return null;
}

const RULES: Readonly<Record<MnemaKind, BodyRule>> = {
  evidence: {
    keys: ['kind', 'source', 'payload', 'observed_at'],
    check: (b) => first(key(b, 'source'), !isRecord(b.payload) && 'payload is not an object', !isInstant(b.observed_at) && 'observed_at is not an ISO 8601 date-time'),
  },
  claim: {
    keys: ['kind', 'claim_type', 'identity_key', 'subject', 'payload', 'inputs', 'deriver', 'confidence', 'confidence_basis', 'rationale', 'supersedes', 'valid_at'],
    check: (b) =>
      first(
        key(b, 'claim_type'),
        key(b, 'identity_key'),
        b.subject !== 'self' && 'subject is not "self"',
        !isRecord(b.payload) && 'payload is not an object',
        inputsProblem(b.inputs),
        !(isRecord(b.deriver) && isText(b.deriver.name) && isText(b.deriver.version) && Object.keys(b.deriver).length === 2) && 'deriver is not {name, version}',
        !isProbability(b.confidence) && 'confidence is not a number in [0,1]',
        // §2.1: a confidence without its decomposition is not auditable.
        basisProblem(b.confidence_basis),
        typeof b.rationale !== 'string' && 'rationale is not a string',
        b.supersedes !== null && !isOpId(b.supersedes) && 'supersedes is neither null nor an op id',
        !isInstant(b.valid_at) && 'valid_at is not an ISO 8601 date-time',
      ),
  },
  claim_correction: {
    keys: ['kind', 'target_claim', 'target_identity_key', 'corrected_payload', 'note'],
    check: (b) => first(opRef(b, 'target_claim'), key(b, 'target_identity_key'), !isRecord(b.corrected_payload) && 'corrected_payload is not an object', note(b)),
  },
  claim_refutation: { keys: ['kind', 'target_claim', 'target_identity_key', 'note'], check: (b) => first(opRef(b, 'target_claim'), key(b, 'target_identity_key'), note(b)) },
  claim_invalidation: { keys: ['kind', 'target_claim', 'target_identity_key', 'cause'], check: (b) => first(opRef(b, 'target_claim'), key(b, 'target_identity_key'), opRef(b, 'cause')) },
  evidence_retraction: { keys: ['kind', 'target_evidence', 'note'], check: (b) => first(opRef(b, 'target_evidence'), note(b)) },
  refutation_withdrawal: { keys: ['kind', 'target_refutation', 'target_identity_key', 'note'], check: (b) => first(opRef(b, 'target_refutation'), key(b, 'target_identity_key'), note(b)) },
  correction_withdrawal: { keys: ['kind', 'target_correction', 'target_identity_key', 'note'], check: (b) => first(opRef(b, 'target_correction'), key(b, 'target_identity_key'), note(b)) },
  retraction_withdrawal: { keys: ['kind', 'target_retraction', 'note'], check: (b) => first(opRef(b, 'target_retraction'), note(b)) },
  member_addition: MEMBER_RULE,
};

/** The body kinds of a Mnema log, for the log reader. */
export const MNEMA_BODIES: BodyRules = RULES;

/** §2.1's shape of a claim type: dotted and namespaced (`routine.weekly`, `com.example.fitness.streak`). */
const DOTTED_TYPE = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;

/**
 * What is wrong with a claim type's shape (§2.1), or null. A warning where a log is read:
 * a claim of a type this reader does not know is kept and shown all the same (§9.1), so
 * one written elsewhere with an undotted type is not set aside.
 */
export function claimTypeShapeProblem(claimType: string): string | null {
  return DOTTED_TYPE.test(claimType) ? null : `claim_type ${JSON.stringify(claimType)} is not a dotted, namespaced type (e.g. routine.weekly, com.example.fitness.streak)`;
}

/** Whether `kind` is a Mnema body kind (`evidence` and `claim` are Mnema's alone). */
export const isMnemaKind = (kind: unknown): kind is MnemaKind => typeof kind === 'string' && Object.hasOwn(RULES, kind);
