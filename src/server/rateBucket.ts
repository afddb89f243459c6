/**
 * A token bucket: `rate` a second, up to `burst` saved. `take()` spends one and says how
 * long the taker should wait before its next (0: go on). The team server pauses reading a
 * connection for that long rather than dropping anything it sent: the client's updates all
 * arrive, at the rate the server allows, and other rooms keep their share of the server.
 */
export class RateBucket {
  private level: number;
  private at: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number = rate,
    private readonly now: () => number = performance.now.bind(performance),
  ) {
    this.level = burst;
    this.at = now();
  }

  /** Spends one; the milliseconds until the bucket holds one again (0 while it still does). */
  take(): number {
    const t = this.now();
    this.level = Math.min(this.burst, this.level + ((t - this.at) * this.rate) / 1000);
    this.at = t;
    this.level -= 1;
    return this.level >= 0 ? 0 : Math.ceil((-this.level * 1000) / this.rate);
  }
}
