/**
 * The layout worker: the layout cache and engine run here, off the page's thread, and
 * ELK in a thread of its own that this worker starts (elkThread.ts). The page creates it with
 *   new Worker(new URL('../../workers/layout.worker.ts', import.meta.url), { type: 'module' })
 * and talks to it through `comlink.wrap<LayoutApi>(worker)`.
 */
import { expose } from 'comlink';
import { useElkFactory } from '../src/elk/elkInstance.ts';
import { elkInItsOwnThread } from './elkThread.ts';
import { createLayoutApi } from './layoutApi.ts';

// A worker that cannot start workers of its own keeps ELK in this thread.
if (typeof Worker !== 'undefined') useElkFactory(elkInItsOwnThread);

const api = createLayoutApi();

expose(api);

export type LayoutApi = typeof api;
export type { LayoutRequest, VersionedLayoutResult } from './layoutApi.ts';
