/**
 * Copying a log under another session id. An op's id is the hash of its unsigned
 * envelope, and the envelope names its session, so a log cannot be moved to a new
 * session as it is: each op is rebuilt with the new session, its parent pointed at the
 * previous rebuilt op, and any op id inside its body (`revision`, `withdraws`, `cause`)
 * replaced by the rebuilt op's id; then it is signed again by the caller's signer (the
 * device key, through src/core/oplog). Seq, time, source and body otherwise stay the
 * same, so the copy replays to the same state and keeps the whole history.
 */
import type { OpId, SignedOperation, UnsignedOperation } from '../core/oplog/operation.ts';
import { isOpId, readOperation } from './recordValidation.ts';

/**
 * Signs a rebuilt op. `draft.author` still names the original author; a signer sets it
 * to its own key before hashing and signing. Must return an op with the draft's session
 * and seq.
 */
export type OperationSigner = (draft: UnsignedOperation, original: SignedOperation) => SignedOperation | Promise<SignedOperation>;

export type LogCopy = { readonly ok: true; readonly ops: readonly SignedOperation[] } | { readonly ok: false; readonly reason: string };

function remapIds(value: unknown, ids: ReadonlyMap<OpId, OpId>): unknown {
  if (isOpId(value)) return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => remapIds(v, ids));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = k === 'text_hash' ? v : remapIds(v, ids);
    return out;
  }
  return value;
}

/** Rebuilds and re-signs `ops` (in seq order) for `session`. */
export async function copyLogToSession(ops: readonly SignedOperation[], session: string, sign: OperationSigner): Promise<LogCopy> {
  const ids = new Map<OpId, OpId>();
  const out: SignedOperation[] = [];
  let parent: OpId | null = null;
  for (const original of ops) {
    const { id: _id, sig: _sig, ...unsigned } = original;
    const draft: UnsignedOperation = {
      ...unsigned,
      session,
      parent,
      body: remapIds(original.body, ids) as UnsignedOperation['body'],
    };
    let signed: SignedOperation;
    try {
      signed = await sign(draft, original);
    } catch (e) {
      return { ok: false, reason: `signing op ${original.seq} failed: ${e instanceof Error ? e.message : String(e)}` };
    }
    const checked = readOperation(signed);
    if (!checked.ok) return { ok: false, reason: `the signer returned a malformed op for seq ${original.seq}: ${checked.reason}` };
    if (signed.session !== session || signed.seq !== original.seq) {
      return { ok: false, reason: `the signer changed the session or seq of op ${original.seq}` };
    }
    ids.set(original.id, signed.id);
    out.push(signed);
    parent = signed.id;
  }
  return { ok: true, ops: out };
}
