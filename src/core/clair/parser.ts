/**
 * The CLAIR parser: error-tolerant and ranged. Each line is read on its own; a line
 * that does not parse becomes a `broken` line carrying what could be read before the
 * problem, so the rest of the document (and the graph) stays intact. Never throws.
 */
import { lineRange } from '../text/sourceRange.ts';
import type { WrittenConfidence, WrittenLevel, ClairDocument, ClairLine, ClairSource, ClairString, PartialBelief, Spanned } from './ast.ts';
import { ID_PATTERN, SOURCE_TYPES, LineSpan, LineString, NUMBER_PATTERN, ParsedBelief } from './ast.ts';
import type { Token } from './lexer.ts';
import { isSeparator, lexInto, TokenBuffer } from './lexer.ts';
import { commonPrefix, commonSuffix, lineBounds } from './lineBounds.ts';
import { finiteLevelOf, finiteValueOf, writtenInUnitInterval } from './writtenNumbers.ts';

/** Parses a whole document. */
export function parseClair(text: string): ClairDocument {
  const bounds = lineBounds(text);
  const n = bounds.starts.length;
  const lines: ClairLine[] = new Array(n);
  for (let i = 0; i < n; i++) lines[i] = parseLineAt(text, bounds.starts[i]!, bounds.ends[i]!, i + 1);
  return { lines, text, bounds };
}

/**
 * Parses `text` reusing the lines of `previous` that did not change: those wholly inside
 * the common prefix of the two texts, terminator included, and — when no line was
 * inserted or removed, so line numbers and every range stay the same — those wholly
 * inside the common suffix together with the line break before them. A line is reused
 * only where it is provably the same characters at the same line number; a keystroke
 * re-parses one line.
 */
export function reparseClair(previous: ClairDocument | null, text: string): ClairDocument {
  if (!previous) return parseClair(text);
  if (previous.text === text) return previous;
  const old = previous.bounds;
  const bounds = lineBounds(text);
  const n = bounds.starts.length;
  const oldN = old.starts.length;
  const prefixChars = commonPrefix(previous.text, text);
  // Line i is the same when it and its terminator lie in the common prefix and the next
  // line starts at the same place in both (so the terminators agree too).
  let prefix = 0;
  while (prefix < Math.min(n, oldN) - 1 && old.starts[prefix + 1]! <= prefixChars && old.starts[prefix + 1] === bounds.starts[prefix + 1]) {
    prefix++;
  }
  let suffix = 0;
  if (n === oldN) {
    const suffixChars = commonSuffix(previous.text, text, Math.min(previous.text.length, text.length) - prefixChars);
    // Counted from the end: the line, everything after it AND the terminator before it lie
    // in the common suffix. A start in the suffix alone is not enough: the same characters
    // may follow a line break in one text and sit mid-line (or inside a string) in the
    // other. With the character before the start in the suffix too, the start is a line
    // start in both texts (a start after LF, after a lone CR — the next character, in the
    // suffix, is no LF — or after CRLF whose CR fell outside: either way the line begins
    // there), and, the line counts being equal, it is the same line number in both. The
    // first line has no terminator before it, so it is never taken from the suffix (the
    // test cannot pass for it: the suffix is never longer than the text).
    while (suffix < n - prefix && text.length - bounds.starts[n - 1 - suffix]! + 1 <= suffixChars) suffix++;
  }
  const lines: ClairLine[] = new Array(n);
  for (let i = 0; i < prefix; i++) lines[i] = previous.lines[i]!;
  for (let i = prefix; i < n - suffix; i++) lines[i] = parseLineAt(text, bounds.starts[i]!, bounds.ends[i]!, i + 1);
  for (let i = n - suffix; i < n; i++) lines[i] = previous.lines[i]!;
  return { lines, text, bounds };
}

/** Bound on the tables of shared texts, so a document of all-different numbers cannot grow them without end. */
const INTERN_LIMIT = 4096;

/** A source type is a word; anything else after `@` does not parse. */
const SOURCE_TYPE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

class LineFailure {
  constructor(
    readonly message: string,
    readonly start: number,
    readonly end: number,
  ) {}
}

interface Partial {
  id: Spanned<string> | null;
  confidence: number | null;
  level: number | null;
  source: ClairSource | null;
  justifications: Spanned<string>[];
  invalidations: string[];
  content: string | null;
}

const NO_REFS: Spanned<string>[] = [];
const scratchRefs: Spanned<string>[] = [];
const NO_STRINGS: string[] = [];
/** Shared by every belief without conditions; never written to. */
const NO_CONDITIONS: ClairString[] = [];
const scratch: Partial = { id: null, confidence: null, level: null, source: null, justifications: NO_REFS, invalidations: [], content: null };

/** The parser's one token buffer (parsing is synchronous, so it is never shared). */
const buffer = new TokenBuffer();

/** Parses one line (1-based `line`), without its terminator. */
export function parseClairLine(text: string, line: number): ClairLine {
  return parseLineAt(text, 0, text.length, line);
}

