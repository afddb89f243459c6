/**
 * Which beliefs a belief *names* (contract §2): an id that contains a digit and appears
 * in the content as a whole word — a maximal run of [A-Za-z0-9_] — case-sensitively.
 */
import type { SourceRange } from '../text/sourceRange.ts';
import { lineRange } from '../text/sourceRange.ts';
import type { ClairBelief } from './ast.ts';

export interface NamedBelief {
  readonly id: string;
  /** Where the word stands in the line. */
  readonly range: SourceRange;
}

const WORD = /[A-Za-z0-9_]+/g;
const DIGIT = /[0-9]/;

/** Named ids (first mention of each), given a predicate telling which ids exist. */
export function namedBeliefs(b: ClairBelief, exists: (id: string) => boolean): NamedBelief[] {
  const out: NamedBelief[] = [];
  const seen = new Set<string>();
  const text = b.content.value;
  const cols = b.content.columns;
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    if (word === b.id.value || seen.has(word) || !DIGIT.test(word) || !exists(word)) continue;
    seen.add(word);
    const start = cols[m.index] ?? b.content.range.column;
    const last = cols[m.index + word.length - 1] ?? start;
    out.push({ id: word, range: lineRange(b.line, start, last + 1) });
  }
  return out;
}
