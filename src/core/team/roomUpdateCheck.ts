/**
 * Whether an update may enter a team room. A room's history only grows (roomDoc.ts): a
 * key of `meta` or `ops`, once set, keeps its value; a member's head is only replaced by
 * another valid head of that member; the text and requests to join are free. The team server asks this
 * before it stores or relays an update, so a writer — an invitee not yet a member, a
 * stolen token — cannot erase or rewrite signed history. (Readers check the heads
 * anyway, roomHeads.ts: the server is not trusted with validity.)
 *
 * The check reads the update's structs without applying them (Yjs's `decodeUpdate`) and
 * decides, for each new item, where Yjs would put it — its parent and map key come from
 * the update, or from the item it was inserted next to (in the update, among updates
 * accepted but not yet applied, or in the room) — and, for each deleted range, what it
 * would delete. Refused:
 *  - a value written over a key of a grow-only map (an item placed next to the key's
 *    item — how Yjs writes a map key again — or a concurrent first write of another
 *    value), but a concurrent first claim of `meta.founder` while the log is empty (the
 *    founders settle on one, the same on every replica);
 *  - anything but one string as a value of those maps, or content nested inside them; an
 *    op entry that is not a JSON object naming its key as its id;
 *  - a deletion of an item of those maps, except a head replaced in the same update;
 *  - a deletion of, or insertion next to, something the room does not hold (Yjs would
 *    keep such a deletion waiting and apply it to whatever later takes that id);
 *  - a head that is not a valid signed head of its key and the room's session. (An
 *    earlier head of the same member is let in: two tabs of one browser may race to
 *    write theirs, and a shorter head only asks less of the log.)
 */
import * as Y from 'yjs';
import { FOUNDER_KEY, GROW_ONLY_MAPS, HEADS_MAP } from './roomDoc.ts';

const GUARDED: ReadonlySet<string> = new Set<string>([...GROW_ONLY_MAPS, HEADS_MAP]);

/** What a head value must be: checked by the caller's rule (signature, author, session). */
export type HeadCheck = (value: string, key: string, session: string | null) => { ok: true; count: number } | { ok: false; detail: string };

export type UpdateVerdict =
  /** `changes`: false when applying it would change nothing (a resend, a first sync with nothing new). */
  { readonly ok: true; readonly ticket: PendingUpdate; readonly changes: boolean } | { readonly ok: false; readonly reason: string };

/** Where Yjs would put an item. */
type Place =
  | { readonly kind: 'free' }
  /** `first`: written as a key's first value (no neighbour), as opposed to over its item. */
  | { readonly kind: 'guarded'; readonly root: string; readonly key: string | null; readonly nested: boolean; readonly first?: boolean }
  /** Next to garbage-collected content: Yjs drops the item. */
  | { readonly kind: 'gone' }
  | { readonly kind: 'unknown' };

const FREE: Place = { kind: 'free' };
const GONE: Place = { kind: 'gone' };
const UNKNOWN: Place = { kind: 'unknown' };

/** An item accepted into the room but not applied yet (its update is being stored). */
interface PendingItem {
  readonly clock: number;
  readonly length: number;
  readonly place: Place;
  readonly value: string | null;
}

/** The items of one accepted update, held until it is applied (or given up). */
export interface PendingUpdate {
  /** By client, in clock order. */
  readonly items: ReadonlyMap<number, readonly PendingItem[]>;
  /** The values it writes, per guarded key (`root\0key`). */
  readonly values: ReadonlyMap<string, string>;
}

/** A found struct: an item of the update, a pending item, an item of the room, or garbage. */
type Found = { readonly place: Place; readonly value: string | null; readonly gc: boolean } | null;

export class RoomUpdateCheck {
  private readonly pending = new Set<PendingUpdate>();

  constructor(
    private readonly doc: Y.Doc,
    private readonly checkHead: HeadCheck,
  ) {}

