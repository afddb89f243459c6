/**
 * What the page needs from the inference worker: posteriors for one version of a
 * package's IR. The worker (workers/inference.worker.ts) is wrapped to this shape in
 * workerClients.ts, so the pipeline does not depend on the worker's own message types.
 */
import type { ReviewDecision } from '../../core/gaia/review/reviewGate.ts';
import type { InferenceResult } from '../../core/infer/inferenceResult.ts';

export interface InferenceRequest {
  readonly version: number;
  readonly ir: unknown;
  /** The session's review decisions, applied to the IR in the worker (absent or empty: none). */
  readonly decisions?: readonly ReviewDecision[];
}

export interface InferenceReply {
  readonly version: number;
  readonly result: InferenceResult;
  /** Time the worker spent. */
  readonly ms: number;
}

export interface InferenceClient {
  infer(request: InferenceRequest): Promise<InferenceReply>;
  /** Abandon the request in flight (it rejects with RequestCancelled), when supported. */
  cancel?(): void;
}
