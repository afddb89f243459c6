/**
 * A JSON reader that keeps where every value and key sits in the text, so a finding
 * about a FormalProposal lands on the characters it is about. It never throws: text
 * that is not JSON gives a `syntax` diagnostic at the first offending character, and
 * nesting deeper than `MAX_JSON_DEPTH` stops the read with `schema-too-deep` instead of
 * exhausting the call stack.
 */
import type { Diagnostic } from '../text/diagnostic.ts';
import type { SourceRange } from '../text/sourceRange.ts';
import { SourceLocator } from './sourceLocator.ts';

export type JsonNode = JsonObject | JsonArray | JsonString | JsonNumber | JsonBoolean | JsonNull;

export interface JsonObject {
  readonly kind: 'object';
  readonly range: SourceRange;
  readonly members: readonly JsonMember[];
}
export interface JsonMember {
  readonly key: string;
  readonly keyRange: SourceRange;
  readonly value: JsonNode;
}
export interface JsonArray {
  readonly kind: 'array';
  readonly range: SourceRange;
  readonly items: readonly JsonNode[];
}
export interface JsonString {
  readonly kind: 'string';
  readonly range: SourceRange;
  readonly value: string;
}
export interface JsonNumber {
  readonly kind: 'number';
  readonly range: SourceRange;
  readonly value: number;
}
export interface JsonBoolean {
  readonly kind: 'boolean';
  readonly range: SourceRange;
  readonly value: boolean;
}
export interface JsonNull {
  readonly kind: 'null';
  readonly range: SourceRange;
}

export interface ParsedJson {
  /** The document's value, or null when the text is not JSON. */
  readonly root: JsonNode | null;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * How deeply arrays and objects may nest. A FormalProposal needs two levels per
 * expression level; real proposals stay far below this, and the bound keeps the
 * recursive reader (and everything walking its result) well inside the stack.
 */
export const MAX_JSON_DEPTH = 256;

class JsonSyntaxError {
  constructor(
    readonly offset: number,
    readonly end: number,
    readonly message: string,
    readonly code: string = 'syntax',
  ) {}
}

/** Reads `text` as one JSON value (RFC 8259), keeping source ranges. */
export function parseProposalText(text: string): ParsedJson {
  const reader = new Reader(text);
  try {
    reader.skipSpace();
    if (reader.pos >= text.length) throw new JsonSyntaxError(0, 0, 'the document is empty: expected a JSON object');
    const root = reader.value(0);
    reader.skipSpace();
    if (reader.pos < text.length) throw new JsonSyntaxError(reader.pos, reader.pos + 1, 'unexpected text after the JSON value');
    return { root, diagnostics: [] };
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    const range = reader.locator.range(e.offset, Math.max(e.end, e.offset));
    return { root: null, diagnostics: [{ severity: 'error', code: e.code, message: e.message, range }] };
  }
}

class Reader {
  pos = 0;
  readonly locator: SourceLocator;

  constructor(private readonly text: string) {
    this.locator = new SourceLocator(text);
  }

  skipSpace(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.pos++;
      else break;
    }
  }

  value(depth: number): JsonNode {
    const t = this.text;
    const c = t[this.pos];
    if (c === '{' || c === '[') {
      if (depth >= MAX_JSON_DEPTH) {
        throw new JsonSyntaxError(this.pos, this.pos + 1, `nesting deeper than ${MAX_JSON_DEPTH} levels: the proposal is refused`, 'schema-too-deep');
      }
      return c === '{' ? this.object(depth + 1) : this.array(depth + 1);
    }
    if (c === '"') {
      const start = this.pos;
      const value = this.string();
      return { kind: 'string', value, range: this.locator.range(start, this.pos) };
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    for (const [word, node] of LITERALS) {
      if (t.startsWith(word, this.pos)) {
        const start = this.pos;
        this.pos += word.length;
        const range = this.locator.range(start, this.pos);
        return node === null ? { kind: 'null', range } : { kind: 'boolean', value: node, range };
      }
    }
    if (c === undefined) throw new JsonSyntaxError(this.pos, this.pos, 'unexpected end of text: a value is missing');
    throw new JsonSyntaxError(this.pos, this.pos + 1, `unexpected ${describeChar(c)}: expected a JSON value`);
  }

  private object(depth: number): JsonObject {
    const start = this.pos++;
    const members: JsonMember[] = [];
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return { kind: 'object', members, range: this.locator.range(start, this.pos) };
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') throw this.expected('a quoted key');
      const keyStart = this.pos;
      const key = this.string();
      const keyRange = this.locator.range(keyStart, this.pos);
      this.skipSpace();
      if (this.text[this.pos] !== ':') throw this.expected("':' after the key");
      this.pos++;
      this.skipSpace();
      members.push({ key, keyRange, value: this.value(depth) });
      this.skipSpace();
      const c = this.text[this.pos];
      if (c === ',') {
        this.pos++;
        continue;
      }
      if (c === '}') {
        this.pos++;
        return { kind: 'object', members, range: this.locator.range(start, this.pos) };
      }
      throw this.expected("',' or '}'");
    }
  }

