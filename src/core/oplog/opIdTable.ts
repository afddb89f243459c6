/**
 * Op id → slot, for replay's lookups over a whole log (each op by its id, each parent).
 * Op ids are BLAKE3 digests, so eight of their hex digits are already a uniformly spread
 * hash: an open-addressing table keyed on them skips hashing the 67-character strings
 * and the rehashing a growing Map does, which on 100k ops is a measurable share of
 * replay. Ids are compared in full on a hit, so a collision costs a probe, never a
 * wrong answer. Anything that is not a well-formed id simply is not found.
 */

import { hexDigitAt } from './hexDigit.ts';

const EMPTY = -1;

/** Eight hex digits of the id (after `b3:`) as a number, or -1 when they are not hex. */
function keyOf(id: string): number {
  if (id.length !== 67) return -1;
  let key = 0;
  for (let i = 3; i < 11; i++) {
    const nibble = hexDigitAt(id, i);
    if (nibble > 15) return -1;
    key = key * 16 + nibble;
  }
  return key;
}

export class OpIdTable {
  private readonly slots: Int32Array;
  private readonly ids: string[] = [];
  private readonly mask: number;

  /** A table for up to `capacity` ids. */
  constructor(capacity: number) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size).fill(EMPTY);
    this.mask = size - 1;
  }

  /** The slot of `id`, or -1. */
  get(id: string): number {
    const key = keyOf(id);
    if (key < 0) return -1;
    for (let at = key & this.mask; ; at = (at + 1) & this.mask) {
      const slot = this.slots[at]!;
      if (slot === EMPTY) return -1;
      if (this.ids[slot] === id) return slot;
    }
  }

  /**
   * Adds `id` with the next slot number (0, 1, 2…) and returns it, or returns -1 when
   * it is already there. `id` must be a well-formed op id; the table must have room.
   */
  add(id: string): number {
    const key = keyOf(id);
    if (key < 0) throw new Error(`not an op id: ${id}`);
    for (let at = key & this.mask; ; at = (at + 1) & this.mask) {
      const slot = this.slots[at]!;
      if (slot === EMPTY) {
        this.slots[at] = this.ids.length;
        this.ids.push(id);
        return this.ids.length - 1;
      }
      if (this.ids[slot] === id) return -1;
    }
  }
}
