// Starts a TypeScript worker_threads worker: loader hooks registered in the parent
// thread do not reach workers on Node 20, so register tsx here, then import the
// module named in workerData.entry (a file URL).
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