  private array(depth: number): JsonArray {
    const start = this.pos++;
    const items: JsonNode[] = [];
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return { kind: 'array', items, range: this.locator.range(start, this.pos) };
    }
    for (;;) {
      this.skipSpace();
      items.push(this.value(depth));
      this.skipSpace();
      const c = this.text[this.pos];
      if (c === ',') {
        this.pos++;
        continue;
      }
      if (c === ']') {
        this.pos++;
        return { kind: 'array', items, range: this.locator.range(start, this.pos) };
      }
      throw this.expected("',' or ']'");
    }
  }

  private string(): string {
    const t = this.text;
    const start = this.pos++;
    let out = '';
    let chunk = this.pos;
    for (;;) {
      if (this.pos >= t.length) throw new JsonSyntaxError(start, this.pos, 'unterminated string');
      const c = t.charCodeAt(this.pos);
      if (c === 0x22) {
        out += t.slice(chunk, this.pos);
        this.pos++;
        return out;
      }
      if (c < 0x20) throw new JsonSyntaxError(this.pos, this.pos + 1, 'control character in a string (write it as an escape such as \\n)');
      if (c !== 0x5c) {
        this.pos++;
        continue;
      }
      out += t.slice(chunk, this.pos);
      const e = t[this.pos + 1];
      const simple = e === undefined ? undefined : ESCAPES[e];
      if (simple !== undefined) {
        out += simple;
        this.pos += 2;
      } else if (e === 'u') {
        const hex = t.slice(this.pos + 2, this.pos + 6);
        if (!/^[0-9A-Fa-f]{4}$/.test(hex)) throw new JsonSyntaxError(this.pos, this.pos + 2, 'bad \\u escape: four hex digits expected');
        out += String.fromCharCode(parseInt(hex, 16));
        this.pos += 6;
      } else if (e === undefined) {
        // A backslash as the last character: the text ends inside the string.
        throw new JsonSyntaxError(start, this.pos + 1, 'unterminated string: it ends with a lone backslash');
      } else {
        throw new JsonSyntaxError(this.pos, this.pos + 2, `bad escape \\${e} in a string`);
      }
      chunk = this.pos;
    }
  }

  private number(): JsonNumber {
    const start = this.pos;
    const m = NUMBER.exec(this.text.slice(this.pos, this.pos + 400));
    if (!m) throw new JsonSyntaxError(this.pos, this.pos + 1, 'malformed number');
    this.pos += m[0].length;
    return { kind: 'number', value: Number(m[0]), range: this.locator.range(start, this.pos) };
  }

  private expected(what: string): JsonSyntaxError {
    const c = this.text[this.pos];
    if (c === undefined) return new JsonSyntaxError(this.pos, this.pos, `unexpected end of text: expected ${what}`);
    return new JsonSyntaxError(this.pos, this.pos + 1, `unexpected ${describeChar(c)}: expected ${what}`);
  }
}

const LITERALS: readonly (readonly [string, boolean | null])[] = [
  ['true', true],
  ['false', false],
  ['null', null],
];

const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

const NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/;

function describeChar(c: string): string {
  return /^[\x21-\x7e]$/.test(c) ? `'${c}'` : `character U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}
