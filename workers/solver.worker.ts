/**
 * The solver worker: z3 (WebAssembly) in one live context, behind comlink.
 * The page creates it with
 * `new Worker(new URL('../../workers/solver.worker.ts', import.meta.url), { type: 'module' })`.
 */
import { expose } from 'comlink';
import { createSolverApi } from './solverApi.ts';

export type SolverApi = ReturnType<typeof createSolverApi>;

expose(createSolverApi());
