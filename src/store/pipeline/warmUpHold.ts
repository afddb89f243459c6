/**
 * Keeps the layout worker's ELK warm-up off while the person is working: typing, a big
 * analysis, dragging or wheeling over the graph. The warm-up is a few seconds of one core
 * spent so a later layout is fast; on a machine of two cores, run during a pan it took
 * the core the browser paints with (a 10k graph panned at 25–30 frames a second).
 * Holds are sent sparingly: one message covers the next `SLACK_MS` of activity.
 */
const SLACK_MS = 500;

export class WarmUpHold {
  private heldUntil = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly send: (ms: number) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** No warm-up round starts in the next `ms` milliseconds. */
  hold(ms: number): void {
    if (!(ms > 0)) return;
    const at = this.now();
    if (at + ms <= this.heldUntil) return;
    const span = ms + SLACK_MS;
    this.heldUntil = at + span;
    this.send(span);
  }
}
