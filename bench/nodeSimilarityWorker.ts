/**
 * The similarity worker for Node: the same API object the page's worker exposes, behind
 * comlink's node adapter, so the benchmark measures a real worker round trip.
 */
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { createSimilarityApi } from '../workers/similarityApi.ts';

if (!parentPort) throw new Error('nodeSimilarityWorker must run in a worker thread');
expose(createSimilarityApi(), nodeEndpoint(parentPort));