/** Parses the line of `source` between `from` and `to`, without slicing it out first. */
function parseLineAt(source: string, from: number, to: number, line: number): ClairLine {
  lexInto(source, buffer, from, to);
  const tokens = buffer;
  const first = tokens.at(0);
  if (!first) return { kind: 'blank', line };
  if (first.kind === 'comment') return { kind: 'comment', line, text: first.text.slice(1) };

  // One scratch record, reset per line and copied only when the line turns out broken.
  const partial = scratch;
  partial.id = null;
  partial.confidence = null;
  partial.level = null;
  partial.source = null;
  partial.justifications = NO_REFS;
  partial.invalidations = NO_STRINGS;
  partial.content = null;
  try {
    return readBelief(tokens, to - from, line, partial);
  } catch (e) {
    if (!(e instanceof LineFailure)) throw e;
    const frozen: PartialBelief = { ...partial, justifications: partial.justifications.slice() };
    return {
      kind: 'broken',
      line,
      text: source.slice(from, to),
      message: e.message,
      // A problem at the end of the line (something missing) is an empty range just past
      // its last character, so that the range stays inside the text.
      errorRange: lineRange(line, e.start + 1, Math.max(e.end, e.start) + 1),
      partial: frozen,
    };
  }
}

function span<T>(value: T, token: Token, line: number): LineSpan<T> {
  return new LineSpan(value, line, token.start + 1, token.end + 1);
}

const NO_ESCAPES: readonly number[] = [];

function toClairString(token: Token, line: number): ClairString {
  return new LineString(token.value ?? '', token.escapes ?? NO_ESCAPES, line, token.start + 1, token.end + 1);
}

function describe(token: Token | undefined): string {
  if (!token) return 'the end of the line';
  if (token.kind === 'string') return 'a string';
  if (token.kind === 'comment') return 'a comment';
  const shown = token.text.length > 24 ? token.text.slice(0, 24) + '…' : token.text;
  return `"${shown}"`;
}

function readBelief(tokens: TokenBuffer, lineLength: number, line: number, partial: Partial): ParsedBelief {
  let i = 0;
  const fail = (message: string, token: Token | undefined): never => failAt(message, token, lineLength);

  // id
  const idTok = tokens.at(i);
  if (!idTok || idTok.kind !== 'word') fail(`a belief starts with an id, found ${describe(idTok)}`, idTok);
  const id = span(idTok!.text, idTok!, line);
  if (ID_PATTERN.test(id.value)) partial.id = id;
  i++;

  // confidence
  const confTok = tokens.at(i);
  if (!confTok || confTok.kind !== 'word' || !NUMBER_PATTERN.test(confTok.text)) {
    fail(`expected a confidence such as .8 after ${id.value}, found ${describe(confTok)}`, confTok);
  }
  const confidence = writtenConfidence(confTok!.text);
  partial.confidence = confidence.value;
  i++;

  // level (optional)
  let level: WrittenLevel | null = null;
  const levelTok = tokens.at(i);
  if (levelTok && levelTok.kind === 'word') {
    const levelValue = readLevel(levelTok.text);
    if (levelValue === null) fail(`expected a level such as L0 or a source such as @self, found ${describe(levelTok)}`, levelTok);
    level = writtenLevel(levelTok.text, levelValue!);
    partial.level = level.value;
    i++;
  }

  // source
  const srcTok = tokens.at(i);
  if (!srcTok || srcTok.kind !== 'source') {
    fail(`expected a source such as @self or @file:path, found ${describe(srcTok)}`, srcTok);
  }
  const source = readSource(srcTok!, fail);
  partial.source = source;
  i++;

  // justifications: one or more groups `<a,b`
  // Read into a reused list; the belief gets an exact-length copy (see below).
  const justifications = scratchRefs;
  justifications.length = 0;
  // Shared with the partial record, so references read before a mistake still count
  // (a broken line copies the partial record, this list included).
  partial.justifications = justifications;
  while (tokens.at(i)?.kind === 'lt') {
    const lt = tokens.at(i)!;
    i++;
    let ref = tokens.at(i);
    if (!ref || ref.kind !== 'word') fail(`"<" must be followed by a belief id, found ${describe(ref)}`, ref ?? lt);
    justifications.push(span(ref!.text, ref!, line));
    i++;
    while (tokens.at(i)?.kind === 'comma') {
      const comma = tokens.at(i)!;
      i++;
      ref = tokens.at(i);
      if (!ref || ref.kind !== 'word') fail(`"," must be followed by a belief id, found ${describe(ref)}`, ref ?? comma);
      justifications.push(span(ref!.text, ref!, line));
      i++;
    }
  }

  // invalidations: ?["a", "b"]
  let invalidations: ClairString[] = NO_CONDITIONS;
  if (tokens.at(i)?.kind === 'question') {
    invalidations = [];
    const q = tokens.at(i)!;
    i++;
    if (tokens.at(i)?.kind !== 'lbracket') fail(`"?" must be followed by ["condition", …], found ${describe(tokens.at(i))}`, tokens.at(i) ?? q);
    i++;
    for (;;) {
      const s = tokens.at(i);
      if (!s || s.kind !== 'string') fail(`expected a quoted condition, found ${describe(s)}`, s);
      invalidations.push(toClairString(s!, line));
      if (partial.invalidations === NO_STRINGS) partial.invalidations = [];
      partial.invalidations.push(s!.value ?? '');
      i++;
      const next = tokens.at(i);
      if (next?.kind === 'comma') {
        i++;
        continue;
      }
      if (next?.kind === 'rbracket') {
        i++;
        break;
      }
      fail(`expected "," or "]" in the invalidation list, found ${describe(next)}`, next);
    }
  }

  // content
  const contentTok = tokens.at(i);
  // An unclosed content string still says what the belief is about: keep it for the node.
  // Trailing separators go, as the printer trims them from a broken line.
  if (contentTok?.kind === 'unterminated') partial.content = trimEndSeparators(contentTok.value ?? '');
  if (!contentTok || contentTok.kind !== 'string') {
    fail(`missing content: a belief ends with its proposition in double quotes, found ${describe(contentTok)}`, contentTok);
  }
  const content = toClairString(contentTok!, line);
  partial.content = content.value;
  i++;

  // trailing comment
  let comment: string | null = null;
  const tail = tokens.at(i);
  if (tail) {
    if (tail.kind !== 'comment') fail(`unexpected ${describe(tail)} after the content; start a comment with ;`, tail);
    comment = tail.text.slice(1);
    i++;
  }

  return new ParsedBelief(
    line,
    idTok!.start + 1,
    contentTok!.end + 1,
    id,
    confidence,
    confTok!.start + 1,
    confTok!.end + 1,
    level,
    source,
    srcTok!.start + 1,
    srcTok!.end + 1,
    justifications.length === 0 ? NO_REFS : justifications.slice(),
    invalidations,
    content,
    comment,
  );
}

