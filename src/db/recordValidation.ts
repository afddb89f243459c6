/**
 * Shape checks for everything read from IndexedDB or from an archive. Each reader takes
 * `unknown` and returns either a fresh record (rebuilt with its keys in a fixed order, so
 * serialising it is deterministic) or the reason it was refused. Ops are treated as
 * opaque signed records: the envelope's fields are checked here, signatures and hashes
 * are for src/core/oplog.
 */
import type { OpId, SignedOperation } from '../core/oplog/operation.ts';
import { checkOperationShape } from '../core/oplog/operationSchema.ts';
import { LANGUAGE_IDS, isLanguage } from '../core/languages/languageIds.ts';
import type { KeyRecord, SessionId, SessionOrigin, SessionRecord, TextRecord, TextSelection, Viewport, ViewRecord } from './warrantDb.ts';

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

const OP_ID = /^b3:[0-9a-f]{64}$/;
const HEX = /^[0-9a-f]*$/;
type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isOpId(value: unknown): value is OpId {
  return typeof value === 'string' && OP_ID.test(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function ok<T>(value: T): Checked<T> {
  return { ok: true, value };
}

function fail<T>(reason: string): Checked<T> {
  return { ok: false, reason };
}

function readSelection(value: unknown): Checked<TextSelection | null> {
  if (value === null || value === undefined) return ok(null);
  if (!isObject(value)) return fail('selection is not an object');
  const { anchor, head } = value;
  if (!Number.isSafeInteger(anchor) || !Number.isSafeInteger(head) || (anchor as number) < 0 || (head as number) < 0) {
    return fail('selection offsets must be non-negative integers');
  }
  return ok({ anchor: anchor as number, head: head as number });
}

function readViewport(value: unknown): Checked<Viewport | null> {
  if (value === null || value === undefined) return ok(null);
  if (!isObject(value)) return fail('viewport is not an object');
  const { x, y, zoom } = value;
  if (!isFiniteNumber(x) || !isFiniteNumber(y) || !isFiniteNumber(zoom) || zoom <= 0) {
    return fail('viewport needs finite x and y and a positive zoom');
  }
  return ok({ x, y, zoom });
}

/**
 * A stored view record, reduced to the fields that read (an unreadable field is left
 * out, so the session record's own stands): a view is never worth refusing a session for.
 */
export function readViewRecord(value: unknown): Omit<ViewRecord, 'id'> {
  if (!isObject(value)) return {};
  const viewport = 'viewport' in value ? readViewport(value.viewport) : null;
  const selectedNode = value.selectedNode;
  return {
    ...(viewport?.ok ? { viewport: viewport.value } : {}),
    ...(selectedNode === null || typeof selectedNode === 'string' ? { selectedNode } : {}),
  };
}

function readOrigin(value: unknown): Checked<SessionOrigin | null> {
  if (value === null || value === undefined) return ok(null);
  if (!isObject(value)) return fail('origin is not an object');
  const { session, op, seq, how } = value;
  if (typeof session !== 'string' || session === '') return fail('origin.session must be a non-empty string');
  if (op !== null && !isOpId(op)) return fail('origin.op must be an op id or null');
  if (!Number.isSafeInteger(seq) || (seq as number) < 0) return fail('origin.seq must be a non-negative integer');
  if (how !== 'duplicate' && how !== 'import') return fail("origin.how must be 'duplicate' or 'import'");
  return ok({ session, op: op as OpId | null, seq: seq as number, how });
}

/** A project's files: a path → text object of relative POSIX paths (rebuilt in path order). */
function readFiles(value: unknown): Checked<Record<string, string> | null> {
  if (value === null || value === undefined) return ok(null);
  if (!isObject(value)) return fail('files is not an object');
  const out: Record<string, string> = {};
  for (const path of Object.keys(value).sort()) {
    const text = value[path];
    if (typeof text !== 'string') return fail(`files[${JSON.stringify(path)}] is not a text`);
    if (path === '' || path.startsWith('/') || path.split('/').some((part) => part === '' || part === '.' || part === '..'))
      return fail(`files has a path that is not relative: ${JSON.stringify(path)}`);
    out[path] = text;
  }
  return ok(out);
}

/** A session record, as stored or as found in an archive. */
export function readSessionRecord(value: unknown): Checked<SessionRecord> {
  if (!isObject(value)) return fail('the record is not an object');
  const { id, name, language, text, createdAt, updatedAt } = value;
  if (typeof id !== 'string' || id === '') return fail('id must be a non-empty string');
  if (typeof name !== 'string') return fail('name must be a string');
  if (!isLanguage(language)) {
    return fail(`language must be one of ${LANGUAGE_IDS.join(', ')}`);
  }
  if (typeof text !== 'string') return fail('text must be a string');
  if (!isFiniteNumber(createdAt) || !isFiniteNumber(updatedAt)) return fail('createdAt and updatedAt must be numbers');
  const selection = readSelection(value.selection);
  if (!selection.ok) return selection;
  const viewport = readViewport(value.viewport);
  if (!viewport.ok) return viewport;
  const origin = readOrigin(value.origin);
  if (!origin.ok) return origin;
  const selectedNode = value.selectedNode ?? null;
  if (selectedNode !== null && typeof selectedNode !== 'string') return fail('selectedNode must be a string or null');
  const showHelpers = value.showHelpers ?? false;
  if (typeof showHelpers !== 'boolean') return fail('showHelpers must be a boolean');
  const files = readFiles(value.files);
  if (!files.ok) return files;
  const activeFile = value.activeFile ?? null;
  if (activeFile !== null && (typeof activeFile !== 'string' || !files.value || !(activeFile in files.value))) return fail('activeFile must be one of the files, or null');
  return ok({
    id: id as SessionId,
    name,
    language,
    text,
    createdAt,
    updatedAt,
    selection: selection.value,
    selectedNode,
    viewport: viewport.value,
    showHelpers,
    origin: origin.value,
    // A one-file document has neither field, so its record (and archive) reads as before.
    ...(files.value ? { files: files.value, activeFile: activeFile as string | null } : {}),
  });
}

/**
 * A stored signed operation: the core's own shape check (src/core/oplog/operationSchema.ts,
 * the one schema of operations), plus the id and signature a stored op must carry.
 * The object is returned as it is (ops are opaque and must keep every field they carry,
 * or their hash would no longer match); id and signature are verified by replay.
 */
export function readOperation(value: unknown): Checked<SignedOperation> {
  const shape = checkOperationShape(value);
  if (!shape.ok) return fail(shape.detail);
  const op = value as { id?: unknown; sig?: unknown };
  if (op.id === undefined) return fail('the operation has no id');
  if (op.sig === undefined) return fail('the operation is not signed');
  return ok(value as SignedOperation);
}

/** A stored revision text (the hash itself is checked where the text is imported). */
export function readTextRecord(value: unknown): Checked<TextRecord> {
  if (!isObject(value)) return fail('the record is not an object');
  const { hash, text, sessions } = value;
  if (!isOpId(hash)) return fail("hash must be 'b3:' and 64 lowercase hex digits");
  if (typeof text !== 'string') return fail('text must be a string');
  if (!Array.isArray(sessions) || !sessions.every((s) => typeof s === 'string')) {
    return fail('sessions must be a list of session ids');
  }
  return ok({ hash, text, sessions: [...(sessions as string[])] });
}

/** The device key record: 32-byte secret and public keys as 64 hex digits each. */
export function readKeyRecord(value: unknown): Checked<KeyRecord> {
  if (!isObject(value)) return fail('the record is not an object');
  const { id, secretKey, publicKey, createdAt } = value;
  if (typeof id !== 'string') return fail('id must be a string');
  const isKeyHex = (v: unknown): v is string => typeof v === 'string' && v.length === 64 && HEX.test(v);
  if (!isKeyHex(secretKey)) return fail('secretKey must be 64 lowercase hex digits');
  if (!isKeyHex(publicKey)) return fail('publicKey must be 64 lowercase hex digits');
  if (!isFiniteNumber(createdAt)) return fail('createdAt must be a number');
  return ok({ id, secretKey, publicKey, createdAt });
}

/** The text hashes a log refers to (revision bodies). */
export function textHashesOf(ops: readonly SignedOperation[]): Set<OpId> {
  const hashes = new Set<OpId>();
  for (const op of ops) if (op.body.kind === 'revision') hashes.add(op.body.text_hash);
  return hashes;
}
