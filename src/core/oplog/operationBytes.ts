/**
 * The canonical bytes of an operation — what its id hashes and its signature signs —
 * written straight from a shape-checked op. The shape check (operationSchema.ts) pins
 * every key an op may have, so the envelope's key order is known in advance and only
 * the body's few keys need sorting; the result is the RFC 8785 text of the unsigned op,
 * byte for byte what `canonicalBytes(unsignedPart(op))` gives (a property test holds the
 * two together), at a fraction of the cost. Replay spends most of its time here.
 * Anything the fast path is unsure of goes to the general encoder, which also reports
 * problems such as lone surrogates.
 */
import { canonicalBytes } from './canonicalJson.ts';
import type { SignedOperation, UnsignedOperation } from './operation.ts';
import { unsignedPart } from './opId.ts';

// Core code is typed without DOM libraries; TextEncoder exists in every runtime we target.
declare const TextEncoder: {
  new (): { encode(text: string): Uint8Array; encodeInto(text: string, into: Uint8Array): { read: number; written: number } };
};
const encoder = new TextEncoder();
// Reused for hashing: encoding into it is far cheaper than allocating an array per op.
let scratch = new Uint8Array(4096);

const nativeWellFormed = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;
// A body key is one of operationSchema's names; only these need no escaping or checks.
const PLAIN_KEY = /^[a-z_]+$/;

/** A JSON string, or null when it might hold a lone surrogate (the general encoder decides). */
function quoted(s: string): string | null {
  return nativeWellFormed && nativeWellFormed.call(s) ? JSON.stringify(s) : null;
}

/** A body value (string, finite number or null) in canonical form, or null to hand over. */
function scalar(x: unknown): string | null {
  if (typeof x === 'string') return quoted(x);
  if (typeof x === 'number') return Number.isFinite(x) ? String(x) : null;
  return x === null ? 'null' : null;
}

/** The canonical text of the op's unsigned part, or null when the general encoder must do it. */
export function fastOperationText(op: UnsignedOperation): string | null {
  const body = op.body as unknown as Record<string, unknown>;
  const keys = Object.keys(body).sort();
  let bodyText = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = body[key];
    const text = PLAIN_KEY.test(key) ? scalar(value) : null;
    if (text === null) return null;
    bodyText += (bodyText.length > 1 ? ',"' : '"') + key + '":' + text;
  }
  const at = quoted(op.at);
  const author = quoted(op.author);
  const parent = op.parent === null ? 'null' : quoted(op.parent);
  const session = quoted(op.session);
  const source = quoted(op.source);
  if (at === null || author === null || parent === null || session === null || source === null) return null;
  if (!Number.isSafeInteger(op.seq) || op.v !== 1) return null;
  return `{"at":${at},"author":${author},"body":${bodyText}},"parent":${parent},"seq":${op.seq},"session":${session},"source":${source},"v":1}`;
}

/**
 * The canonical bytes of `op` without `id` and `sig`. For an op that passed
 * checkOperationShape; other values are encoded by the general encoder (which throws
 * CanonicalJsonError for what JSON cannot hold).
 */
export function operationBytes(op: UnsignedOperation | SignedOperation): Uint8Array {
  const text = fastOperationText(op);
  return text !== null ? encoder.encode(text) : canonicalBytes(unsignedPart(op));
}

/**
 * The same bytes as `operationBytes`, but in a shared buffer that the next call
 * overwrites: for hashing on the spot (replay), never for keeping.
 */
export function operationBytesTransient(op: UnsignedOperation | SignedOperation): Uint8Array {
  const text = fastOperationText(op);
  if (text === null) return canonicalBytes(unsignedPart(op));
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  return scratch.subarray(0, written);
}
