/**
 * Edits of a document, as a keystroke, a paste or a cut makes them, for the
 * incremental-vs-fresh target. Besides typing and deleting, the edits that move line
 * breaks — into and out of strings and comments, keeping the line count (a newline
 * removed in one place and added in another), joining and splitting lines, CRLF — since
 * a reparse that reuses lines by count is fooled exactly by those (issue 12, item 1).
 */
import type { Rng } from '../core/rng.ts';
import { randomChar } from './mutate.ts';

const TYPED = ['"', '\\', ';', ' ', '\t', '<', ',', '?', '[', ']', '@', '.', '5', 'b', 'L', '\n', '\r\n', '#', "'", '(', ')', '{', '}', ':'];

function positionsOf(text: string, chars: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) if (chars.includes(text[i]!)) out.push(i);
  return out;
}

/** A position, often right before or after a quote, comment marker or line break. */
function spot(rng: Rng, text: string): number {
  if (rng.chance(0.5)) {
    const marks = positionsOf(text, '"\';#\n\\');
    if (marks.length > 0) return Math.min(text.length, rng.pick(marks) + rng.int(2));
  }
  return rng.int(text.length + 1);
}

const insertAt = (text: string, i: number, s: string) => text.slice(0, i) + s + text.slice(i);

/** Moves one line break elsewhere: the line count stays, the lines' contents do not. */
function moveNewline(rng: Rng, text: string): string {
  const nls = positionsOf(text, '\n');
  if (nls.length === 0) return insertAt(text, spot(rng, text), '\n');
  const p = rng.pick(nls);
  const without = text.slice(0, p) + text.slice(p + 1);
  // Often into the next or previous line's string or comment: just after a quote or `;`.
  return insertAt(without, spot(rng, without), '\n');
}

/** A character becomes a line break and a line break becomes a character: the count stays. */
function tradeNewline(rng: Rng, text: string): string {
  const nls = positionsOf(text, '\n');
  if (nls.length === 0 || text.length < 2) return text;
  const p = rng.pick(nls);
  const replaced = text.slice(0, p) + rng.pick([' ', '"', ';', 'x']) + text.slice(p + 1);
  const q = rng.int(replaced.length);
  return replaced.slice(0, q) + '\n' + replaced.slice(q + 1);
}

/** The case: the break before a line moves to just before that line's closing quote (or back). */
function breakIntoString(rng: Rng, text: string): string {
  const lines = text.split('\n');
  if (lines.length < 2) return text;
  const i = rng.int(lines.length - 1);
  const next = lines[i + 1]!;
  const q = next.lastIndexOf('"');
  if (q < 0) return moveNewline(rng, text);
  const joined = lines[i]! + ' ' + next.slice(0, q);
  const rest = next.slice(q);
  return [...lines.slice(0, i), joined, rest, ...lines.slice(i + 2)].join('\n');
}

/** One edit of `text`; `lines` are whole lines of the language to insert, `donors` texts to paste from. */
export function editOnce(rng: Rng, text: string, lines: () => string, donors: readonly string[]): string {
  switch (rng.int(13)) {
    case 0:
    case 1:
      return moveNewline(rng, text);
    case 2:
      return tradeNewline(rng, text);
    case 3:
      return breakIntoString(rng, text);
    case 4:
      return insertAt(text, spot(rng, text), rng.chance(0.8) ? rng.pick(TYPED) : randomChar(rng));
    case 5: {
      const i = spot(rng, text);
      return text.slice(0, i) + text.slice(i + rng.range(1, 3));
    }
    case 6: {
      // A whole line inserted, removed or replaced.
      const ls = text.split('\n');
      const i = rng.int(ls.length + 1);
      const op = rng.int(3);
      if (op === 0) ls.splice(i, 0, lines());
      else if (op === 1) ls.splice(i, 1);
      else ls.splice(i, 1, lines());
      return ls.join('\n');
    }
    case 7: {
      // Paste a piece of another document (often several lines).
      const donor = rng.pick(donors);
      const d = rng.int(donor.length + 1);
      return insertAt(text, spot(rng, text), donor.slice(d, d + rng.small(300)));
    }
    case 8: {
      // Cut a span, possibly across lines.
      const i = spot(rng, text);
      return text.slice(0, i) + text.slice(i + rng.small(120));
    }
    case 9: {
      // CRLF in or out.
      const nls = positionsOf(text, '\n');
      if (nls.length === 0) return text + '\r\n';
      const p = rng.pick(nls);
      return text[p - 1] === '\r' ? text.slice(0, p - 1) + text.slice(p) : insertAt(text, p, '\r');
    }
    case 10: {
      // Join two lines, or split one.
      const nls = positionsOf(text, '\n');
      if (nls.length > 0 && rng.chance(0.5)) {
        const p = rng.pick(nls);
        return text.slice(0, p) + text.slice(p + 1);
      }
      return insertAt(text, spot(rng, text), '\n');
    }
    case 11: {
      // A quote or comment marker opened or closed somewhere, changing how the rest of a line reads.
      const marks = positionsOf(text, '";');
      if (marks.length > 0 && rng.chance(0.5)) {
        const p = rng.pick(marks);
        return text.slice(0, p) + text.slice(p + 1);
      }
      return insertAt(text, spot(rng, text), rng.pick(['"', ';', '\\', '\\"', '"\n"']));
    }
    default: {
      // Select-all-and-type: a different document of the same length in lines.
      const ls = text.split('\n');
      return ls.map(() => (rng.chance(0.7) ? rng.pick(ls) : lines())).join('\n');
    }
  }
}

/** A chain of 1 to `max` edits from `start`: [start, after 1, after 2, …]. */
export function editChain(rng: Rng, start: string, lines: () => string, donors: readonly string[], max = 4): string[] {
  const texts = [start];
  let text = start;
  for (let i = 0, n = rng.range(1, max); i < n; i++) {
    text = editOnce(rng, text, lines, donors);
    texts.push(text);
  }
  return texts;
}