/** Sources without a reference (`@self`), one shared record per type. */
const sourceTable = new Map<string, ClairSource>();

function sourceOfType(type: string): ClairSource {
  const known = sourceTable.get(type);
  if (known) return known;
  const source: ClairSource = Object.freeze({ type, reference: null });
  if (sourceTable.size < INTERN_LIMIT) sourceTable.set(type, source);
  return source;
}

/** Confidences as written, shared like levels. */
const confidenceTable = new Map<string, WrittenConfidence>();

function writtenConfidence(text: string): WrittenConfidence {
  const known = confidenceTable.get(text);
  if (known) return known;
  const confidence: WrittenConfidence = Object.freeze({ value: finiteValueOf(text), text, inRange: writtenInUnitInterval(text) });
  if (text.length <= 8 && confidenceTable.size < INTERN_LIMIT) confidenceTable.set(text, confidence);
  return confidence;
}

/** Levels as written, shared: a document holds a handful of distinct ones. */
const levelTable = new Map<string, WrittenLevel>();

function writtenLevel(text: string, value: number): WrittenLevel {
  const known = levelTable.get(text);
  if (known) return known;
  const level: WrittenLevel = Object.freeze({ value, text });
  if (text.length <= 8 && levelTable.size < INTERN_LIMIT) levelTable.set(text, level);
  return level;
}

/** The number of a level token (`L` and digits), or null; no regular expression per line. */
function readLevel(text: string): number | null {
  if (text.length < 2 || text.charCodeAt(0) !== 76 /* L */) return null;
  let value = 0;
  for (let i = 1; i < text.length; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return null;
    value = value * 10 + d;
  }
  // Past 2^53 the running sum loses digits; read those rare levels the long way (finite).
  return text.length > 16 ? finiteLevelOf(text.slice(1)) : value;
}

function trimEndSeparators(s: string): string {
  let end = s.length;
  while (end > 0 && isSeparator(s[end - 1]!)) end--;
  return s.slice(0, end);
}

/** Stops reading a line: an unterminated string wins over whatever else was expected. */
function failAt(message: string, token: Token | undefined, endOfLine: number): never {
  if (token?.kind === 'unterminated') {
    throw new LineFailure('unterminated string: add the closing "', token.start, token.end);
  }
  const start = token ? token.start : endOfLine;
  throw new LineFailure(message, start, token ? token.end : endOfLine);
}

function readSource(tok: Token, fail: (m: string, t: Token) => never): ClairSource {
  const text = tok.text;
  const colon = text.indexOf(':', 1);
  const typeEnd = colon < 0 ? text.length : colon;
  const type = knownSourceType(text, typeEnd) ?? text.slice(1, typeEnd);
  const reference = colon < 0 ? null : text.slice(colon + 1);
  if (type === '') fail('a source needs a type after @: user, ctx, self, file or model', tok);
  if (!SOURCE_TYPE_PATTERN.test(type)) fail(`"${type}" is not a source type: use user, ctx, self, file or model`, tok);
  if (reference === '') fail(`@${type}: needs a reference after the colon, or drop the colon`, tok);
  return reference === null ? sourceOfType(type) : { type, reference };
}

/** One of the five source types when `@…` spells it exactly up to `end` (no string made). */
function knownSourceType(text: string, end: number): string | null {
  for (const t of SOURCE_TYPES) {
    if (end === t.length + 1 && text.startsWith(t, 1)) return t;
  }
  return null;
}
