/**
 * Parses the Python subset of a Gaia package module into a ranged syntax tree (see
 * pyAst.ts). Module-level imports, single-name assignments and expression statements
 * are read in full; compound statements (def, class, loops, decorators, …) and
 * expressions outside the subset are kept as `unsupported` nodes with their ranges.
 * Syntax errors are collected and the parser resumes at the next statement. Never throws.
 */
import type { SourceRange } from '../text/sourceRange.ts';
import type { PyExpr, PyKeyword, PyModule, PyStatement } from './pyAst.ts';
import type { PyToken } from './pyLexer.ts';
import { lexPython } from './pyLexer.ts';

const COMPOUND = new Set(['def', 'class', 'if', 'elif', 'else', 'for', 'while', 'with', 'try', 'except', 'finally', 'async']);
/** Deeper nesting than this is no package anyone writes; stop before the stack does. */
const MAX_NESTING = 200;
const SIMPLE_KEYWORDS = new Set(['pass', 'del', 'return', 'global', 'nonlocal', 'raise', 'assert', 'break', 'continue', 'yield', 'print']);

class SyntaxFailure {
  constructor(
    readonly message: string,
    readonly range: SourceRange,
  ) {}
}

function span(from: SourceRange, to: SourceRange): SourceRange {
  return { line: from.line, column: from.column, endLine: to.endLine, endColumn: to.endColumn };
}

export function parsePython(source: string): PyModule {
  return new Parser(lexPython(source)).module();
}

class Parser {
  private i = 0;
  private readonly errors: { message: string; range: SourceRange }[] = [];
  private readonly tokens: readonly PyToken[];

  constructor(tokens: readonly PyToken[]) {
    this.tokens = tokens;
  }

  private get tok(): PyToken {
    return this.tokens[this.i]!;
  }

  private peek(k = 1): PyToken {
    return this.tokens[Math.min(this.i + k, this.tokens.length - 1)]!;
  }

  private isOp(text: string, t: PyToken = this.tok): boolean {
    return t.kind === 'op' && t.text === text;
  }

  private isName(text: string, t: PyToken = this.tok): boolean {
    return t.kind === 'name' && t.text === text;
  }

  private advance(): PyToken {
    const t = this.tok;
    if (t.kind !== 'end') this.i++;
    return t;
  }

  private expectOp(text: string, what: string): PyToken {
    if (!this.isOp(text)) this.fail(`expected ${JSON.stringify(text)} ${what}`);
    return this.advance();
  }

  private fail(message: string, range: SourceRange = this.tok.range): never {
    const t = this.tok;
    const found = t.kind === 'newline' || t.kind === 'end' ? 'the end of the line' : JSON.stringify(t.text.length > 30 ? t.text.slice(0, 30) + '…' : t.text);
    throw new SyntaxFailure(t.kind === 'error' && t.problem ? t.problem : `${message}, found ${found}`, range);
  }

  module(): PyModule {
    const body: PyStatement[] = [];
    while (this.tok.kind !== 'end') {
      if (this.tok.kind === 'newline') {
        this.advance();
        continue;
      }
      const start = this.i;
      try {
        const s = this.statement();
        if (s) body.push(s);
      } catch (e) {
        if (!(e instanceof SyntaxFailure)) throw e;
        this.errors.push({ message: e.message, range: e.range });
        if (this.i === start) this.advance();
        this.skipLine();
      }
    }
    return { body, errors: this.errors };
  }

  /** Skips to just past the end of the current logical line. */
  private skipLine(): void {
    while (this.tok.kind !== 'newline' && this.tok.kind !== 'end') this.advance();
    if (this.tok.kind === 'newline') this.advance();
  }

  private endStatement(): void {
    if (this.isOp(';')) this.fail('one statement per line, please (no ";")');
    if (this.tok.kind !== 'newline' && this.tok.kind !== 'end') this.fail('expected the end of the statement');
    this.advance();
  }

