/**
 * The page's handle on the solver worker (z3 compiled to WebAssembly). z3 is loaded the
 * first time a proposal needs it, not on every page. A solve is stopped by terminating
 * the worker — a worker busy inside WebAssembly takes no messages — and a fresh one is
 * started at once, so the next Run does not wait for z3 to load again.
 *
 * A watchdog backs up the solver's own time budget: if no answer has come a little
 * after the budget, the worker is cut off the same way and the run ends `unknown`
 * with the timeout budget named. The page never waits on a solver that hangs.
 */
import type { MatrixReport, ProposalRow, ProveResult, RoundRecord } from '../../core/proposal/index.ts';
import type { EvaluateRequest, ProveRequest } from '../../../workers/solverApi.ts';
import type { SolverWorkerHandle } from './solverWorker.ts';

/** How a job on the solver worker ended, from the page's side. */
export type JobOutcome<T> = { readonly kind: 'result'; readonly result: T } | { readonly kind: 'cancelled' } | { readonly kind: 'timeout' } | { readonly kind: 'failed'; readonly message: string };

/** How a solve ended. */
export type SolveOutcome = JobOutcome<ProveResult>;

export type SolverStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** Slack past the time budget before the watchdog cuts the worker off (z3 interrupts itself at +250 ms). */
export const WATCHDOG_GRACE_MS = 2000;

interface Running {
  /** Answers the job once; later calls do nothing. */
  readonly settle: (outcome: JobOutcome<never>) => void;
}

export class SolverClient {
  private worker: SolverWorkerHandle | null = null;
  private starting: Promise<string> | null = null;
  private running: Running | null = null;
  /** Workers cut off so far (cancel, watchdog or a crash). */
  restarts = 0;

  constructor(
    private readonly spawn: () => SolverWorkerHandle,
    private readonly onStatus: (status: SolverStatus, detail: string | null) => void,
    private readonly graceMs = WATCHDOG_GRACE_MS,
  ) {}

  /** Loads z3 in a worker if that has not happened yet; resolves with z3's version. */
  start(): Promise<string> {
    if (this.starting) return this.starting;
    const worker = this.spawn();
    this.worker = worker;
    this.onStatus('loading', null);
    worker.onError((message) => {
      if (this.worker !== worker) return;
      this.onStatus('failed', message);
      // A crash mid-solve ends that solve; the next start makes a new worker.
      const entry = this.running;
      this.drop();
      entry?.settle({ kind: 'failed', message });
    });
    const starting = worker.start().then(
      (version) => {
        if (this.worker === worker) this.onStatus('ready', version);
        return version;
      },
      (e: unknown) => {
        const message = e instanceof Error ? e.message : String(e);
        if (this.worker === worker) {
          this.onStatus('failed', message);
          this.drop(); // the next start tries again with a new worker
        }
        throw new Error(message);
      },
    );
    this.starting = starting;
    return starting;
  }

  /**
   * Runs one proposal; rounds are reported as they end. Never rejects. A cancel while
   * z3 is still loading counts too: the loading worker is dropped like a solving one.
   */
  solve(request: ProveRequest, onRound: (round: RoundRecord) => void): Promise<SolveOutcome> {
    return this.job(request.budgets.timeoutMs, (worker) => worker.prove(request, onRound));
  }

  /**
   * DS004's strategy matrix over one proposal, with the solvers the page has (z3); each
   * strategy gets `timeoutMs`, so the watchdog allows them all. Never rejects.
   */
  evaluate(request: EvaluateRequest, strategies: number, onRow: (row: ProposalRow) => void): Promise<JobOutcome<MatrixReport>> {
    return this.job(request.timeoutMs * strategies, (worker) => worker.evaluate(request, onRow));
  }

  /** One job at a time: a new one cancels the running one. The watchdog counts from when z3 is ready. */
  private job<T>(budgetMs: number | undefined, call: (worker: SolverWorkerHandle) => Promise<T>): Promise<JobOutcome<T>> {
    if (this.running) this.cancel();
    return new Promise<JobOutcome<T>>((resolve) => {
      let done = false;
      let watchdog: ReturnType<typeof setTimeout> | null = null;
      const finish = (outcome: JobOutcome<T>) => {
        if (done) return;
        done = true;
        if (watchdog) clearTimeout(watchdog);
        if (this.running === entry) this.running = null;
        resolve(outcome);
      };
      const entry: Running = { settle: finish };
      this.running = entry;
      this.start().then(
        () => {
          if (done) return;
          // Loading z3 is not part of the budget.
          if (budgetMs !== undefined && Number.isFinite(budgetMs)) {
            watchdog = setTimeout(() => {
              if (done) return;
              this.replaceWorker();
              finish({ kind: 'timeout' });
            }, budgetMs + this.graceMs);
          }
          call(this.worker!).then(
            (result) => finish({ kind: 'result', result }),
            (e: unknown) => finish({ kind: 'failed', message: e instanceof Error ? e.message : String(e) }),
          );
        },
        (e: unknown) => finish({ kind: 'failed', message: e instanceof Error ? e.message : String(e) }),
      );
    });
  }

  /** Stops the running solve, if any: its worker is terminated and a fresh one started. */
  cancel(): void {
    const entry = this.running;
    if (!entry) return;
    this.replaceWorker();
    // Answered here: the terminated worker never answers.
    entry.settle({ kind: 'cancelled' });
  }

  get busy(): boolean {
    return this.running !== null;
  }

  /** Terminates the worker and starts a fresh one, so the next run finds z3 loaded. */
  private replaceWorker(): void {
    this.drop();
    this.restarts++;
    void this.start().catch(() => undefined);
  }

  private drop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.starting = null;
    this.running = null;
  }
}
