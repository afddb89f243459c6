/**
 * The inference client the page uses: posteriors from a worker that can be abandoned.
 * A request cannot be interrupted inside a worker, so cancelling means terminating the
 * worker and starting a fresh one. That costs a worker start-up, so a request is given
 * a grace period first: a stale request that finishes within it is simply dropped when
 * it answers; one that runs past it (a large loopy BP, say) is cut off, its promise
 * rejected with RequestCancelled, and the next request runs on the new worker.
 */
import type { InferenceClient, InferenceReply, InferenceRequest } from './inferenceClient.ts';
import { RequestCancelled } from './latestRequest.ts';

export interface InferenceWorkerHandle {
  infer(request: InferenceRequest): Promise<InferenceReply>;
  terminate(): void;
}

interface Running {
  readonly started: number;
  readonly reject: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout> | null;
}

/** How long a stale request may still run before its worker is replaced. */
export const CANCEL_GRACE_MS = 150;

export class CancellableInference implements InferenceClient {
  /** Started at the first request: a page showing CLAIR never needs one. */
  private worker: InferenceWorkerHandle | null = null;
  private running: Running | null = null;
  /** Workers replaced so far; shown in tests and useful when debugging. */
  restarts = 0;

  constructor(
    private readonly spawn: () => InferenceWorkerHandle,
    private readonly graceMs = CANCEL_GRACE_MS,
  ) {}

  infer(request: InferenceRequest): Promise<InferenceReply> {
    return new Promise<InferenceReply>((resolve, reject) => {
      const entry: Running = { started: performance.now(), reject, timer: null };
      this.running = entry;
      (this.worker ??= this.spawn()).infer(request).then(
        (reply) => {
          if (this.settle(entry)) resolve(reply);
        },
        (error: unknown) => {
          if (this.settle(entry)) reject(error);
        },
      );
    });
  }

  /** The running request is stale: cut it off once it has had its grace period. */
  cancel(): void {
    const entry = this.running;
    if (!entry || entry.timer !== null) return;
    const wait = Math.max(0, this.graceMs - (performance.now() - entry.started));
    entry.timer = setTimeout(() => {
      if (this.running !== entry) return;
      this.running = null;
      this.worker?.terminate();
      this.worker = this.spawn();
      this.restarts++;
      entry.reject(new RequestCancelled());
    }, wait);
  }

  /** True when `entry` is still the running request (not cut off); clears it. */
  private settle(entry: Running): boolean {
    if (this.running !== entry) return false;
    if (entry.timer !== null) clearTimeout(entry.timer);
    this.running = null;
    return true;
  }
}
