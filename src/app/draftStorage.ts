/**
 * Keeps the open document's text in the browser between visits, so a reload never loses
 * what was typed. (Sessions with full history live in IndexedDB in a later version.)
 */
const KEY = 'warrant.draft.v1';

export interface Draft {
  readonly name: string;
  readonly text: string;
}

let timer: ReturnType<typeof setTimeout> | null = null;
let pending: Draft | null = null;

export function saveDraftSoon(name: string, text: string): void {
  pending = { name, text };
  if (timer) return;
  timer = setTimeout(flushDraft, 400);
}

export function flushDraft(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (!pending) return;
  try {
    localStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage full or disabled: the text is still in the editor; nothing else to do.
  }
  pending = null;
}

export function loadDraft(): Draft | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && typeof (value as Draft).name === 'string' && typeof (value as Draft).text === 'string') {
      return value as Draft;
    }
  } catch {
    // A corrupt draft is ignored; the default sample opens instead.
  }
  return null;
}