  private statement(): PyStatement | null {
    const t = this.tok;
    if (t.range.column > 1 && t.lineStart) {
      // An indented line with no block to belong to.
      const first = t;
      this.skipLine();
      return { kind: 'unsupported', what: 'an indented block', range: span(first.range, this.tokens[this.i - 1]!.range) };
    }
    if (t.kind === 'name' && (COMPOUND.has(t.text) || this.isOp('@', t)) ) return this.compound();
    if (this.isOp('@')) return this.compound();
    if (t.kind === 'name' && t.text === 'from') return this.importFrom();
    if (t.kind === 'name' && t.text === 'import') return this.importModule();
    if (t.kind === 'name' && SIMPLE_KEYWORDS.has(t.text) && !this.isOp('=', this.peek()) && !this.isOp('(', this.peek())) {
      const first = this.advance();
      while (this.tok.kind !== 'newline' && this.tok.kind !== 'end') this.advance();
      const last = this.tokens[this.i - 1]!;
      this.endStatement();
      return { kind: 'unsupported', what: `a "${first.text}" statement`, range: span(first.range, last.range) };
    }
    // `name = expr` (one plain name target), or an expression statement.
    if (t.kind === 'name' && this.isOp('=', this.peek())) {
      const target = this.advance();
      this.advance();
      const value = this.expression();
      if (this.isOp('=')) {
        const last = this.skipRest();
        return { kind: 'unsupported', what: 'a chained assignment', range: span(target.range, last) };
      }
      this.endStatement();
      return { kind: 'assign', target: target.text, targetRange: target.range, value, range: span(target.range, value.range) };
    }
    const value = this.expression();
    if (this.tok.kind === 'op' && (this.tok.text === '=' || this.tok.text.endsWith('=') && this.tok.text.length >= 2 && !['==', '<=', '>=', '!='].includes(this.tok.text) || this.tok.text === ':' || this.tok.text === ',')) {
      const what = this.tok.text === ':' ? 'an annotated assignment' : this.tok.text === '=' || this.tok.text === ',' ? 'an assignment to something other than one name' : `an augmented assignment (${this.tok.text})`;
      const last = this.skipRest();
      return { kind: 'unsupported', what, range: span(value.range, last) };
    }
    this.endStatement();
    return { kind: 'expr', value, range: value.range };
  }

  /** Skips the rest of the logical line; returns the range of its last token. */
  private skipRest(): SourceRange {
    let last = this.tok.range;
    while (this.tok.kind !== 'newline' && this.tok.kind !== 'end') last = this.advance().range;
    if (this.tok.kind === 'newline') this.advance();
    return last;
  }

  /** A compound statement (or decorated one): its header line and its indented block. */
  private compound(): PyStatement {
    const first = this.tok;
    const what = this.isOp('@') ? 'a decorated definition' : `a "${first.text}" block`;
    let last = first.range;
    for (;;) {
      last = this.skipRest();
      // The block goes on while lines are indented (decorators and `else:` clauses too).
      const t = this.tok;
      if (t.kind === 'end') break;
      const continues = t.range.column > 1 || (first.text !== 'def' && first.text !== 'class' && (this.isName('elif', t) || this.isName('else', t) || this.isName('except', t) || this.isName('finally', t))) || (this.isOp('@', first) && (this.isName('def', t) || this.isName('class', t) || this.isName('async', t) || this.isOp('@', t)));
      if (!continues) break;
    }
    const isDef = this.isName('def', first) || this.isOp('@', first) || this.isName('async', first);
    return { kind: 'unsupported', what: isDef && !this.isOp('@', first) ? 'a function definition' : what, range: span(first.range, last) };
  }

  private dottedName(): { name: string; range: SourceRange } {
    let name = '';
    const first = this.tok;
    let last = first.range;
    while (this.isOp('.') || this.isOp('...')) {
      name += this.advance().text;
      last = this.tokens[this.i - 1]!.range;
    }
    if (this.tok.kind === 'name' && !(name !== '' && this.tok.text === 'import')) {
      name += this.advance().text;
      last = this.tokens[this.i - 1]!.range;
      while (this.isOp('.')) {
        this.advance();
        if (this.tok.kind !== 'name') this.fail('expected a module name after "."');
        name += '.' + this.advance().text;
        last = this.tokens[this.i - 1]!.range;
      }
    }
    if (name === '') this.fail('expected a module name');
    return { name, range: span(first.range, last) };
  }

  private importFrom(): PyStatement {
    const first = this.advance();
    const module = this.dottedName();
    if (!this.isName('import')) this.fail('expected "import"');
    this.advance();
    const names: { name: string; asName: string | null; range: SourceRange }[] = [];
    const parenthesised = this.isOp('(');
    if (parenthesised) this.advance();
    if (this.isOp('*')) {
      const star = this.advance();
      names.push({ name: '*', asName: null, range: star.range });
    } else {
      for (;;) {
        if (parenthesised && this.isOp(')')) break;
        if (this.tok.kind !== 'name') this.fail('expected a name to import');
        const n = this.advance();
        const { asName, end } = this.asClause(n.range);
        names.push({ name: n.text, asName, range: span(n.range, end) });
        if (!this.isOp(',')) break;
        this.advance();
      }
    }
    let last = this.tokens[this.i - 1]!.range;
    if (parenthesised) last = this.expectOp(')', 'to close the import list').range;
    this.endStatement();
    return { kind: 'importFrom', module: module.name, names, range: span(first.range, last) };
  }

