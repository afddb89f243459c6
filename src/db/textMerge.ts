/**
 * Line-wise three-way merge of a session's text, for two tabs editing one session.
 *
 * `base` is the text both sides started from (what a tab last loaded from or saved to
 * IndexedDB), `ours` and `theirs` the two edited versions. Each side's changes are
 * found as hunks of lines (Myers' diff against `base`); the merge applies both sides'
 * hunks when no two of them touch the same base lines:
 *  - the same change made on both sides is applied once;
 *  - lines both sides inserted at the same place are all kept, theirs first (theirs were
 *    saved first), since in a reasoning document every line stands on its own;
 *  - anything else that overlaps (both changed or deleted the same line, one side
 *    changed lines the other inserted into) is a conflict: the merge refuses, and the
 *    caller keeps both versions whole rather than guess.
 * Pure and synchronous.
 */
import { pushAll } from '../core/largeArrays.ts';

/** `base` lines [start, end) replaced by `lines` (start === end: an insertion). */
export interface Hunk {
  readonly start: number;
  readonly end: number;
  readonly lines: readonly string[];
}

export type MergeResult = { readonly clean: true; readonly text: string } | { readonly clean: false; readonly conflicts: number };

/**
 * Past this many differing lines between two texts the diff stops looking for the
 * shortest edit and reports their differing middle as one hunk: coarser, so a merge is
 * refused more often, never wrong.
 */
const MAX_EDIT_DISTANCE = 1000;

/** The hunks that turn `a` into `b`, in order, separated by at least one equal line. */
export function diffLines(a: readonly string[], b: readonly string[]): Hunk[] {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const midA = a.slice(prefix, a.length - suffix);
  const midB = b.slice(prefix, b.length - suffix);
  if (midA.length === 0 && midB.length === 0) return [];
  if (midA.length === 0 || midB.length === 0) return [{ start: prefix, end: prefix + midA.length, lines: midB }];
  const script = myers(midA, midB);
  if (!script) return [{ start: prefix, end: prefix + midA.length, lines: midB }];
  // `script` marks every line of midA (kept or deleted) and every line of midB (kept or inserted).
  const hunks: Hunk[] = [];
  let open: { start: number; end: number; lines: string[] } | null = null;
  for (const step of script) {
    if (step.kind === 'equal') {
      if (open) hunks.push(open);
      open = null;
      continue;
    }
    open ??= { start: prefix + step.a, end: prefix + step.a, lines: [] };
    if (step.kind === 'delete') open.end = prefix + step.a + 1;
    else open.lines.push(midB[step.b]!);
  }
  if (open) hunks.push(open);
  return hunks;
}

type Step = { readonly kind: 'equal' | 'delete' | 'insert'; readonly a: number; readonly b: number };

/** Myers' shortest edit script, in order; null past MAX_EDIT_DISTANCE. */
function myers(a: readonly string[], b: readonly string[]): Step[] | null {
  // Lines compared as small integers.
  const ids = new Map<string, number>();
  const idOf = (line: string): number => {
    let id = ids.get(line);
    if (id === undefined) ids.set(line, (id = ids.size));
    return id;
  };
  const A = Int32Array.from(a, idOf);
  const B = Int32Array.from(b, idOf);
  const n = A.length;
  const m = B.length;
  const limit = Math.min(n + m, MAX_EDIT_DISTANCE);
  const off = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  // trace[d] = v[k] for k in [-d-1, d+1] before step d.
  const trace: Int32Array[] = [];
  let found = false;
  outer: for (let d = 0; d <= limit; d++) {
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && A[x] === B[y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break outer;
      }
    }
  }
  if (!found) return null;
  const steps: Step[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const row = trace[d]!;
    const at = (k: number): number => row[k + d + 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      steps.push({ kind: 'equal', a: x, b: y });
    }
    if (d > 0) {
      if (x === prevX) steps.push({ kind: 'insert', a: prevX, b: prevY });
      else steps.push({ kind: 'delete', a: prevX, b: prevY });
    }
    x = prevX;
    y = prevY;
  }
  return steps.reverse();
}

