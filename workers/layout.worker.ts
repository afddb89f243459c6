/**
 * The layout worker: ELK and the layout cache run here, off the page's thread. The page
 * creates it with
 *   new Worker(new URL('../../workers/layout.worker.ts', import.meta.url), { type: 'module' })
 * and talks to it through `comlink.wrap<LayoutApi>(worker)`.
 */
import { expose } from 'comlink';
import { createLayoutApi } from './layoutApi.ts';

const api = createLayoutApi();

expose(api);

export type LayoutApi = typeof api;
export type { LayoutRequest, VersionedLayoutResult } from './layoutApi.ts';