  /** Whether `update` (Yjs v1 encoding) may enter the room; when it may, its items are held as pending until `settle`. */
  check(update: Uint8Array): UpdateVerdict {
    let decoded: { structs: (Y.Item | Y.GC | Y.Skip)[]; ds: { clients: Map<number, { clock: number; len: number }[]> } };
    try {
      decoded = Y.decodeUpdate(update) as unknown as typeof decoded;
    } catch {
      return { ok: false, reason: 'the update cannot be read' };
    }
    const run = new CheckRun(this.doc, this.pending, decoded.structs, this.checkHead);
    const refused = run.items() ?? run.deletions(decoded.ds.clients);
    if (refused !== null) return { ok: false, reason: refused };
    for (const list of run.accepted.values()) list.sort((a, b) => a.clock - b.clock);
    const ticket: PendingUpdate = { items: run.accepted, values: run.written };
    this.pending.add(ticket);
    return { ok: true, ticket, changes: run.accepted.size > 0 || run.deletes };
  }

  /** The update of `ticket` was applied to the room (or will never be): its items are the room's own now. */
  settle(ticket: PendingUpdate): void {
    this.pending.delete(ticket);
  }
}

/** One update's check against the room and the updates pending before it. */
class CheckRun {
  /** The update's items by client, in clock order. */
  private readonly byClient = new Map<number, (Y.Item | Y.GC | Y.Skip)[]>();
  private readonly places = new Map<Y.Item, Place>();
  // biome-ignore lint/suspicious/noExplicitAny: Yjs types the contents of its shared types as any
  private readonly roots: Map<Y.AbstractType<any>, string>;
  /** Values this update writes, per guarded key (`root\0key`). */
  readonly written = new Map<string, string>();
  /** Heads keys replaced by a valid later head in this update (their old item may go). */
  private readonly replacedHeads = new Set<string>();
  readonly accepted = new Map<number, PendingItem[]>();
  /** Whether the update deletes anything not deleted yet. */
  deletes = false;

  constructor(
    private readonly doc: Y.Doc,
    private readonly pending: ReadonlySet<PendingUpdate>,
    private readonly structs: readonly (Y.Item | Y.GC | Y.Skip)[],
    private readonly checkHead: HeadCheck,
  ) {
    for (const s of structs) {
      let list = this.byClient.get(s.id.client);
      if (!list) this.byClient.set(s.id.client, (list = []));
      list.push(s);
    }
    for (const list of this.byClient.values()) list.sort((a, b) => a.id.clock - b.id.clock);
    this.roots = new Map();
    doc.share.forEach((type, name) => this.roots.set(type, name));
  }

  /** Checks every new item; a reason when one is refused. */
  items(): string | null {
    for (const s of this.structs) {
      if (!(s instanceof Y.Item)) continue;
      const end = s.id.clock + s.length;
      // Wholly held already (a resend): Yjs skips it.
      if (end <= this.heldUpTo(s.id.client) || this.pendingCovers(s.id.client, s.id.clock, end)) continue;
      const place = this.placeOfNew(s);
      if (place.kind === 'unknown') return 'the update builds on changes the room does not hold';
      const value = stringValue(s);
      if (place.kind === 'guarded') {
        const refused = this.guardedItem(place, value);
        if (refused !== null) return refused;
      }
      let list = this.accepted.get(s.id.client);
      if (!list) this.accepted.set(s.id.client, (list = []));
      list.push({ clock: s.id.clock, length: s.length, place, value });
    }
    return null;
  }

  /** Checks every deleted range; a reason when one deletes what may not go. */
  deletions(clients: Map<number, { clock: number; len: number }[]>): string | null {
    for (const [client, ranges] of clients) {
      for (const { clock, len } of ranges) {
        // Yjs never writes an empty deletion; applied, one makes the room unencodable.
        if (!(len > 0)) return 'the update cannot be read (an empty deletion)';
        const refused = this.deletion(client, clock, clock + len);
        if (refused !== null) return refused;
      }
    }
    return null;
  }

  private guardedItem(place: Extract<Place, { kind: 'guarded' }>, value: string | null): string | null {
    const { root, key } = place;
    if (place.nested || key === null) return `the update puts content inside the room's ${root} map`;
    if (value === null) return `the update writes something other than text into ${root}[${JSON.stringify(key)}]`;
    const slot = `${root}\0${key}`;
    const before = this.written.get(slot) ?? this.currentValue(root, key);
    if (root === HEADS_MAP) {
      const head = this.checkHead(value, key, this.session());
      if (!head.ok) return `the update writes a head that is not valid: ${head.detail}`;
      this.replacedHeads.add(key);
    } else if (root === 'ops' && !filedUnderItsId(value, key)) {
      // A value that cannot be the op of its key would hold the key against the real op.
      return `the update files under ops[${JSON.stringify(key)}] something that is not the op of that id`;
    } else if (before !== null && before !== value) {
      const rivalFounder = root === 'meta' && key === FOUNDER_KEY && place.first && this.logIsEmpty();
      // Written over a value the key holds (next to its item, or as a concurrent first write).
      if (!rivalFounder) return `the update overwrites ${root}[${JSON.stringify(key)}], which only grows`;
    }
    this.written.set(slot, value);
    return null;
  }

