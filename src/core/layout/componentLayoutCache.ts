/**
 * Remembers component layouts by the exact shape of the component (layoutInputKey), so
 * a full layout after an edit re-runs ELK only for the components the edit touched.
 * Least recently used entries go first once the cache is full.
 */
import type { ComponentLayout } from './componentLayout.ts';
import type { LayoutMethod } from './layoutTypes.ts';

export interface CachedComponent {
  readonly layout: ComponentLayout;
  readonly method: Extract<LayoutMethod, 'elk' | 'fast-layered'>;
}

export class ComponentLayoutCache {
  private readonly entries = new Map<string, CachedComponent>();

  constructor(private readonly capacity = 1024) {}

  get(key: string): CachedComponent | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Re-insert to mark it recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedComponent): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
