/**
 * A strict shape check for operations read from storage or imported from a file: such
 * input is never trusted. Every field is checked for type and form, unknown body kinds
 * and extra fields are refused, so a well-formed op is exactly what operation.ts says.
 */
import { isOpId } from './opId.ts';
import { isLanguage, languageList } from '../languages/languageIds.ts';
import type { OperationBody, SignedOperation } from './operation.ts';
import { ACCEPTANCE_RULE } from '../proposal/acceptanceOp.ts';

export type ShapeCheck = { readonly ok: true; readonly op: SignedOperation } | { readonly ok: false; readonly detail: string };

const SOURCES = new Set(['editor', 'graph', 'inspector', 'cli', 'engine', 'import']);
const RESOLUTIONS = new Set(['accept-both', 'deprecate', 'merge']);
/** The form of an `author` (and of a member): `ed25519:` + a 32-byte public key in lowercase hex. */
export const AUTHOR = /^ed25519:[0-9a-f]{64}$/;
const ENVELOPE_KEYS = new Set(['v', 'session', 'seq', 'parent', 'at', 'source', 'author', 'body', 'id', 'sig']);

type Rec = Record<string, unknown>;
const isRecord = (x: unknown): x is Rec => typeof x === 'object' && x !== null && !Array.isArray(x);
const isString = (x: unknown): x is string => typeof x === 'string';
const optString = (x: unknown) => x === undefined || isString(x);
const isIdList = (x: unknown): boolean => Array.isArray(x) && x.every((id) => isString(id) && id !== '');

/** A body kind's allowed keys, and a check of their values. */
export interface BodyRule {
  readonly keys: readonly string[];
  readonly check: (b: Record<string, unknown>) => string | null;
}

/** The bodies a log may hold, by kind: a trace session's (below) or a Mnema session's (src/core/mnema/mnemaSchema.ts). */
export type BodyRules = Readonly<Record<string, BodyRule>>;

/** Allowed keys of each body kind, and a check of their values. */
const BODY_RULES: Readonly<Record<OperationBody['kind'], BodyRule>> = {
  revision: {
    keys: ['kind', 'text_hash', 'language', 'length', 'changed', 'added', 'renamed'],
    check: (b) =>
      !isOpId(b.text_hash)
        ? 'text_hash is not a b3: hash'
        : !isLanguage(b.language)
          ? `language is not ${languageList()}`
          : !Number.isSafeInteger(b.length) || (b.length as number) < 0
            ? 'length is not a non-negative integer'
            : b.changed !== undefined && !isIdList(b.changed)
              ? 'changed is not a list of belief ids'
              : b.added !== undefined && !isIdList(b.added)
                ? 'added is not a list of belief ids'
                : b.renamed !== undefined && !(Array.isArray(b.renamed) && b.renamed.every((pair) => Array.isArray(pair) && pair.length === 2 && isIdList(pair)))
                  ? 'renamed is not a list of [old id, new id] pairs'
                  : null,
  },
  claim_correction: {
    keys: ['kind', 'target', 'value', 'revision', 'note'],
    check: (b) => targetProblem(b) ?? (typeof b.value !== 'number' || !(b.value >= 0 && b.value <= 1) ? 'value is not a number in [0,1]' : revisionProblem(b)),
  },
  claim_refutation: { keys: ['kind', 'target', 'revision', 'note'], check: (b) => targetProblem(b) ?? revisionProblem(b) },
  evidence_retraction: { keys: ['kind', 'target', 'revision', 'note'], check: (b) => targetProblem(b) ?? revisionProblem(b) },
  withdrawal: {
    keys: ['kind', 'target', 'withdraws', 'note'],
    check: (b) => targetProblem(b) ?? (!isOpId(b.withdraws) ? 'withdraws is not an op id' : null),
  },
  claim_invalidation: {
    keys: ['kind', 'target', 'cause'],
    check: (b) => targetProblem(b) ?? (!isOpId(b.cause) ? 'cause is not an op id' : null),
  },
  contradiction_resolution: {
    keys: ['kind', 'contradiction', 'resolution', 'deprecated', 'kept', 'note'],
    check: (b) =>
      !isString(b.contradiction) || b.contradiction === ''
        ? 'contradiction is not a non-empty string'
        : !RESOLUTIONS.has(b.resolution as string)
          ? 'resolution is not accept-both, deprecate or merge'
          : !optString(b.deprecated) || !optString(b.kept)
            ? 'deprecated/kept are not strings'
            : b.resolution === 'deprecate' && !isString(b.deprecated)
              ? 'a deprecate resolution names the side it deprecates'
              : b.resolution === 'merge' && (!isString(b.deprecated) || !isString(b.kept))
                ? 'a merge names the side kept and the side merged'
                : null,
  },
  review_decision: {
    keys: ['kind', 'target', 'decision', 'action_label', 'note'],
    check: (b) =>
      targetProblem(b) ??
      (b.decision !== 'accepted' && b.decision !== 'rejected' && b.decision !== 'needs_inputs'
        ? 'decision is not accepted, rejected or needs_inputs'
        : !optString(b.action_label)
          ? 'action_label is not a string'
          : null),
  },
  // A proven proposal accepted into the session's world (the page's world travels with its session).
  proposal_acceptance: ACCEPTANCE_RULE,
  member_addition: {
    keys: ['kind', 'member', 'note'],
    check: (b) => (!isString(b.member) || !AUTHOR.test(b.member) ? 'member is not ed25519: + 64 hex digits' : !optString(b.note) ? 'note is not a string' : null),
  },
};