function sameHunk(p: Hunk, q: Hunk): boolean {
  return p.start === q.start && p.end === q.end && p.lines.length === q.lines.length && p.lines.every((l, i) => l === q.lines[i]);
}

/** Whether two hunks from different sides cannot both be applied. */
function clash(p: Hunk, q: Hunk): boolean {
  const pInsert = p.start === p.end;
  const qInsert = q.start === q.end;
  if (pInsert && qInsert) return false; // both kept, at the same place or not
  if (pInsert) return q.start < p.start && p.start < q.end;
  if (qInsert) return p.start < q.start && q.start < p.end;
  return p.start < q.end && q.start < p.end;
}

/** Three-way line merge (see the file comment). */
export function mergeText(base: string, ours: string, theirs: string): MergeResult {
  if (ours === theirs || theirs === base) return { clean: true, text: ours };
  if (ours === base) return { clean: true, text: theirs };
  const baseLines = linesOf(base);
  const mine = diffLines(baseLines, linesOf(ours));
  const other = diffLines(baseLines, linesOf(theirs));
  let conflicts = 0;
  const kept = mine.filter((o) => !other.some((t) => sameHunk(o, t)));
  for (const o of kept) for (const t of other) if (clash(o, t)) conflicts++;
  if (conflicts > 0) return { clean: false, conflicts };
  // Theirs first, insertions before a change starting at the same line; the sort is stable.
  const all = [...other, ...kept].sort((p, q) => p.start - q.start || (p.start === p.end ? 0 : 1) - (q.start === q.end ? 0 : 1));
  const out: string[] = [];
  let i = 0;
  for (const h of all) {
    for (; i < h.start; i++) out.push(baseLines[i]!);
    pushAll(out, h.lines);
    i = Math.max(i, h.end);
  }
  for (; i < baseLines.length; i++) out.push(baseLines[i]!);
  // The final newline: as the side that changed it has it.
  const endsWithNewline = ours.endsWith('\n') !== base.endsWith('\n') ? ours.endsWith('\n') : theirs.endsWith('\n');
  const text = out.join('');
  return { clean: true, text: !endsWithNewline && text.endsWith('\n') ? text.slice(0, -1) : text };
}

/**
 * Lines with their newline, the last one given one if it has none: a line typed after
 * the last line, on the empty line after a final newline or after one without it, is
 * then an insertion at the end either way, and two tabs doing so both keep theirs.
 */
function linesOf(text: string): string[] {
  if (text === '') return [];
  return (text.endsWith('\n') ? text : `${text}\n`).split(/(?<=\n)/);
}

/** `text` in [start, end) of the old text replaced by `insert`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly insert: string;
}

/**
 * The one edit turning `now` into `next`, widened to whole lines (from a line start to a
 * line start), so lines that come from elsewhere go in as lines, not spliced into the
 * middle of a line that merely shares their first characters ("b10" / "b11").
 */
export function lineEdit(now: string, next: string): TextEdit {
  const limit = Math.min(now.length, next.length);
  let start = 0;
  while (start < limit && now.charCodeAt(start) === next.charCodeAt(start)) start++;
  if (start > 0) start = now.lastIndexOf('\n', start - 1) + 1;
  let tail = 0;
  while (tail < limit - start && now.charCodeAt(now.length - 1 - tail) === next.charCodeAt(next.length - 1 - tail)) tail++;
  while (tail > 0 && now.charCodeAt(now.length - tail - 1) !== 10) tail--;
  return { start, end: now.length - tail, insert: next.slice(start, next.length - tail) };
}

/**
 * Where an offset of the old text (a cursor, a selection end) belongs after `edit`, so
 * that it stays with the line it was on: before the edit it stays; after it, it moves by
 * the change in length; at a point where whole lines were inserted, it moves down with
 * its line; inside replaced lines it keeps its column in the first of them, as far as
 * the new lines reach.
 */
export function offsetAfterEdit(offset: number, edit: TextEdit): number {
  if (offset < edit.start) return offset;
  const delta = edit.insert.length - (edit.end - edit.start);
  if (offset > edit.end) return offset + delta;
  if (edit.start === edit.end) return edit.insert.endsWith('\n') ? offset + delta : offset;
  return edit.start + Math.min(offset - edit.start, edit.insert.length);
}
