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
import type { OperationKind, SignedOperation, UnsignedOperation } from './operation.ts';
import { SORTED_BODY_KEYS } from './operationSchema.ts';
import { unsignedPart } from './opId.ts';

// Core code is typed without DOM libraries; TextEncoder exists in every runtime we target.
declare const TextEncoder: {
  new (): { encode(text: string): Uint8Array; encodeInto(text: string, into: Uint8Array): { read: number; written: number } };
};
const encoder = new TextEncoder();
// Reused for hashing: encoding into it is far cheaper than allocating an array per op.
let scratch = new Uint8Array(4096);

const nativeWellFormed = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;
// Printable ASCII but `"` and `\`: such a string is its own JSON body, quotes aside. Ids,
// keys, timestamps and most targets are like this, and skip JSON.stringify.
const PLAIN = /^[ !#-[\]-~]*$/;

/** A JSON string, or null when it might hold a lone surrogate (the general encoder decides). */
function quoted(s: string): string | null {
  if (PLAIN.test(s)) return '"' + s + '"';
  return nativeWellFormed && nativeWellFormed.call(s) ? JSON.stringify(s) : null;
}

/** Nesting the fast path follows before it hands a value over (the general encoder reports what is too deep). */
const MAX_DEPTH = 32;

/**
 * A body value in canonical form — a string, a finite number, a boolean, null, or a list
 * or plain object of those (a Mnema payload, a claim's inputs) with keys in code-unit
 * order — or null to hand over to the general encoder.
 */
function value(x: unknown, depth = 0): string | null {
  if (typeof x === 'string') return quoted(x);
  if (typeof x === 'number') return Number.isFinite(x) ? String(x) : null;
  if (x === null) return 'null';
  if (typeof x === 'boolean') return x ? 'true' : 'false';
  if (typeof x !== 'object' || depth >= MAX_DEPTH) return null;
  if (Array.isArray(x)) {
    let out = '[';
    for (let i = 0; i < x.length; i++) {
      const item = value(x[i], depth + 1);
      if (item === null) return null;
      out += (i > 0 ? ',' : '') + item;
    }
    return out + ']';
  }
  if (Object.getPrototypeOf(x) !== Object.prototype) return null;
  const keys = Object.keys(x).sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = quoted(keys[i]!);
    const v = (x as Record<string, unknown>)[keys[i]!];
    const item = v === undefined ? null : value(v, depth + 1);
    if (k === null || item === null) return null;
    out += (i > 0 ? ',' : '') + k + ':' + item;
  }
  return out + '}';
}

/** Whether every key of `body` is one of `keys`. */
function everyKeyIn(body: Record<string, unknown>, keys: readonly string[]): boolean {
  for (const k in body) if (!keys.includes(k)) return false;
  return true;
}

/** The canonical text of the op's body, or null when the general encoder must do it. */
function bodyText(body: Record<string, unknown>): string | null {
  // A trace body's keys are known in advance; any other body (a Mnema session's) sorts its own.
  const known = Object.hasOwn(SORTED_BODY_KEYS, body.kind as string) ? SORTED_BODY_KEYS[body.kind as OperationKind] : undefined;
  const keys = known !== undefined && known.includes('kind') && everyKeyIn(body, known) ? known : Object.keys(body).sort();
  let text = '{';
  let written = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const v = body[key];
    if (v === undefined) continue;
    const encoded = value(v);
    const name = quoted(key);
    if (encoded === null || name === null) return null;
    text += (written++ > 0 ? ',' : '') + name + ':' + encoded;
  }
  // A key the kind does not allow, or one set to undefined, would be missing from the
  // text: such a body goes to the general encoder (which refuses undefined).
  let present = 0;
  for (const _ in body) present++;
  return present === written ? text + '}' : null;
}

/** The canonical text of the op's unsigned part, or null when the general encoder must do it. */
export function fastOperationText(op: UnsignedOperation): string | null {
  const body = bodyText(op.body as unknown as Record<string, unknown>);
  const at = quoted(op.at);
  const author = quoted(op.author);
  const parent = op.parent === null ? 'null' : quoted(op.parent);
  const session = quoted(op.session);
  const source = quoted(op.source);
  if (body === null || at === null || author === null || parent === null || session === null || source === null) return null;
  if (!Number.isSafeInteger(op.seq) || op.v !== 1) return null;
  return `{"at":${at},"author":${author},"body":${body},"parent":${parent},"seq":${op.seq},"session":${session},"source":${source},"v":1}`;
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