  private deletion(client: number, start: number, end: number): string | null {
    const held = this.heldUpTo(client);
    // Within what the room holds: its items.
    if (start < held) {
      const structs = this.doc.store.clients.get(client)!;
      for (let i = Y.findIndexSS(structs, start); i < structs.length && structs[i]!.id.clock < Math.min(end, held); i++) {
        const s = structs[i]!;
        if (!(s instanceof Y.Item) || s.deleted) continue;
        this.deletes = true;
        const refused = this.mayDelete(this.placeOfHeld(s));
        if (refused !== null) return refused;
      }
    }
    // Past it: only what is pending or in this update may be deleted.
    let at = Math.max(start, held);
    while (at < end) {
      const found = this.pendingItemAt(client, at) ?? this.updateItemAt(client, at);
      if (!found) return 'the update deletes changes the room does not hold';
      if (!found.deleted) this.deletes = true;
      const refused = found.deleted ? null : this.mayDelete(found.place);
      if (refused !== null) return refused;
      at = found.end;
    }
    return null;
  }

  private mayDelete(place: Place): string | null {
    if (place.kind !== 'guarded') return null;
    if (place.root === HEADS_MAP && place.key !== null && !place.nested && this.replacedHeads.has(place.key)) return null;
    return `the update deletes an entry of the room's ${place.root} map, which only grows`;
  }

  /** The next clock of `client` the room holds. */
  private heldUpTo(client: number): number {
    const structs = this.doc.store.clients.get(client);
    if (!structs || structs.length === 0) return 0;
    const last = structs[structs.length - 1]!;
    return last.id.clock + last.length;
  }

  private pendingCovers(client: number, start: number, end: number): boolean {
    let at = start;
    while (at < end) {
      const found = this.pendingItemAt(client, at);
      if (!found) return false;
      at = found.end;
    }
    return true;
  }

  private pendingItemAt(client: number, clock: number): { place: Place; end: number; deleted: boolean } | null {
    for (const update of this.pending) {
      const item = holding(
        update.items.get(client),
        clock,
        (i) => i.clock,
        (i) => i.length,
      );
      if (item) return { place: item.place, end: item.clock + item.length, deleted: false };
    }
    return null;
  }

  private updateItemAt(client: number, clock: number): { place: Place; end: number; deleted: boolean } | null {
    const s = holding(
      this.byClient.get(client),
      clock,
      (x) => x.id.clock,
      (x) => x.length,
    );
    if (s instanceof Y.Item) return { place: this.placeOfNew(s), end: s.id.clock + s.length, deleted: false };
    // Garbage: nothing there to delete; a gap the update leaves (Skip): nothing known.
    return s instanceof Y.GC ? { place: GONE, end: s.id.clock + s.length, deleted: true } : null;
  }

  /** The struct holding `id`: in this update, pending, or in the room. */
  private find(id: Y.ID): Found {
    const inUpdate = holding(
      this.byClient.get(id.client),
      id.clock,
      (x) => x.id.clock,
      (x) => x.length,
    );
    if (inUpdate instanceof Y.Item) return { place: this.placeOfNew(inUpdate), value: stringValue(inUpdate), gc: false };
    if (inUpdate instanceof Y.GC) return { place: GONE, value: null, gc: true };
    const pending = this.pendingItemAt(id.client, id.clock);
    if (pending) return { place: pending.place, value: null, gc: false };
    if (id.clock >= this.heldUpTo(id.client)) return null;
    const structs = this.doc.store.clients.get(id.client)!;
    const s = structs[Y.findIndexSS(structs, id.clock)]!;
    if (!(s instanceof Y.Item)) return { place: GONE, value: null, gc: true };
    return { place: this.placeOfHeld(s), value: null, gc: false };
  }

