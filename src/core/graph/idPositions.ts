/**
 * Where each id sits in a list, for lists that grow at the end. Appending ten records to a
 * 100,000-node log made the page map every id again (a quarter of a second with the rest
 * of the re-indexing). Lists that extend one another share one table: each list reads the
 * entries below its own length, and only the latest list of a table may extend it, so an
 * older list, still held, never sees ids that are not in it.
 */

/** What a reader of positions needs. */
export interface PositionLookup {
  get(id: string): number | undefined;
  has(id: string): boolean;
  readonly size: number;
}

interface Table {
  readonly map: Map<string, number>;
  /** How many entries the table holds: the length of the latest list that uses it. */
  length: number;
  /** False when the list it was made of gave an id twice: such a list has no positions to extend. */
  readonly dense: boolean;
}

export class IdPositions implements PositionLookup {
  /**
   * `length`: how long the list is (positions below it are this list's); `size`: how many
   * ids it holds, the same unless an id was given twice.
   */
  private constructor(
    private readonly table: Table,
    private readonly length: number,
    readonly size: number,
  ) {}

  /** The positions of `ids`, in order (an id given twice is at its last place). */
  static of(ids: Iterable<string>): IdPositions {
    const map = new Map<string, number>();
    let i = 0;
    for (const id of ids) map.set(id, i++);
    return new IdPositions({ map, length: i, dense: i === map.size }, i, map.size);
  }

  get(id: string): number | undefined {
    const at = this.table.map.get(id);
    return at !== undefined && at < this.length ? at : undefined;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** The ids in order. */
  *keys(): IterableIterator<string> {
    let left = this.size;
    for (const id of this.table.map.keys()) {
      if (left-- === 0) return;
      yield id;
    }
  }

  /**
   * The positions of this list followed by `ids`: the table is shared when this is the
   * latest list over it, copied otherwise. Null when an id is already placed (not an append).
   */
  extended(ids: readonly string[]): IdPositions | null {
    if (!this.table.dense) return null;
    const shared = this.table.length === this.length;
    const table: Table = shared ? this.table : { map: new Map(this.keysWithPlaces()), length: this.length, dense: true };
    const start = this.length;
    for (const [k, id] of ids.entries()) {
      if (table.map.has(id)) {
        // Undo what this call added, so the table stays as its lists know it.
        for (const added of ids.slice(0, k)) table.map.delete(added);
        return null;
      }
      table.map.set(id, start + k);
    }
    table.length = start + ids.length;
    return new IdPositions(table, table.length, table.length);
  }

  private *keysWithPlaces(): IterableIterator<[string, number]> {
    let i = 0;
    for (const id of this.keys()) yield [id, i++];
  }
}

/**
 * The positions of each list's ids, kept per list. A patch that keeps the order (a
 * keystroke) makes a new list with the same positions, which inherits them; one that
 * appends extends them; an index made of a graph gives its node list its own.
 */
const positionsByList = new WeakMap<readonly { readonly id: string }[], IdPositions>();

export function positionsOf(list: readonly { readonly id: string }[]): IdPositions {
  let positions = positionsByList.get(list);
  if (!positions) positionsByList.set(list, (positions = IdPositions.of(list.map((x) => x.id))));
  return positions;
}

/** The positions of `list` when they were made already; undefined otherwise. */
export function knownPositionsOf(list: readonly { readonly id: string }[]): IdPositions | undefined {
  return positionsByList.get(list);
}

/** `positions` are those of `list` (made another way: kept, extended or indexed). */
export function setPositionsOf(list: readonly { readonly id: string }[], positions: IdPositions): void {
  positionsByList.set(list, positions);
}
