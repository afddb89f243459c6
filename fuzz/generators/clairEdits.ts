/**
 * Pairs of CLAIR texts one edit apart, for the incremental-versus-fresh law
 * (`reparseClair(parseClair(old), new)` equals `parseClair(new)`). The edits that matter
 * are the ones that keep the line count — only then does the parser reuse lines from the
 * common suffix — while moving line breaks into and out of strings and `;` comments,
 * changing LF / CR / CRLF, and opening or closing strings; random typing is mixed in.
 * Pure and deterministic: the same `rng` sequence gives the same pair.
 */
import { lineBounds } from '../../src/core/clair/lineBounds.ts';

export interface ClairEditPair {
  readonly old: string;
  readonly new: string;
}

type Rng = () => number;

const TERMINATORS = ['\n', '\n', '\n', '\r\n', '\r'] as const;
const WORDS = ['a', 'b2', 'x y', 'b1 and b3', '; not a comment', 'say "hi"', '\\', ''];
/** Pieces typed by the random edits: quotes, escapes, comment starts and line breaks weigh most. */
const TYPED = ['"', '"', ';', '\\', '\\"', '\n', '\r', '\r\n', ' ', 'b', '1', '<b1', '.5', '@user', 'L0'];

function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)]!;
}

function int(rng: Rng, below: number): number {
  return Math.floor(rng() * below);
}

function stringLiteral(rng: Rng): string {
  return '"' + pick(rng, WORDS).replace(/"/g, '\\"') + '"';
}

/** One line of a document: mostly beliefs, some comments, blanks and broken lines. */
function line(rng: Rng, index: number): string {
  const r = rng();
  if (r < 0.1) return '';
  if (r < 0.2) return '; ' + pick(rng, WORDS);
  if (r < 0.28) return pick(rng, ['b9 .5 L0 @user "open', 'junk', 'b3 1. @self "x"', '<', '  ']);
  const id = 'b' + (index + 1);
  const conf = pick(rng, ['.5', '0.9', '1', '1.2', '.25']);
  const level = pick(rng, ['L0 ', 'L1 ', '']);
  const source = pick(rng, ['@user', '@self', '@file:a.txt', '@ctx']);
  const refs = index > 0 && rng() < 0.5 ? ' <b' + (1 + int(rng, index)) : '';
  const inval = rng() < 0.15 ? ' ?[' + stringLiteral(rng) + ']' : '';
  const comment = rng() < 0.3 ? ' ; ' + pick(rng, WORDS) : '';
  return `${id} ${conf} ${level}${source}${refs}${inval} ${stringLiteral(rng)}${comment}`;
}

function document(rng: Rng): string {
  const n = 2 + int(rng, 5);
  let text = '';
  for (let i = 0; i < n; i++) text += line(rng, i) + (i < n - 1 ? pick(rng, TERMINATORS) : '');
  return rng() < 0.2 ? text + pick(rng, TERMINATORS) : text;
}

/** Offsets of every line break (the first character of each terminator) with its length. */
function breaks(text: string): { at: number; length: number }[] {
  const out: { at: number; length: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\r' && text[i + 1] === '\n') out.push({ at: i++, length: 2 });
    else if (c === '\r' || c === '\n') out.push({ at: i, length: 1 });
  }
  return out;
}

/** A place to put a line break: often just inside or after a quote or a `;`, else anywhere. */
function interestingOffset(rng: Rng, text: string): number {
  const marks: number[] = [];
  for (let i = 0; i < text.length; i++) if (text[i] === '"' || text[i] === ';' || text[i] === '\\') marks.push(i);
  if (marks.length > 0 && rng() < 0.7) return Math.min(text.length, pick(rng, marks) + int(rng, 3));
  return int(rng, text.length + 1);
}

function splice(text: string, at: number, remove: number, insert: string): string {
  return text.slice(0, at) + insert + text.slice(at + remove);
}

/** Moves one line break elsewhere (into or out of a string or comment): same line count, mostly. */
function moveBreak(rng: Rng, text: string): string {
  const all = breaks(text);
  if (all.length === 0) return splice(text, interestingOffset(rng, text), 0, pick(rng, TERMINATORS));
  const b = pick(rng, all);
  // The line break becomes a space (or nothing), and a new one goes in somewhere else.
  const joined = splice(text, b.at, b.length, pick(rng, [' ', '', ' ']));
  return splice(joined, interestingOffset(rng, joined), 0, pick(rng, TERMINATORS));
}

/** Swaps one terminator for another kind (LF ↔ CRLF ↔ CR). */
function changeTerminator(rng: Rng, text: string): string {
  const all = breaks(text);
  if (all.length === 0) return text + pick(rng, TERMINATORS);
  const b = pick(rng, all);
  return splice(text, b.at, b.length, pick(rng, TERMINATORS));
}

/** Types, deletes or replaces a few characters, often quotes, escapes and line breaks. */
function type(rng: Rng, text: string): string {
  const at = interestingOffset(rng, text);
  const remove = rng() < 0.4 ? int(rng, 4) : 0;
  return splice(text, at, remove, rng() < 0.8 ? pick(rng, TYPED) : '');
}

const EDITS = [moveBreak, moveBreak, changeTerminator, type] as const;

function lineCount(text: string): number {
  return lineBounds(text).starts.length;
}

/**
 * `text` after one to three edits. With `sameLineCount`, tries a few times for a result
 * with as many lines as `text` (the suffix-reuse path), else returns the last try.
 */
export function editClairText(rng: Rng, text: string, sameLineCount = true): string {
  let candidate = text;
  for (let attempt = 0; attempt < 8; attempt++) {
    candidate = text;
    const steps = 1 + int(rng, 3);
    for (let s = 0; s < steps; s++) candidate = pick(rng, EDITS)(rng, candidate);
    if (!sameLineCount || lineCount(candidate) === lineCount(text)) break;
  }
  return candidate;
}

/** An old text and a new one a few edits away; nine in ten pairs keep the line count. */
export function clairEditPair(rng: Rng): ClairEditPair {
  const old = document(rng);
  return { old, new: editClairText(rng, old, rng() < 0.9) };
}
