// Starts a fuzz worker thread: loader hooks registered in the parent thread do not
// reach workers on Node 20, so register tsx here, then import the worker (TypeScript).
import { register } from 'tsx/esm/api';

register();
await import('./core/worker.ts');
