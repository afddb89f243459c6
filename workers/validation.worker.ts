/**
 * The validation worker: a comlink adapter over core's analysis, so parsing and
 * validation never block the page. The page creates it with
 * `new Worker(new URL('../../workers/validation.worker.ts', import.meta.url), { type: 'module' })`
 * and wraps it with `wrap<ValidationApi>`.
 */
import { expose } from 'comlink';
import { useWasmBlake3 } from '../src/core/oplog/blake3Digest.ts';
import { createValidationApi } from './validationApi.ts';

export type ValidationApi = ReturnType<typeof createValidationApi>;

// Lifecycle replays hash the session's ops; until the fast BLAKE3 loads, the JavaScript one answers.
void useWasmBlake3();
expose(createValidationApi());
