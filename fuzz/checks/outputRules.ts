/**
 * Rules every analysis output keeps, whatever the text (issue 12, items 6 and 7):
 * every source range lies within its text; no number is NaN or ±Infinity; and the
 * numbers that must be numbers (a stated confidence, a posterior) are not null.
 */
import type { Problem } from '../core/target.ts';
import { problem } from '../core/target.ts';

/**
 * The lengths of the text's lines, by two readings: split at `\n` only (a `\r` before
 * it counts as a column), and split at `\r\n`, `\r` or `\n`, as Monaco does. A range
 * is outside its text only when it is outside by both: a finding is a range no editor
 * could place.
 */
export function lineLengths(text: string): number[][] {
  return [text.split('\n').map((l) => l.length), text.split(/\r\n|\r|\n/).map((l) => l.length)];
}

interface RangeLike {
  line: unknown;
  column: unknown;
  endLine: unknown;
  endColumn: unknown;
}

function isRangeLike(v: object): v is RangeLike {
  return 'line' in v && 'column' in v && 'endLine' in v && 'endColumn' in v;
}

/** Why `r` is not a range within the text (by either reading of its lines), or null. */
export function rangeProblem(r: RangeLike, readings: readonly (readonly number[])[]): string | null {
  let why: string | null = null;
  for (const lines of readings) {
    why = rangeProblemIn(r, lines);
    if (why === null) return null;
  }
  return why;
}

function rangeProblemIn(r: RangeLike, lines: readonly number[]): string | null {
  const { line, column, endLine, endColumn } = r;
  for (const [k, v] of Object.entries({ line, column, endLine, endColumn })) {
    if (typeof v !== 'number' || !Number.isInteger(v)) return `${k} is ${String(v)}, not an integer`;
  }
  const [l, c, el, ec] = [line, column, endLine, endColumn] as number[];
  if (l! < 1 || c! < 1) return 'starts before 1:1';
  if (el! < l! || (el === l && ec! < c!)) return 'ends before it starts';
  if (l! > lines.length) return `starts on line ${l}, the text has ${lines.length}`;
  if (c! > lines[l! - 1]! + 1) return `starts at column ${c} of line ${l}, which has ${lines[l! - 1]} characters`;
  if (el! > lines.length) return `ends on line ${el}, the text has ${lines.length}`;
  if (ec! > lines[el! - 1]! + 1) return `ends at column ${ec} of line ${el}, which has ${lines[el! - 1]} characters`;
  return null;
}

const show = (r: RangeLike) => `${String(r.line)}:${String(r.column)}–${String(r.endLine)}:${String(r.endColumn)}`;

/**
 * Walks `value` (an analysis: diagnostics, graph, outline…) for ranges and numbers.
 * `skip` names keys not to enter (bulky parts with neither, or ranges of another text).
 */
export function outputProblems(value: unknown, text: string, where: string, skip: ReadonlySet<string> = new Set()): Problem[] {
  const lines = lineLengths(text);
  const problems: Problem[] = [];
  const seen = new Set<object>();
  const stack: [unknown, string, string | null][] = [[value, where, null]];
  while (stack.length > 0 && problems.length < 20) {
    const [v, path, owner] = stack.pop()!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) problems.push(problem('invalid-output', `non-finite-number:${genericPath(path)}`, `${path} is ${v}`));
      continue;
    }
    if (typeof v !== 'object' || v === null || seen.has(v)) continue;
    seen.add(v);
    if (v instanceof Map) {
      for (const [k, x] of v) stack.push([x, `${path}{${String(k).slice(0, 30)}}`, owner]);
      continue;
    }
    if (v instanceof Set) {
      let i = 0;
      for (const x of v) stack.push([x, `${path}{${i++}}`, owner]);
      continue;
    }
    if (ArrayBuffer.isView(v)) {
      const arr = v as unknown as ArrayLike<number>;
      for (let i = 0; i < arr.length; i++) {
        if (typeof arr[i] === 'number' && !Number.isFinite(arr[i]!)) {
          problems.push(problem('invalid-output', `non-finite-number:${genericPath(path)}[]`, `${path}[${i}] is ${arr[i]}`));
          break;
        }
      }
      continue;
    }
    if (!Array.isArray(v) && isRangeLike(v)) {
      const why = rangeProblem(v, lines);
      if (why) {
        const subject = owner ? ` (${owner})` : '';
        problems.push(
          problem(
            'invalid-output',
            `range-outside-text:${genericPath(path)}${owner ? ':' + owner.split(' ')[0] : ''}`,
            `${path} ${show(v)}${subject}: ${why}; the text is ${text.length} characters on ${lines[1]!.length} lines`,
          ),
        );
      }
    }
    const here = !Array.isArray(v) && 'code' in v && typeof (v as { code: unknown }).code === 'string' ? `${(v as { code: string }).code}` : owner;
    for (const [k, x] of Object.entries(v)) {
      if (skip.has(k)) continue;
      stack.push([x, Array.isArray(v) ? `${path}[${k}]` : `${path}.${k}`, here]);
    }
  }
  return problems;
}

/** `analysis.graph.nodes[12].range` → `analysis.graph.nodes[].range`: one code for a kind of place. */
export function genericPath(path: string): string {
  return path.replace(/\[\d+\]/g, '[]').replace(/\{[^}]*\}/g, '{}');
}

/** A value that must be a finite number (not null, not NaN/Infinity). */
export function requireNumber(v: unknown, path: string, problems: Problem[]): void {
  if (typeof v !== 'number' || !Number.isFinite(v))
    problems.push(problem('invalid-output', `not-a-number:${genericPath(path)}`, `${path} is ${v === null ? 'null' : String(v)}, where a number belongs`));
}

/** What JSON.stringify would turn into null (NaN, ±Infinity): the CLI's `--json` outputs. */
export function jsonNulls(value: unknown, where: string): Problem[] {
  const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? '__NON_FINITE__' : v));
  return text !== undefined && text.includes('"__NON_FINITE__"') ? [problem('invalid-output', `json-null:${where}`, `${where} would print null for a number (NaN or Infinity) in its JSON`)] : [];
}