  /** An optional `as NAME` after an imported name: the alias, and where the clause ends. */
  private asClause(nameRange: SourceRange): { asName: string | null; end: SourceRange } {
    if (!this.isName('as')) return { asName: null, end: nameRange };
    this.advance();
    if (this.tok.kind !== 'name') this.fail('expected a name after "as"');
    const a = this.advance();
    return { asName: a.text, end: a.range };
  }

  private importModule(): PyStatement {
    const first = this.advance();
    const names: { name: string; asName: string | null; range: SourceRange }[] = [];
    for (;;) {
      const m = this.dottedName();
      const { asName, end } = this.asClause(m.range);
      names.push({ name: m.name, asName, range: span(m.range, end) });
      if (!this.isOp(',')) break;
      this.advance();
    }
    const last = this.tokens[this.i - 1]!.range;
    this.endStatement();
    return { kind: 'import', names, range: span(first.range, last) };
  }

  // ---- expressions, by Python's precedence ------------------------------------------

  /** How deeply expressions nest right now; past MAX_NESTING the parser stops rather than overflow. */
  private nesting = 0;

  expression(): PyExpr {
    return this.deeper(() => this.expressionInner());
  }

  /** Runs one level of nested parsing, stopping with an error past MAX_NESTING. */
  private deeper<T>(parse: () => T): T {
    if (++this.nesting > MAX_NESTING) {
      this.nesting = 0;
      this.fail('this expression nests too deeply');
    }
    try {
      return parse();
    } finally {
      this.nesting = Math.max(0, this.nesting - 1);
    }
  }

  private expressionInner(): PyExpr {
    const t = this.tok;
    if (this.isName('lambda')) return this.unsupportedUntilBoundary('a lambda');
    if (this.isName('yield') || this.isName('await')) return this.unsupportedUntilBoundary(`"${t.text}"`);
    const body = this.orTest();
    if (this.isName('if')) {
      // A conditional expression: read it so the statement stays in step, then report it.
      this.advance();
      const cond = this.orTest();
      if (!this.isName('else')) this.fail('expected "else" in a conditional expression');
      this.advance();
      const other = this.expression();
      void cond;
      return { kind: 'unsupported', what: 'a conditional expression', range: span(body.range, other.range) };
    }
    return body;
  }

  /** Skips an expression the subset does not read, up to the next `,` `)` `]` `}` or line end at this depth. */
  private unsupportedUntilBoundary(what: string): PyExpr {
    const first = this.tok.range;
    let last = first;
    let depth = 0;
    while (this.tok.kind !== 'newline' && this.tok.kind !== 'end') {
      if (depth === 0 && this.tok.kind === 'op' && [',', ')', ']', '}'].includes(this.tok.text)) break;
      if (this.isOp('(') || this.isOp('[') || this.isOp('{')) depth++;
      if (this.isOp(')') || this.isOp(']') || this.isOp('}')) depth--;
      last = this.advance().range;
    }
    return { kind: 'unsupported', what, range: span(first, last) };
  }

  private binaryLevel(ops: readonly string[], next: () => PyExpr, names = false): PyExpr {
    let left = next();
    for (;;) {
      const t = this.tok;
      const matches = names ? t.kind === 'name' && ops.includes(t.text) : t.kind === 'op' && ops.includes(t.text);
      if (!matches) return left;
      this.advance();
      const right = next();
      left = { kind: 'binary', op: t.text, left, right, range: span(left.range, right.range) };
    }
  }

  private orTest(): PyExpr {
    return this.binaryLevel(['or'], () => this.andTest(), true);
  }

  private andTest(): PyExpr {
    return this.binaryLevel(['and'], () => this.notTest(), true);
  }

  private notTest(): PyExpr {
    if (this.isName('not')) {
      const first = this.advance();
      const operand = this.deeper(() => this.notTest());
      return { kind: 'unary', op: 'not', operand, range: span(first.range, operand.range) };
    }
    return this.comparison();
  }

  private comparison(): PyExpr {
    let left = this.bitOr();
    for (;;) {
      const t = this.tok;
      let op: string | null = null;
      if (t.kind === 'op' && ['<', '>', '==', '>=', '<=', '!='].includes(t.text)) op = t.text;
      else if (this.isName('in') || this.isName('is')) op = t.text;
      else if (this.isName('not') && this.isName('in', this.peek())) op = 'not in';
      if (!op) return left;
      this.advance();
      if (op === 'not in') this.advance();
      else if (op === 'is' && this.isName('not')) {
        this.advance();
        op = 'is not';
      }
      const right = this.bitOr();
      left = { kind: 'binary', op, left, right, range: span(left.range, right.range) };
    }
  }

