import type { SourceRange } from '../text/sourceRange.ts';
import type { LineBounds } from './lineBounds.ts';

/** The five source types CLAIR v0.1 defines. */
export const SOURCE_TYPES = ['user', 'ctx', 'self', 'file', 'model'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** A well-formed belief id: a lower-case letter, then lower-case letters, digits, `_`. */
export const ID_PATTERN = /^[a-z][a-z0-9_]*$/;

/** A CLAIR number: `.5`, `0.5`, `1`, `-0.1`; not `1.`, `+.5` or `5e-1`. */
export const NUMBER_PATTERN = /^-?(\d+(\.\d+)?|\.\d+)$/;

export const LEVEL_PATTERN = /^L(\d+)$/;

/** A token's text together with where it stands. */
export interface Spanned<T> {
  readonly value: T;
  readonly range: SourceRange;
}

/**
 * A token's value with its place on one line. The range object is made only when asked
 * for: a 10k-belief parse keeps tens of thousands of these, and most ranges are never
 * read (only diagnostics and editor look-ups need them).
 */
export class LineSpan<T> implements Spanned<T> {
  readonly value: T;
  readonly line: number;
  /** 1-based column of the first character. */
  readonly column: number;
  /** 1-based column just past the last character. */
  readonly endColumn: number;

  constructor(value: T, line: number, column: number, endColumn: number) {
    this.value = value;
    this.line = line;
    this.column = column;
    this.endColumn = endColumn;
  }

  get range(): SourceRange {
    return { line: this.line, column: this.column, endLine: this.line, endColumn: this.endColumn };
  }
}

export interface ClairSource {
  /** As written, which may be a type CLAIR does not define (reported as unknown-source). */
  readonly type: string;
  readonly reference: string | null;
}

/** A quoted string, decoded, with the column of every decoded character for precise ranges. */
export interface ClairString {
  readonly value: string;
  readonly range: SourceRange;
  /** Indices in `value` of characters written with a backslash escape (see columnOf). */
  readonly escapes: readonly number[];
}

/**
 * A level as written (`L0`, `L007`). Nothing points at a level's position, so one shared
 * record serves every `L0` of a document.
 */
export interface WrittenLevel {
  readonly value: number;
  readonly text: string;
}

/**
 * A confidence as written (`.9`, `0.90`, `1.2`); shared between beliefs that write it
 * the same way, its position is kept on the belief (`confidenceRange`).
 */
export interface WrittenConfidence {
  /** The nearest finite double (see writtenNumbers.ts). */
  readonly value: number;
  readonly text: string;
  /** Whether the number written lies in [0,1], decided on the digits, not on `value`. */
  readonly inRange: boolean;
}

/** A quoted string on one line; like LineSpan, its range object is made on demand. */
export class LineString implements ClairString {
  readonly value: string;
  readonly escapes: readonly number[];
  readonly line: number;
  readonly column: number;
  readonly endColumn: number;

  constructor(value: string, escapes: readonly number[], line: number, column: number, endColumn: number) {
    this.value = value;
    this.escapes = escapes;
    this.line = line;
    this.column = column;
    this.endColumn = endColumn;
  }

  get range(): SourceRange {
    return { line: this.line, column: this.column, endLine: this.line, endColumn: this.endColumn };
  }
}

/** A line that parsed as a belief. Fields hold what was written, valid or not. */
export interface ClairBelief {
  readonly line: number;
  /** The whole belief, from the id to the end of the content string. */
  readonly range: SourceRange;
  readonly id: Spanned<string>;
  /** The confidence as a number, and its text exactly as written (for the printer). */
  readonly confidence: WrittenConfidence;
  /** Where the confidence is written. */
  readonly confidenceRange: SourceRange;
  /**
   * `null` when the line has no level (read as L0). `text` is the level as written
   * (`L007`), so the printer keeps levels too large for a double's plain digits.
   */
  readonly level: WrittenLevel | null;
  readonly source: ClairSource;
  /** Where the source is written. */
  readonly sourceRange: SourceRange;
  /** Every justification reference as written, repeats included, in order. */
  readonly justifications: readonly Spanned<string>[];
  readonly invalidations: readonly ClairString[];
  readonly content: ClairString;
  /** Text of a trailing `;` comment, without the `;`. */
  readonly comment: string | null;
}

/**
 * A belief as the parser builds it. It is also its own line (`kind: 'belief'`, `belief`
 * itself), one object instead of two per line; its whole-belief range is made when
 * asked for.
 */
export class ParsedBelief implements ClairBelief {
  readonly kind = 'belief' as const;

  constructor(
    readonly line: number,
    /** 1-based column where the id starts. */
    readonly column: number,
    /** 1-based column just past the content's closing quote. */
    readonly endColumn: number,
    readonly id: Spanned<string>,
    readonly confidence: WrittenConfidence,
    /** 1-based columns of the confidence, start and just past the end. */
    readonly confidenceColumn: number,
    readonly confidenceEndColumn: number,
    readonly level: WrittenLevel | null,
    readonly source: ClairSource,
    /** 1-based columns of the source, start and just past the end. */
    readonly sourceColumn: number,
    readonly sourceEndColumn: number,
    readonly justifications: readonly Spanned<string>[],
    readonly invalidations: readonly ClairString[],
    readonly content: ClairString,
    readonly comment: string | null,
  ) {}

  get range(): SourceRange {
    return { line: this.line, column: this.column, endLine: this.line, endColumn: this.endColumn };
  }

  get confidenceRange(): SourceRange {
    return { line: this.line, column: this.confidenceColumn, endLine: this.line, endColumn: this.confidenceEndColumn };
  }

  get sourceRange(): SourceRange {
    return { line: this.line, column: this.sourceColumn, endLine: this.line, endColumn: this.sourceEndColumn };
  }

  get belief(): ClairBelief {
    return this;
  }
}

/** What could be read off a line before it stopped parsing. */
export interface PartialBelief {
  readonly id: Spanned<string> | null;
  readonly confidence: number | null;
  readonly level: number | null;
  readonly source: ClairSource | null;
  readonly justifications: readonly Spanned<string>[];
  readonly invalidations: readonly string[];
  readonly content: string | null;
}

export type ClairLine =
  | { readonly kind: 'blank'; readonly line: number }
  | { readonly kind: 'comment'; readonly line: number; readonly text: string }
  | { readonly kind: 'belief'; readonly line: number; readonly belief: ClairBelief }
  | {
      readonly kind: 'broken';
      readonly line: number;
      /** The raw line, kept so the printer never loses text it could not read. */
      readonly text: string;
      readonly message: string;
      readonly errorRange: SourceRange;
      readonly partial: PartialBelief;
    };

export interface ClairDocument {
  readonly lines: readonly ClairLine[];
  /** The text parsed, and where its lines lie in it (for incremental re-parsing). */
  readonly text: string;
  readonly bounds: LineBounds;
}

/** The level a belief is read at: its own, or L0 when it has none. */
export function levelOf(b: ClairBelief): number {
  return b.level ? b.level.value : 0;
}

/** The distinct justification ids of a belief, first occurrence first. */
export function uniqueJustifications(b: { readonly justifications: readonly Spanned<string>[] }): readonly Spanned<string>[] {
  const list = b.justifications;
  // Lists are short; compare pairwise and return the list itself when nothing repeats.
  if (list.length < 2) return list;
  if (list.length <= 16) {
    let repeats = false;
    for (let i = 1; i < list.length && !repeats; i++) {
      for (let k = 0; k < i; k++) {
        if (list[k]!.value === list[i]!.value) {
          repeats = true;
          break;
        }
      }
    }
    if (!repeats) return list;
  }
  const seen = new Set<string>();
  const out: Spanned<string>[] = [];
  for (const j of list) {
    if (seen.has(j.value)) continue;
    seen.add(j.value);
    out.push(j);
  }
  return out;
}

/**
 * The 1-based column of `s.value[i]` in its line: one past the opening quote, plus one
 * more for every escaped character up to and including `i` (each took two characters).
 */
export function columnOf(s: ClairString, i: number): number {
  let shift = 0;
  for (const e of s.escapes) {
    if (e > i) break;
    shift++;
  }
  return columnOfStart(s) + 1 + i + shift;
}

function columnOfStart(s: ClairString): number {
  return s instanceof LineString ? s.column : s.range.column;
}
