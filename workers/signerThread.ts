/**
 * The validation worker's helper for signing (signer.worker.ts), started at the first
 * write long enough to share (mnemaWrite.ts HELPED_WRITE_OPS). Null where a worker cannot
 * start workers of its own (Node's tests and benchmark): the write is signed in one thread.
 * Should the helper fail to start or die, its share is signed in this thread, then and
 * from then on.
 */
import { wrap, type Remote } from 'comlink';
import { signEach, type HelperSigner } from '../src/core/oplog/bytesSigner.ts';
import type { SignerApi } from './signer.worker.ts';

interface Helper {
  readonly api: Remote<SignerApi>;
  /** Rejects when the thread fails. */
  readonly failed: Promise<never>;
}

let helper: Helper | 'broken' | null = null;

function start(): Helper {
  const worker = new Worker(new URL('./signer.worker.ts', import.meta.url), { type: 'module', name: 'signer' });
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new Error(event.message || 'the signing thread could not start'));
    });
  });
  failed.catch(() => undefined);
  return { api: wrap<SignerApi>(worker), failed };
}

/** Starts the helper ahead of the write it will sign (a no-op where there are no workers, or it runs already). */
export function startHelperSigner(): void {
  if (typeof Worker !== 'undefined') helper ??= start();
}

export function helperSigner(): HelperSigner | null {
  if (typeof Worker === 'undefined') return null;
  return async (key, items) => {
    helper ??= start();
    if (helper === 'broken') return signEach(key, items);
    try {
      return await Promise.race([helper.api.signEach(key, items), helper.failed]);
    } catch {
      helper = 'broken';
      return signEach(key, items);
    }
  };
}