  private bitOr(): PyExpr {
    return this.binaryLevel(['|'], () => this.bitXor());
  }

  private bitXor(): PyExpr {
    return this.binaryLevel(['^'], () => this.bitAnd());
  }

  private bitAnd(): PyExpr {
    return this.binaryLevel(['&'], () => this.shift());
  }

  private shift(): PyExpr {
    return this.binaryLevel(['<<', '>>'], () => this.arith());
  }

  private arith(): PyExpr {
    return this.binaryLevel(['+', '-'], () => this.term());
  }

  private term(): PyExpr {
    return this.binaryLevel(['*', '/', '//', '%', '@'], () => this.factor());
  }

  private factor(): PyExpr {
    const t = this.tok;
    if (t.kind === 'op' && (t.text === '-' || t.text === '+' || t.text === '~')) {
      this.advance();
      const operand = this.deeper(() => this.factor());
      return { kind: 'unary', op: t.text as '-' | '+' | '~', operand, range: span(t.range, operand.range) };
    }
    return this.power();
  }

  private power(): PyExpr {
    const base = this.primary();
    if (this.isOp('**')) {
      this.advance();
      const exp = this.factor();
      return { kind: 'binary', op: '**', left: base, right: exp, range: span(base.range, exp.range) };
    }
    return base;
  }

  private primary(): PyExpr {
    let e = this.atom();
    for (;;) {
      if (this.isOp('(')) {
        e = this.call(e);
      } else if (this.isOp('.')) {
        this.advance();
        if (this.tok.kind !== 'name') this.fail('expected an attribute name after "."');
        const a = this.advance();
        e = { kind: 'attribute', value: e, attr: a.text, range: span(e.range, a.range) };
      } else if (this.isOp('[')) {
        this.advance();
        this.skipBalanced(']');
        const close = this.expectOp(']', 'to close the subscript');
        e = { kind: 'unsupported', what: 'a subscript', range: span(e.range, close.range) };
      } else {
        return e;
      }
    }
  }

  /** Skips tokens up to (not including) the matching closing bracket. */
  private skipBalanced(close: string): void {
    let depth = 0;
    while (this.tok.kind !== 'end') {
      if (depth === 0 && this.isOp(close)) return;
      if (this.isOp('(') || this.isOp('[') || this.isOp('{')) depth++;
      else if (this.isOp(')') || this.isOp(']') || this.isOp('}')) {
        if (depth === 0) return;
        depth--;
      }
      this.advance();
    }
  }

  private call(func: PyExpr): PyExpr {
    this.advance();
    const args: PyExpr[] = [];
    const keywords: PyKeyword[] = [];
    while (!this.isOp(')')) {
      if (this.tok.kind === 'end' || this.tok.kind === 'newline') this.fail('expected ")" to close the call');
      if (this.isOp('**')) {
        const star = this.advance();
        const value = this.expression();
        keywords.push({ name: null, value, range: span(star.range, value.range), nameRange: star.range });
      } else if (this.isOp('*')) {
        const star = this.advance();
        const value = this.expression();
        args.push({ kind: 'unsupported', what: 'an unpacked argument (*args)', range: span(star.range, value.range) });
      } else if (this.tok.kind === 'name' && this.isOp('=', this.peek())) {
        const name = this.advance();
        this.advance();
        const value = this.expression();
        keywords.push({ name: name.text, value, range: span(name.range, value.range), nameRange: name.range });
      } else {
        const value = this.expression();
        if (this.isName('for')) {
          this.skipBalanced(')');
          args.push({ kind: 'unsupported', what: 'a generator expression', range: span(value.range, this.tok.range) });
          break;
        }
        if (keywords.length > 0) throw new SyntaxFailure('a positional argument cannot follow keyword arguments', value.range);
        args.push(value);
      }
      if (!this.isOp(',')) break;
      this.advance();
    }
    const close = this.expectOp(')', 'to close the call');
    return { kind: 'call', func, args, keywords, range: span(func.range, close.range) };
  }

