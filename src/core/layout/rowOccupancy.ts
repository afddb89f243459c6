/**
 * The occupied rectangles of a layout, grouped by their top y (a "row"), answering the
 * two questions incremental placement asks: which rows exist, and where is the free
 * spot nearest to a wished-for x in a horizontal band.
 */
import { NODE_GAP } from './layoutSpacing.ts';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export class RowOccupancy {
  private readonly rows = new Map<number, Map<string, Rect>>();
  private readonly placed = new Map<string, Rect>();
  private sortedTops: number[] | null = null;

  add(id: string, rect: Rect): void {
    this.remove(id);
    this.placed.set(id, rect);
    let row = this.rows.get(rect.y);
    if (!row) {
      row = new Map();
      this.rows.set(rect.y, row);
      this.sortedTops = null;
    }
    row.set(id, rect);
  }

  remove(id: string): void {
    const rect = this.placed.get(id);
    if (!rect) return;
    this.placed.delete(id);
    const row = this.rows.get(rect.y)!;
    row.delete(id);
    if (row.size === 0) {
      this.rows.delete(rect.y);
      this.sortedTops = null;
    }
  }

  /** The top y of every row, ascending. */
  tops(): readonly number[] {
    this.sortedTops ??= [...this.rows.keys()].sort((a, b) => a - b);
    return this.sortedTops;
  }

  /** The first row whose top is at or below `y`, if any. */
  firstRowFrom(y: number): number | undefined {
    const tops = this.tops();
    let lo = 0;
    let hi = tops.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tops[mid]! < y) lo = mid + 1;
      else hi = mid;
    }
    return tops[lo];
  }

  /**
   * The left x nearest to `wantedX` where a `width`×`height` box at top `y` overlaps
   * nothing placed, keeping NODE_GAP from its horizontal neighbours.
   */
  nearestFreeX(y: number, width: number, height: number, wantedX: number): number {
    const wanted = Number.isFinite(wantedX) ? wantedX : 0;
    // Forbidden ranges for the box's left edge, as open intervals.
    const blocked: [number, number][] = [];
    for (const [top, row] of this.rows) {
      if (top >= y + height) continue;
      for (const r of row.values()) {
        if (r.y + r.height <= y) continue;
        blocked.push([r.x - NODE_GAP - width, r.x + r.width + NODE_GAP]);
      }
    }
    blocked.sort((a, b) => a[0] - b[0]);
    let best = wanted;
    let end = -Infinity;
    let start = -Infinity;
    // Walk merged intervals; stop at the one containing `wanted`, if any.
    for (const [a, b] of blocked) {
      if (a >= end) {
        if (start < wanted && wanted < end) break;
        start = a;
        end = b;
      } else {
        end = Math.max(end, b);
      }
    }
    if (start < wanted && wanted < end) best = wanted - start <= end - wanted ? start : end;
    return best;
  }
}
