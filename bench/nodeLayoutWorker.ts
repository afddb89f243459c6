/**
 * The layout worker for Node: the same API object the page's worker exposes, behind
 * comlink's node adapter, so the benchmark can time a first layout in a fresh thread.
 */
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { createLayoutApi } from '../workers/layoutApi.ts';

if (!parentPort) throw new Error('nodeLayoutWorker must run in a worker thread');
expose(createLayoutApi(), nodeEndpoint(parentPort));
