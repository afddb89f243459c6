/**
 * Typed text that IndexedDB had not taken when the page went away. Leaving a page gives
 * no time for an IndexedDB write to finish, so the text is also kept synchronously in
 * localStorage, one entry per session, and saved (merged like any save, against the text
 * it was typed over) when the page next starts. A text too large for localStorage's
 * quota is not kept; it is saved only if the last write still lands.
 */

const PREFIX = 'warrant.unsaved-text.';

export interface UnsavedText {
  readonly id: string;
  readonly text: string;
  /** The stored text it was typed over, for a merge with whatever was saved since. */
  readonly base: string;
}

/** Keeps `unsaved` until it is saved; false when localStorage would not take it. */
export function keepUnsaved(unsaved: UnsavedText): boolean {
  try {
    localStorage.setItem(PREFIX + unsaved.id, JSON.stringify({ text: unsaved.text, base: unsaved.base }));
    return true;
  } catch {
    return false;
  }
}

/** The session's text is saved: nothing of it is kept any more. */
export function forgetUnsaved(id: string): void {
  try {
    localStorage.removeItem(PREFIX + id);
  } catch {
    // No localStorage: nothing was kept.
  }
}

/** Every text kept by an earlier visit, removed from localStorage as it is read. */
export function takeUnsaved(): UnsavedText[] {
  const found: UnsavedText[] = [];
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((k): k is string => k !== null && k.startsWith(PREFIX));
    for (const key of keys) {
      const raw = localStorage.getItem(key);
      localStorage.removeItem(key);
      const value: unknown = raw === null ? null : safeParse(raw);
      if (value && typeof value === 'object' && typeof (value as UnsavedText).text === 'string' && typeof (value as UnsavedText).base === 'string') {
        found.push({ id: key.slice(PREFIX.length), text: (value as UnsavedText).text, base: (value as UnsavedText).base });
      }
    }
  } catch {
    // No localStorage: nothing was kept.
  }
  return found;
}

function safeParse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