  private atom(): PyExpr {
    const t = this.tok;
    switch (t.kind) {
      case 'name': {
        this.advance();
        if (t.text === 'True' || t.text === 'False') return { kind: 'constant', value: t.text === 'True', range: t.range };
        if (t.text === 'None') return { kind: 'constant', value: null, range: t.range };
        if (t.text === 'lambda' || t.text === 'yield' || t.text === 'await') {
          this.i--;
          return this.unsupportedUntilBoundary(`"${t.text}"`);
        }
        return { kind: 'name', id: t.text, range: t.range };
      }
      case 'number': {
        this.advance();
        const clean = t.text.replace(/_/g, '');
        if (/[jJ]$/.test(clean)) return { kind: 'unsupported', what: 'a complex number', range: t.range };
        const value = /^0[xX]/.test(clean) ? parseInt(clean.slice(2), 16) : /^0[oO]/.test(clean) ? parseInt(clean.slice(2), 8) : /^0[bB]/.test(clean) ? parseInt(clean.slice(2), 2) : Number(clean);
        return { kind: 'number', value, text: t.text, range: t.range };
      }
      case 'string':
        return this.strings();
      case 'op':
        if (t.text === '(') return this.parenthesised();
        if (t.text === '[') return this.listDisplay();
        if (t.text === '{') return this.braceDisplay();
        if (t.text === '...') {
          this.advance();
          return { kind: 'unsupported', what: 'Ellipsis (...)', range: t.range };
        }
        return this.fail('expected an expression');
      default:
        return this.fail('expected an expression');
    }
  }

  /** Adjacent string literals join into one (implicit concatenation). */
  private strings(): PyExpr {
    const first = this.tok;
    let value = '';
    let prefix = '';
    let last = first;
    while (this.tok.kind === 'string') {
      const s = this.advance();
      if (s.problem) throw new SyntaxFailure(s.problem, s.range);
      value += s.value ?? '';
      if (s.prefix && !prefix.includes(s.prefix)) prefix += s.prefix;
      last = s;
    }
    if (prefix.includes('b')) return { kind: 'unsupported', what: 'a bytes literal', range: span(first.range, last.range) };
    if (prefix.includes('f')) return { kind: 'unsupported', what: 'an f-string', range: span(first.range, last.range) };
    return { kind: 'string', value, prefix, range: span(first.range, last.range) };
  }

  private parenthesised(): PyExpr {
    const open = this.advance();
    if (this.isOp(')')) {
      const close = this.advance();
      return { kind: 'tuple', items: [], range: span(open.range, close.range) };
    }
    const first = this.expression();
    if (this.isName('for')) {
      this.skipBalanced(')');
      const close = this.expectOp(')', 'to close the generator');
      return { kind: 'unsupported', what: 'a generator expression', range: span(open.range, close.range) };
    }
    if (this.isOp(')')) {
      const close = this.advance();
      // Parentheses only group: keep the inner node, widened to include them.
      return { ...first, range: span(open.range, close.range) } as PyExpr;
    }
    const items = [first];
    while (this.isOp(',')) {
      this.advance();
      if (this.isOp(')')) break;
      items.push(this.expression());
    }
    const close = this.expectOp(')', 'to close the tuple');
    return { kind: 'tuple', items, range: span(open.range, close.range) };
  }

  private listDisplay(): PyExpr {
    const open = this.advance();
    const items: PyExpr[] = [];
    while (!this.isOp(']')) {
      const item = this.expression();
      if (this.isName('for')) {
        this.skipBalanced(']');
        const close = this.expectOp(']', 'to close the comprehension');
        return { kind: 'unsupported', what: 'a list comprehension', range: span(open.range, close.range) };
      }
      items.push(item);
      if (!this.isOp(',')) break;
      this.advance();
    }
    const close = this.expectOp(']', 'to close the list');
    return { kind: 'list', items, range: span(open.range, close.range) };
  }

  private braceDisplay(): PyExpr {
    const open = this.advance();
    const entries: { key: PyExpr; value: PyExpr }[] = [];
    let isSet = false;
    while (!this.isOp('}')) {
      if (this.isOp('**')) {
        this.skipBalanced('}');
        const close = this.expectOp('}', 'to close the dict');
        return { kind: 'unsupported', what: 'dict unpacking', range: span(open.range, close.range) };
      }
      const key = this.expression();
      if (this.isName('for')) {
        this.skipBalanced('}');
        const close = this.expectOp('}', 'to close the comprehension');
        return { kind: 'unsupported', what: 'a comprehension', range: span(open.range, close.range) };
      }
      if (this.isOp(':')) {
        this.advance();
        entries.push({ key, value: this.expression() });
      } else {
        isSet = true;
      }
      if (!this.isOp(',')) break;
      this.advance();
    }
    const close = this.expectOp('}', 'to close the braces');
    const range = span(open.range, close.range);
    if (isSet) return { kind: 'unsupported', what: 'a set', range };
    return { kind: 'dict', entries, range };
  }
}
