import { afterEach } from 'vitest';
/**
 * Test fixtures for src/db: a fresh fake-indexeddb database per test, and
 * envelope-shaped ops whose id is a BLAKE3 hash of their content (not real signatures:
 * the storage layer treats ops as opaque records).
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { blake3 } from '@noble/hashes/blake3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { OpId, OperationBody, SignedOperation, UnsignedOperation } from '../../src/core/oplog/operation.ts';
import type { OperationSigner } from '../../src/db/logCopy.ts';
import { WarrantDb } from '../../src/db/warrantDb.ts';

let counter = 0;

/** Dexie options that point at fake-indexeddb (one shared in-memory IndexedDB per test file). */
export const fakeIdb = { indexedDB, IDBKeyRange };

/** A new database with a name no other test uses. */
export function freshDbName(): string {
  counter++;
  return `warrant-test-${counter}-${Math.random().toString(36).slice(2)}`;
}

export async function freshDb(name: string = freshDbName()): Promise<WarrantDb> {
  const db = new WarrantDb(name, { indexedDB, IDBKeyRange });
  await db.open();
  return db;
}

const encoder = new TextEncoder();

export function fakeId(content: unknown): OpId {
  return `b3:${bytesToHex(blake3(encoder.encode(JSON.stringify(content))))}`;
}

/** Signs by hashing: enough for storage tests (the author becomes the test key). */
export const fakeSigner: OperationSigner = (draft: UnsignedOperation) => {
  const unsigned = { ...draft, author: `ed25519:${'ab'.repeat(32)}` };
  return { ...unsigned, id: fakeId(unsigned), sig: 'cd'.repeat(64) };
};

/** A chain of `count` ops for `session`, starting at seq `from` after `parent`. */
export function makeOps(session: string, count: number, options: { from?: number; parent?: OpId | null; body?: (seq: number) => OperationBody } = {}): SignedOperation[] {
  const ops: SignedOperation[] = [];
  let parent = options.parent ?? null;
  const from = options.from ?? 1;
  for (let seq = from; seq < from + count; seq++) {
    const body: OperationBody = options.body?.(seq) ?? { kind: 'claim_correction', target: `b${seq}`, value: 0.5, revision: null };
    const unsigned: UnsignedOperation = {
      v: 1,
      session,
      seq,
      parent,
      at: '2026-01-01T00:00:00.000Z',
      source: 'editor',
      author: `ed25519:${'ef'.repeat(32)}`,
      body,
    };
    const op: SignedOperation = { ...unsigned, id: fakeId(unsigned), sig: '01'.repeat(64) };
    ops.push(op);
    parent = op.id;
  }
  return ops;
}

/** Timers a test advances by hand. */
export class ManualTimers {
  private next = 1;
  private readonly waiting = new Map<number, { run: () => void; at: number }>();
  now = 0;
  set = (run: () => void, ms: number): unknown => {
    const id = this.next++;
    this.waiting.set(id, { run, at: this.now + ms });
    return id;
  };
  clear = (handle: unknown): void => {
    this.waiting.delete(handle as number);
  };
  get count(): number {
    return this.waiting.size;
  }
  /** Moves time on, running every timer that falls due (once). */
  advance(ms: number): void {
    this.now += ms;
    for (const [id, t] of [...this.waiting]) {
      if (t.at <= this.now) {
        this.waiting.delete(id);
        t.run();
      }
    }
  }
}

/**
 * A fresh database per call, each closed after the test that opened it: call once at
 * the top of a test file, then `await db()` inside tests.
 */
export function databasesPerTest(): () => Promise<WarrantDb> {
  const open: WarrantDb[] = [];
  afterEach(() => {
    for (const d of open.splice(0)) d.close();
  });
  return async () => {
    const d = await freshDb();
    open.push(d);
    return d;
  };
}
