/**
 * The checks every analysis must pass whatever the input (issue 12, findings 6 and 7):
 * each diagnostic range — and each quick-fix edit's range — lies within its text, and
 * no number anywhere in a result is NaN or ±Infinity (nor does a string spell them as
 * a number would be printed). Pure; each returns the problems found, empty when none.
 */
import type { Diagnostic } from '../../src/core/text/diagnostic.ts';
import type { SourceRange } from '../../src/core/text/sourceRange.ts';

/** Lengths of the lines of `text` as the editor splits them (LF, CRLF and a lone CR end a line). */
export function lineLengths(text: string): number[] {
  return text.split(/\r\n|\r|\n/).map((l) => l.length);
}

/** Why `r` is not within a text of these line lengths, or null when it is. */
export function rangeProblem(r: SourceRange, lengths: readonly number[]): string | null {
  const { line, column, endLine, endColumn } = r;
  if (![line, column, endLine, endColumn].every(Number.isInteger)) return 'a coordinate is not an integer';
  if (line < 1 || endLine > lengths.length) return `lines ${line}–${endLine} outside 1–${lengths.length}`;
  if (endLine < line || (endLine === line && endColumn < column)) return 'it ends before it starts';
  if (column < 1 || column > lengths[line - 1]! + 1) return `column ${column} outside 1–${lengths[line - 1]! + 1} on line ${line}`;
  if (endColumn < 1 || endColumn > lengths[endLine - 1]! + 1) return `end column ${endColumn} outside 1–${lengths[endLine - 1]! + 1} on line ${endLine}`;
  return null;
}

const show = (r: SourceRange) => `${r.line}:${r.column}–${r.endLine}:${r.endColumn}`;

/** Every diagnostic range (and fix edit range) not within `text`, described; empty when all are. */
export function rangesWithinText(text: string, diagnostics: readonly Diagnostic[]): string[] {
  const lengths = lineLengths(text);
  const problems: string[] = [];
  for (const d of diagnostics) {
    const p = rangeProblem(d.range, lengths);
    if (p) problems.push(`${d.code} at ${show(d.range)}: ${p}`);
    for (const fix of d.fixes ?? []) {
      for (const e of fix.edits) {
        const q = rangeProblem(e.range, lengths);
        if (q) problems.push(`fix "${fix.title}" of ${d.code} at ${show(e.range)}: ${q}`);
      }
    }
  }
  return problems;
}

/**
 * Every range-shaped object (`line`, `column`, `endLine`, `endColumn`) anywhere in
 * `value` — graph nodes, outlines, symbol uses — not within `text`, described.
 */
export function allRangesWithinText(text: string, value: unknown, skip: ReadonlySet<string> = new Set()): string[] {
  const lengths = lineLengths(text);
  const problems: string[] = [];
  const seen = new Set<unknown>();
  const walk = (v: unknown, path: string): void => {
    if (v === null || typeof v !== 'object' || seen.has(v) || ArrayBuffer.isView(v)) return;
    seen.add(v);
    if (v instanceof Map || v instanceof Set) {
      let i = 0;
      for (const x of v.values()) walk(x, `${path}{${i++}}`);
      return;
    }
    const r = v as Partial<SourceRange>;
    if (!Array.isArray(v) && typeof r.line === 'number' && typeof r.column === 'number' && typeof r.endLine === 'number' && typeof r.endColumn === 'number') {
      const p = rangeProblem(r as SourceRange, lengths);
      if (p) problems.push(`${path} ${show(r as SourceRange)}: ${p}`);
    }
    for (const [k, x] of Object.entries(v)) if (!skip.has(k)) walk(x, `${path}.${k}`);
  };
  walk(value, '$');
  return problems;
}

/** JavaScript's spelling of a non-number, as `String(x)` or a template would print it. */
export const NON_FINITE_TEXT = /(?<![A-Za-z])(?:-?Infinity|NaN)(?![A-Za-z])/;

export interface FiniteCheckOptions {
  /**
   * Also report strings that spell a non-number (a message built from a NaN). Turn it off
   * when the input itself says `NaN` or `Infinity`, which messages may quote.
   */
  readonly strings?: boolean;
  /** Keys not to enter. */
  readonly skip?: ReadonlySet<string>;
}

/** Paths to every non-finite number in `value` (objects, arrays, maps, sets, typed arrays; each object once). */
export function nonFiniteNumbers(value: unknown, options: FiniteCheckOptions = {}): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const strings = options.strings ?? true;
  const skip = options.skip ?? new Set<string>();
  const walk = (v: unknown, path: string): void => {
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) out.push(`${path} = ${v}`);
      return;
    }
    if (typeof v === 'string') {
      if (strings && NON_FINITE_TEXT.test(v)) out.push(`${path} says ${JSON.stringify(v.length > 80 ? v.slice(0, 80) + '…' : v)}`);
      return;
    }
    if (v === null || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    if (v instanceof Map) {
      for (const [k, x] of v) {
        walk(k, `${path}.key`);
        walk(x, `${path}[${String(k)}]`);
      }
    } else if (v instanceof Set) {
      for (const x of v) walk(x, `${path}{}`);
    } else if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
      const list = v as unknown as ArrayLike<unknown>;
      for (let i = 0; i < list.length; i++) walk(list[i], `${path}[${i}]`);
    } else {
      for (const [k, x] of Object.entries(v)) if (!skip.has(k)) walk(x, `${path}.${k}`);
    }
  };
  walk(value, '$');
  return out;
}
