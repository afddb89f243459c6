/**
 * The layout worker's end of "layout input ahead": the validation worker sends a large
 * graph's input as soon as the graph is built (before validation and confidences), and a
 * layout asked for that version starts from it rather than waiting for the analysis to end.
 * Only the newest is kept; asking for an older version than the one held answers null
 * (the validation worker has moved on, and a newer layout is asked for).
 */
import type { SourcedLayoutInput } from './layoutInputChannel.ts';

interface Waiter {
  readonly version: number;
  readonly resolve: (input: SourcedLayoutInput | null) => void;
}

export class LayoutInputsAhead {
  private held: { readonly version: number; readonly input: SourcedLayoutInput } | null = null;
  private waiters: Waiter[] = [];

  receive(version: number, input: SourcedLayoutInput): void {
    this.held = { version, input };
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) {
      if (w.version === version) w.resolve(input);
      else if (w.version < version) w.resolve(null);
      else this.waiters.push(w);
    }
  }

  /** The input sent ahead for `version`, once it arrives; null if a newer one came instead. */
  of(version: number): Promise<SourcedLayoutInput | null> {
    const held = this.held;
    if (held && held.version === version) return Promise.resolve(held.input);
    if (held && held.version > version) return Promise.resolve(null);
    return new Promise((resolve) => this.waiters.push({ version, resolve }));
  }
}