  /** Where a new item goes: its own parent, else that of the item left of it, else right of it (Yjs's rule). */
  private placeOfNew(item: Y.Item): Place {
    const known = this.places.get(item);
    if (known) return known;
    // Marked first: an item whose neighbours lead back to itself is malformed.
    this.places.set(item, UNKNOWN);
    let place: Place;
    const parent = item.parent as unknown as string | Y.ID | null;
    if (typeof parent === 'string')
      place = GUARDED.has(parent) ? { kind: 'guarded', root: parent, key: item.parentSub, nested: false, first: item.origin === null && item.rightOrigin === null } : FREE;
    else if (parent !== null) place = nestedIn(this.find(parent));
    else {
      const left = item.origin ? this.find(item.origin) : null;
      const right = item.rightOrigin ? this.find(item.rightOrigin) : null;
      if ((item.origin && !left) || (item.rightOrigin && !right)) place = UNKNOWN;
      else if (left?.gc || right?.gc) place = GONE;
      else place = left?.place ?? right?.place ?? UNKNOWN;
    }
    this.places.set(item, place);
    return place;
  }

  /** Where an item of the room is. */
  private placeOfHeld(item: Y.Item): Place {
    // biome-ignore lint/suspicious/noExplicitAny: Yjs types the contents of its shared types as any
    const type = item.parent as Y.AbstractType<any> | null;
    if (!type) return GONE;
    if (type._item === null) {
      const root = this.roots.get(type);
      return root !== undefined && GUARDED.has(root) ? { kind: 'guarded', root, key: item.parentSub, nested: false } : FREE;
    }
    const outer = this.placeOfHeld(type._item);
    return outer.kind === 'guarded' ? { ...outer, nested: true } : outer;
  }

  /** The value of a guarded key: pending first (newer), then the room's. */
  private currentValue(root: string, key: string): string | null {
    let found: string | null = null;
    for (const update of this.pending) found = update.values.get(`${root}\0${key}`) ?? found;
    if (found !== null) return found;
    // biome-ignore lint/suspicious/noExplicitAny: Yjs types the contents of its shared types as any
    const map = this.doc.share.get(root) as (Y.AbstractType<any> & { _map: Map<string, Y.Item> }) | undefined;
    const item = map?._map.get(key);
    return item && !item.deleted ? stringValue(item) : null;
  }

  /** Whether the room holds no op yet, nor does any update pending or this one. */
  private logIsEmpty(): boolean {
    // biome-ignore lint/suspicious/noExplicitAny: Yjs types the contents of its shared types as any
    const ops = this.doc.share.get('ops') as (Y.AbstractType<any> & { _map: Map<string, Y.Item> }) | undefined;
    for (const item of ops?._map.values() ?? []) if (!item.deleted) return false;
    for (const update of this.pending) for (const slot of update.values.keys()) if (slot.startsWith('ops\0')) return false;
    for (const slot of this.written.keys()) if (slot.startsWith('ops\0')) return false;
    return true;
  }

  /** The room's session, for checking heads (null before the room is founded). */
  private session(): string | null {
    const s = this.written.get(`meta\0session`) ?? this.currentValue('meta', 'session');
    return s ?? null;
  }
}

/** Whether `value` is a JSON object naming `key` as its id (the op's own check is every reader's). */
function filedUnderItsId(value: string, key: string): boolean {
  try {
    const v = JSON.parse(value) as { id?: unknown } | null;
    return typeof v === 'object' && v !== null && v.id === key;
  } catch {
    return false;
  }
}

/** The entry of `list` (sorted by start) whose range holds `clock`. */
function holding<T>(list: readonly T[] | undefined, clock: number, start: (x: T) => number, length: (x: T) => number): T | null {
  if (!list) return null;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = list[mid]!;
    if (clock < start(x)) hi = mid - 1;
    else if (clock >= start(x) + length(x)) lo = mid + 1;
    else return x;
  }
  return null;
}

function nestedIn(parent: Found): Place {
  if (!parent) return UNKNOWN;
  if (parent.gc) return GONE;
  return parent.place.kind === 'guarded' ? { ...parent.place, nested: true } : parent.place;
}

/** The item's value when it is one string (how a map's string value is written). */
function stringValue(item: Y.Item): string | null {
  const content = item.content;
  if (!(content instanceof Y.ContentAny) || content.arr.length !== 1) return null;
  const v = content.arr[0];
  return typeof v === 'string' ? v : null;
}
