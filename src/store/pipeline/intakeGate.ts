/**
 * Whether the page is taking in a large result from a worker (a sliced analysis, a
 * packed layout). A long job of the page's own that nobody waits on (the editor filling
 * with a large paste) waits its turn here: each of its slices run between two slices of
 * the analysis delays the graph by a slice, and over a 5 MB paste that came to a third
 * of a second. While nothing is being taken in, the turn comes at once.
 */
import { nextTask } from './nextTask.ts';

export class IntakeGate {
  private holds = 0;
  private waiting: (() => void)[] = [];

  /** Marks an intake begun; the function returned ends it (once). */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // A task later: the result is accepted and drawn before a waiting job resumes.
      void nextTask().then(() => {
        if (--this.holds === 0) this.resume();
      });
    };
  }

  /** Resolves in a new task, once no intake is going on. */
  turn(): Promise<void> {
    if (this.holds === 0) return nextTask();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private resume(): void {
    const waiting = this.waiting;
    this.waiting = [];
    // Each in a task of its own, after whatever the intake's end scheduled.
    for (const resolve of waiting) void nextTask().then(resolve);
  }
}
