/**
 * A session's signed head: where its log ends. Ops are chained by their parents, but
 * nothing in an op says how many come after it, so a log cut short replays as a valid,
 * shorter history. The head says it: the last op (its seq and id), how many ops the log
 * holds and who its members are, signed by a member. Archives and `export --to oplog`
 * carry it as their final line; the page keeps it beside the stored log.
 *
 * A head line is a JSON object with `kind: "head"`; ops have a `body` instead, so the
 * two never mix up.
 */
import * as ed from '@noble/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { canonicalBytes } from './canonicalJson.ts';
import type { DeviceKey } from './deviceKey.ts';
import { publicKeyOfAuthor } from './deviceKey.ts';
import { isOpId } from './opId.ts';
import type { OpId, SignedOperation } from './operation.ts';
import { AUTHOR } from './operationSchema.ts';
import type { SignatureCheck } from './verifyOperation.ts';
import { nobleSignatureCheck } from './verifyOperation.ts';

export interface UnsignedHead {
  readonly v: 1;
  readonly kind: 'head';
  readonly session: string;
  /** seq of the last op. */
  readonly seq: number;
  /** How many ops the log holds (seq itself for a log without forks). */
  readonly count: number;
  /** The last op in replay order. */
  readonly op: OpId;
  /** The session's members when the head was signed, the founder first. */
  readonly members: readonly string[];
  readonly at: string;
  /** The member who signed the head. */
  readonly author: string;
}

export interface SignedHead extends UnsignedHead {
  /** ed25519 signature of the canonical bytes of the unsigned head, hex. */
  readonly sig: string;
}

/** What a head summarizes: a replayed log (its applied ops, session and members). */
export interface LogSummary {
  readonly applied: readonly SignedOperation[];
  readonly session: string | null;
  readonly members: readonly string[];
}

/** The head of `log` as `author` would sign it; null for an empty log. */
export function headOf(log: LogSummary, author: string, at: string = new Date().toISOString()): UnsignedHead | null {
  const last = log.applied[log.applied.length - 1];
  if (!last) return null;
  return { v: 1, kind: 'head', session: last.session, seq: last.seq, count: log.applied.length, op: last.id, members: log.members.slice(), at, author };
}

/**
 * The head of a single writer's chain whose last op is `last`: what a store that keeps
 * one chain per session signs after appending (count = seq).
 */
export function chainHead(last: SignedOperation, members: readonly string[], author: string, at: string = new Date().toISOString()): UnsignedHead {
  return { v: 1, kind: 'head', session: last.session, seq: last.seq, count: last.seq, op: last.id, members: members.slice(), at, author };
}

/** The bytes a head's signature covers. */
export function headBytes(head: UnsignedHead): Uint8Array {
  const { sig: _sig, ...unsigned } = head as SignedHead;
  return canonicalBytes(unsigned);
}

/** Signs `head` with `key` (its author must be the key's). */
export function signHead(head: UnsignedHead, key: DeviceKey): SignedHead {
  if (head.author !== key.author) throw new Error(`the head's author is not the signing key (${key.author})`);
  return { ...head, sig: bytesToHex(ed.sign(headBytes(head), hexToBytes(key.secretKey))) };
}

/** True for a JSON value that means to be a head line (as opposed to an op). */
export function isHeadLine(x: unknown): boolean {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && (x as { kind?: unknown }).kind === 'head';
}

const HEAD_KEYS = new Set(['v', 'kind', 'session', 'seq', 'count', 'op', 'members', 'at', 'author', 'sig']);
const SIG = /^[0-9a-f]{128}$/;

/** Checks a head line's shape and signature; the detail says what is wrong. */
export function verifyHead(x: unknown, check: SignatureCheck = nobleSignatureCheck): { ok: true; head: SignedHead } | { ok: false; detail: string } {
  const problem = headShapeProblem(x);
  if (problem !== null) return { ok: false, detail: problem };
  const head = x as SignedHead;
  let good = false;
  try {
    good = check(hexToBytes(head.sig), headBytes(head), publicKeyOfAuthor(head.author)!);
  } catch {
    good = false;
  }
  return good ? { ok: true, head } : { ok: false, detail: 'its signature is not its author’s over its content' };
}

function headShapeProblem(x: unknown): string | null {
  if (!isHeadLine(x)) return 'not a head';
  const h = x as Record<string, unknown>;
  for (const k in h) if (!HEAD_KEYS.has(k)) return `unknown field ${JSON.stringify(k)}`;
  if (h.v !== 1) return 'v is not 1';
  if (typeof h.session !== 'string' || h.session === '') return 'session is not a non-empty string';
  if (!Number.isSafeInteger(h.seq) || (h.seq as number) < 1) return 'seq is not a positive integer';
  if (!Number.isSafeInteger(h.count) || (h.count as number) < (h.seq as number)) return 'count is not an integer at least seq';
  if (!isOpId(h.op)) return 'op is not an op id';
  if (!Array.isArray(h.members) || h.members.length === 0 || !h.members.every((m) => typeof m === 'string' && AUTHOR.test(m))) return 'members is not a list of keys';
  if (typeof h.at !== 'string') return 'at is not a string';
  if (typeof h.author !== 'string' || !AUTHOR.test(h.author)) return 'author is not ed25519: + 64 hex digits';
  if (typeof h.sig !== 'string' || !SIG.test(h.sig)) return 'sig is not 64 bytes of lowercase hex';
  return null;
}
