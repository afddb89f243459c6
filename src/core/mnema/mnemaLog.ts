/**
 * A Mnema session's log on disk or in a room: JSON Lines of signed ops whose bodies are
 * Mnema's, ending with a signed head — read and verified by the same reader as every log
 * (src/core/oplog/readLog.ts, with Mnema's body table), and written by a chain writer
 * that gives each op its seq, parent, id and signature as the engine appends it.
 */
import { operationBytes } from '../oplog/operationBytes.ts';
import type { SignedHead } from '../oplog/logHead.ts';
import { b3Of } from '../oplog/opId.ts';
import type { OperationSource, OpId, UnsignedOperation } from '../oplog/operation.ts';
import type { LogReading, ReadLogOptions } from '../oplog/readLog.ts';
import { readLogText } from '../oplog/readLog.ts';
import type { MnemaWriter } from './derivationEngine.ts';
import type { MnemaBody, MnemaOp } from './mnemaBodies.ts';
import { MNEMA_BODIES } from './mnemaSchema.ts';

export interface MnemaLogReading extends LogReading {
  readonly ops: readonly MnemaOp[];
  readonly unreadable: readonly { line: number; detail: string }[];
}

/**
 * Reads a Mnema log's text: every op checked against Mnema's bodies, the chain and the
 * head — or the heads of branches members wrote at once, a log shared live being text
 * that merges both (readLog.ts `branchHeads`).
 */
export function readMnemaLog(text: string, options: ReadLogOptions = {}): MnemaLogReading {
  const reading = readLogText(text, { branchHeads: true, ...options, bodies: MNEMA_BODIES });
  return { ...reading, ops: reading.applied as unknown as MnemaOp[] };
}

/** The log as a file: one op per line, then its head. */
export function mnemaLogText(ops: readonly MnemaOp[], head: SignedHead | null): string {
  const lines = ops.map((op) => JSON.stringify(op));
  if (head) lines.push(JSON.stringify(head));
  return lines.length > 0 ? lines.join('\n') + '\n' : '';
}

/** Writes ops after the log's tip: seq, parent, id, then the signature `sign` gives (hex). */
export class ChainWriter implements MnemaWriter {
  readonly written: MnemaOp[] = [];
  private last: { seq: number; id: OpId } | null;

  constructor(
    private readonly session: string,
    last: { readonly seq: number; readonly id: OpId } | null,
    private readonly author: string,
    private readonly sign: (bytes: Uint8Array) => string,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {
    this.last = last ? { seq: last.seq, id: last.id } : null;
  }

  write(body: MnemaBody, source: OperationSource): MnemaOp {
    const unsigned = {
      v: 1,
      session: this.session,
      seq: this.last ? this.last.seq + 1 : 1,
      parent: this.last ? this.last.id : null,
      at: this.now(),
      source,
      author: this.author,
      body,
    } as const;
    const bytes = operationBytes(unsigned as unknown as UnsignedOperation);
    const id = b3Of(bytes);
    const op: MnemaOp = { ...unsigned, id, sig: this.sign(bytes) };
    this.last = { seq: op.seq, id };
    this.written.push(op);
    return op;
  }
}
