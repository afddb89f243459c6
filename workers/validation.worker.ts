/**
 * The validation worker: a comlink adapter over core's analysis, so parsing and
 * validation never block the page. The page creates it with
 * `new Worker(new URL('../../workers/validation.worker.ts', import.meta.url), { type: 'module' })`
 * and wraps it with `wrap<ValidationApi>`.
 */
import { expose } from 'comlink';
import { createValidationApi } from './validationApi.ts';

export type ValidationApi = ReturnType<typeof createValidationApi>;

expose(createValidationApi());
