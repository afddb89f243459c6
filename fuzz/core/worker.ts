/**
 * One target in a worker thread. Before each check the input is written to a shared
 * buffer and the check's index and "checking" flag set, so the runner can stop a check
 * that never ends and still write out the input that caused it. Findings and counts go
 * to the runner as messages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadTarget } from '../targets/index.ts';
import { crashProblem, runTarget } from './runTarget.ts';
import type { Problem } from './target.ts';
import type { WorkerJob, WorkerMessage } from './protocol.ts';
import { CONTROL_BYTES } from './protocol.ts';

const job = workerData as WorkerJob;
const port = parentPort!;
const control = new Int32Array(job.shared, 0, 4);
const data = new Uint8Array(job.shared, CONTROL_BYTES);
const encoder = new TextEncoder();
const send = (m: WorkerMessage) => port.postMessage(m);

function remember(index: number, input: unknown): void {
  let length = -1;
  try {
    const json = JSON.stringify(input);
    if (json.length * 3 <= data.length) length = encoder.encodeInto(json, data).written;
    else {
      const r = encoder.encodeInto(json, data);
      if (r.read === json.length) length = r.written;
    }
  } catch {
    length = -1;
  }
  Atomics.store(control, 2, length);
  Atomics.store(control, 0, index);
  Atomics.store(control, 1, 1);
}

try {
  const target = await loadTarget(job.target);
  if (job.mode === 'replay') {
    remember(0, job.input);
    const t = performance.now();
    let problems: Problem[];
    try {
      problems = await target.check(job.input);
    } catch (e) {
      problems = [crashProblem(e)];
    }
    Atomics.store(control, 1, 0);
    send({ type: 'replayed', problems, ms: performance.now() - t });
  } else {
    let lastProgress = performance.now();
    const { counts, elapsedMs } = await runTarget(target, {
      seed: job.seed,
      ...(job.timeMs !== undefined ? { timeMs: job.timeMs } : {}),
      ...(job.maxInputs !== undefined ? { maxInputs: job.maxInputs } : {}),
      ...(job.hangMs !== undefined ? { hangMs: job.hangMs } : {}),
      onFinding: (finding) => send({ type: 'finding', finding }),
      beforeCheck: remember,
      afterCheck: (_index, counts) => {
        Atomics.store(control, 1, 0);
        const now = performance.now();
        if (now - lastProgress > 500) {
          lastProgress = now;
          send({ type: 'progress', counts: { ...counts } });
        }
      },
    });
    send({ type: 'done', counts, elapsedMs });
  }
} catch (e) {
  send({ type: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
}
