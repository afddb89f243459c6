/** `export --to oplog`: a session's signed ops as JSON lines, each in canonical JSON (RFC 8785). */
import { canonicalJson } from '../oplog/canonicalJson.ts';
import type { SignedOperation } from '../oplog/operation.ts';

export function exportOplog(ops: readonly SignedOperation[]): string {
  return ops.map((op) => canonicalJson(op) + '\n').join('');
}
