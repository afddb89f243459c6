/**
 * What the inference worker offers: posterior beliefs of one version of a Gaia IR,
 * echoing the version so the page can drop stale answers. Plain functions over core,
 * kept apart from the worker file so tests and the Node benchmark can call them.
 */
import type { InferenceMethod, InferenceResult } from '../src/core/infer/inferenceResult.ts';
import type { GaiaIr } from '../src/core/infer/irInput.ts';
import type { ReviewDecision } from '../src/core/gaia/review/reviewGate.ts';
import { irWithDecisions } from '../src/core/gaia/review/reviewReport.ts';
import { runInference } from '../src/core/infer/runInference.ts';

export interface InferRequest {
  readonly version: number;
  readonly ir: unknown;
  readonly method?: InferenceMethod;
  /** Review decisions of the session: inference runs on the IR they leave (the rule `warrant review` and `infer --ops` use). */
  readonly decisions?: readonly ReviewDecision[];
}

export interface InferReply {
  readonly version: number;
  readonly result: InferenceResult;
  /** Time spent in the worker, lowering and inference. */
  readonly ms: number;
}

export function createInferenceApi() {
  return {
    infer(request: InferRequest): InferReply {
      const started = performance.now();
      const ir = request.ir as GaiaIr;
      const result = runInference(request.decisions?.length ? irWithDecisions(ir, request.decisions) : ir, { method: request.method ?? 'auto' });
      return { version: request.version, result, ms: performance.now() - started };
    },
  };
}