/** A member's addition, as every kind of session writes it. */
export const MEMBER_RULE: BodyRule = BODY_RULES.member_addition;

function targetProblem(b: Rec): string | null {
  if (!isString(b.target) || b.target === '') return 'target is not a non-empty string';
  return optString(b.note) ? null : 'note is not a string';
}

function revisionProblem(b: Rec): string | null {
  return b.revision === null || isOpId(b.revision) ? null : 'revision is neither null nor an op id';
}

/** The allowed keys of each body kind in code-unit order: the order canonical JSON writes them. */
export const SORTED_BODY_KEYS: Readonly<Record<OperationBody['kind'], readonly string[]>> = Object.fromEntries(
  Object.entries(BODY_RULES).map(([kind, rule]) => [kind, [...rule.keys].sort()]),
) as unknown as Record<OperationBody['kind'], readonly string[]>;

const SIG = /^[0-9a-f]{128}$/;

function fail(detail: string): ShapeCheck {
  return { ok: false, detail };
}

/** Checks that `x` is a well-formed signed operation (not that its id or signature are right); `bodies`: the kinds its log may hold. */
export function checkOperationShape(x: unknown, bodies: BodyRules = BODY_RULES): ShapeCheck {
  if (!isRecord(x)) return fail('not a JSON object');
  // for-in rather than Object.keys: replay checks every op of a log, and this allocates nothing.
  for (const k in x) if (!ENVELOPE_KEYS.has(k)) return fail(`unknown field ${JSON.stringify(k)}`);
  if (x.v !== 1) return fail('v is not 1');
  if (!isString(x.session) || x.session === '') return fail('session is not a non-empty string');
  if (!Number.isSafeInteger(x.seq) || (x.seq as number) < 1) return fail('seq is not a positive integer');
  if (x.parent !== null && !isOpId(x.parent)) return fail('parent is neither null nor an op id');
  if ((x.seq === 1) !== (x.parent === null)) return fail('only the first op (seq 1) has no parent');
  if (!isString(x.at)) return fail('at is not a string');
  if (!SOURCES.has(x.source as string)) return fail('source is not a known source');
  if (!isString(x.author)) return fail('author is not a string');
  if (x.id !== undefined && !isOpId(x.id)) return fail('id is not an op id');
  if (x.sig !== undefined && (!isString(x.sig) || !SIG.test(x.sig))) return fail('sig is not 64 bytes of lowercase hex');
  const body = x.body;
  if (!isRecord(body)) return fail('body is not an object');
  const rule = Object.hasOwn(bodies, body.kind as string) ? bodies[body.kind as string] : undefined;
  if (!rule) return fail(`body kind ${JSON.stringify(body.kind)} is unknown`);
  for (const k in body) if (!rule.keys.includes(k)) return fail(`unknown body field ${JSON.stringify(k)} for ${String(body.kind)}`);
  const problem = rule.check(body);
  if (problem !== null) return fail(`body: ${problem}`);
  return { ok: true, op: x as unknown as SignedOperation };
}
