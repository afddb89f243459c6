/**
 * An operation log built in a test as `warrant cascade` builds one: each body addressed
 * (seq, parent, id) after the ops before it, unsigned, in session `t`.
 */
import type { OperationBody, OpId, UnsignedOperation } from '../../src/core/oplog/operation.ts';
import type { AddressedOperation } from '../../src/core/session/sessionModel.ts';
import { opIdOf } from '../../src/core/oplog/opId.ts';

export function addressedAppender(log: AddressedOperation[]): (body: OperationBody) => OpId {
  return (body) => {
    const unsigned: UnsignedOperation = { v: 1, session: 't', seq: log.length + 1, parent: log.at(-1)?.id ?? null, at: '2026-01-01T00:00:00Z', source: 'cli', author: '', body };
    const op = { ...unsigned, id: opIdOf(unsigned) };
    log.push(op);
    return op.id;
  };
}
