/**
 * Text kept in localStorage when the page goes away: one entry per session, read back
 * (and removed) on the next start; malformed entries are dropped; a quota error keeps
 * nothing rather than throwing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetUnsaved, keepUnsaved, takeUnsaved } from '../../src/store/session/unsavedText.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  quota = Infinity;
  get length(): number {
    return this.items.size;
  }
  key(i: number): string | null {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(k: string): string | null {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    if (v.length > this.quota) throw new Error('QuotaExceededError');
    this.items.set(k, v);
  }
  removeItem(k: string): void {
    this.items.delete(k);
  }
}

describe('unsaved text kept across a page leaving', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    (globalThis as { localStorage?: unknown }).localStorage = storage;
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('keeps one text per session and gives each back once', () => {
    expect(keepUnsaved({ id: 's1', text: 'b1 .9 L0 @user "a"\n', base: '' })).toBe(true);
    expect(keepUnsaved({ id: 's2', text: 'two', base: 'one' })).toBe(true);
    expect(keepUnsaved({ id: 's1', text: 'b1 .9 L0 @user "ab"\n', base: '' })).toBe(true);
    storage.setItem('warrant.other', 'left alone');
    const taken = takeUnsaved().sort((a, b) => a.id.localeCompare(b.id));
    expect(taken).toEqual([
      { id: 's1', text: 'b1 .9 L0 @user "ab"\n', base: '' },
      { id: 's2', text: 'two', base: 'one' },
    ]);
    expect(takeUnsaved()).toEqual([]);
    expect(storage.getItem('warrant.other')).toBe('left alone');
  });

  it('forgets a session once saved', () => {
    keepUnsaved({ id: 's1', text: 'x', base: '' });
    forgetUnsaved('s1');
    forgetUnsaved('never-kept');
    expect(takeUnsaved()).toEqual([]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['no text', JSON.stringify({ base: '' })],
    ['a number for the base', JSON.stringify({ text: 'x', base: 3 })],
    ['null', 'null'],
  ])('drops an entry that is %s', (_name, raw) => {
    storage.setItem('warrant.unsaved-text.bad', raw);
    expect(takeUnsaved()).toEqual([]);
    expect(storage.length).toBe(0);
  });

  it('keeps nothing, without throwing, past the quota or without localStorage', () => {
    storage.quota = 10;
    expect(keepUnsaved({ id: 's1', text: 'a text longer than the quota', base: '' })).toBe(false);
    expect(takeUnsaved()).toEqual([]);
    delete (globalThis as { localStorage?: unknown }).localStorage;
    expect(keepUnsaved({ id: 's1', text: 'x', base: '' })).toBe(false);
    expect(takeUnsaved()).toEqual([]);
    expect(() => forgetUnsaved('s1')).not.toThrow();
  });
});
