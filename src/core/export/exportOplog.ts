/**
 * `export --to oplog`: a session's signed ops as JSON lines, each in canonical JSON
 * (RFC 8785), then its signed head (src/core/oplog/logHead.ts) as the final line, so a
 * reader can tell whether the log it holds was cut short.
 */
import { canonicalJson } from '../oplog/canonicalJson.ts';
import type { SignedHead } from '../oplog/logHead.ts';
import type { SignedOperation } from '../oplog/operation.ts';

export function exportOplog(ops: readonly SignedOperation[], head: SignedHead | null): string {
  return ops.map((op) => canonicalJson(op) + '\n').join('') + (head ? canonicalJson(head) + '\n' : '');
}
