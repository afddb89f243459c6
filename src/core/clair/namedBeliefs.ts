/**
 * Which beliefs a belief *names* (docs/contract.md §2): an id that contains a digit and appears
 * in the content as a whole word — a maximal run of [A-Za-z0-9_] — case-sensitively.
 */
import type { SourceRange } from '../text/sourceRange.ts';
import { lineRange } from '../text/sourceRange.ts';
import type { ClairBelief } from './ast.ts';
import { columnOf } from './ast.ts';

export interface NamedBelief {
  readonly id: string;
  /** Where the word stands in the line. */
  readonly range: SourceRange;
}

/** Shared by every belief that names none (most of them). */
const NONE: readonly NamedBelief[] = [];

function isWordCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/**
 * Every mention of another existing id in the content, in order (an id named twice is
 * listed twice). Scans by character code and cuts a word out only when it holds a digit.
 */
export function namedBeliefs(b: ClairBelief, exists: (id: string) => boolean): readonly NamedBelief[] {
  let out: NamedBelief[] | null = null;
  const text = b.content.value;
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isWordCode(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    // An id starts with a lower-case letter: other words are skipped without being cut out.
    const first = text.charCodeAt(i);
    if (first < 97 || first > 122) {
      while (i < n && isWordCode(text.charCodeAt(i))) i++;
      continue;
    }
    let digit = false;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (!isWordCode(c)) break;
      if (c >= 48 && c <= 57) digit = true;
      i++;
    }
    if (!digit) continue;
    const word = text.slice(start, i);
    if (word === b.id.value || !exists(word)) continue;
    (out ??= []).push({ id: word, range: lineRange(b.line, columnOf(b.content, start), columnOf(b.content, i - 1) + 1) });
  }
  return out ?? NONE;
}
