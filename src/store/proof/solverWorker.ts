/**
 * Starts one solver worker and wraps it with comlink: the handle the solver client
 * drives. z3's two files are located here, on the page, as absolute URLs (the worker
 * file itself lives elsewhere in the build).
 */
import { proxy, wrap } from 'comlink';
import { z3ScriptUrl, z3WasmUrl } from 'virtual:z3-assets';
import type { MatrixReport, ProposalRow, ProveResult, RoundRecord } from '../../core/proposal/index.ts';
import type { EvaluateRequest, ProveRequest } from '../../../workers/solverApi.ts';
import type { SolverApi } from '../../../workers/solver.worker.ts';

export interface SolverWorkerHandle {
  /** Loads z3; resolves with its version. */
  start(): Promise<string>;
  prove(request: ProveRequest, onRound: (round: RoundRecord) => void): Promise<ProveResult>;
  /** The strategy matrix over one proposal (z3's strategies; the others reported as not run here). */
  evaluate(request: EvaluateRequest, onRow: (row: ProposalRow) => void): Promise<MatrixReport>;
  /** Stops the worker at once, whatever it is doing. */
  terminate(): void;
  /** Called when the worker itself fails (a script error, an abort inside z3). */
  onError(listener: (message: string) => void): void;
}

export function spawnSolverWorker(): SolverWorkerHandle {
  const worker = new Worker(new URL('../../../workers/solver.worker.ts', import.meta.url), { type: 'module', name: 'solver' });
  const api = wrap<SolverApi>(worker);
  const assets = { scriptUrl: new URL(z3ScriptUrl, location.href).href, wasmUrl: new URL(z3WasmUrl, location.href).href };
  return {
    start: () => api.start(assets),
    prove: (request, onRound) => api.prove(request, proxy(onRound)),
    evaluate: (request, onRow) => api.evaluate(request, proxy(onRow)),
    terminate: () => worker.terminate(),
    onError: (listener) => worker.addEventListener('error', (e) => listener(e.message || 'the solver worker failed')),
  };
}
