/**
 * Stands in for Monaco's `internal/common/workers.js` (vite.config.ts aliases it here).
 * Monaco's own copy makes a language service's worker the same way, but first imports
 * every editor feature Monaco has. The JSON service (FormalProposal documents) loads it
 * lazily, after the editor's services were made: code lenses and drop-into-editor then
 * registered on a live editor whose services lack theirs, and opening a proposal threw
 * "depends on UNKNOWN service ICodeLensCache / treeViewsDndService". The page chooses
 * its features in editorFeatures.ts; this makes the worker and nothing else.
 */
import { editor } from 'monaco-editor/editor';

interface WorkerOptions {
  readonly moduleId: string;
  readonly label?: string;
  readonly createData?: unknown;
  readonly host?: Record<string, (...args: never[]) => unknown>;
  readonly keepIdleModels?: boolean;
  readonly createWorker?: () => Worker;
}

function getWorker(label: string, createWorker: (() => Worker) | undefined): Worker | Promise<Worker> {
  const environment = globalThis.MonacoEnvironment;
  if (environment?.getWorker) return environment.getWorker('workerMain.js', label);
  if (environment?.getWorkerUrl) return new Worker(environment.getWorkerUrl('workerMain.js', label), { name: label, type: 'module' });
  if (createWorker) return createWorker();
  throw new Error('You must define a function MonacoEnvironment.getWorkerUrl or MonacoEnvironment.getWorker');
}

export function createWebWorker<T extends object>(opts: WorkerOptions): editor.MonacoWebWorker<T> {
  const worker = Promise.resolve(getWorker(opts.label ?? 'monaco-editor-worker', opts.createWorker)).then((w) => {
    // As Monaco's: the first message is ignored, the second carries the service's data.
    w.postMessage('ignore');
    w.postMessage(opts.createData);
    return w;
  });
  return editor.createWebWorker<T>({ worker, host: opts.host, keepIdleModels: opts.keepIdleModels } as Parameters<typeof editor.createWebWorker>[0]);
}
