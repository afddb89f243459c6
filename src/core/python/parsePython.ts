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
import { PyLexer } from './pyLexer.ts';

const COMPOUND = new Set(['def', 'class', 'if', 'elif', 'else', 'for', 'while', 'with', 'try', 'except', 'finally', 'async']);
/**
 * How deep an expression may nest (brackets, calls, operators, chains of them), past
 * anything a package is written with and well inside the stack of every walker of the
 * tree. Brackets alone stop sooner, at 200, as CPython's tokenizer does (pyLexer.ts).
 */
export const MAX_DEPTH = 1000;

const TOO_DEEP = `this expression nests too deeply (more than ${MAX_DEPTH} levels): too complex to read`;

/** The sub-expressions of a node. */
function childrenOf(e: PyExpr): readonly PyExpr[] {
  switch (e.kind) {
    case 'list':
    case 'tuple':
      return e.items;
    case 'dict':
      return e.entries.flatMap((x) => [x.key, x.value]);
    case 'attribute':
      return [e.value];
    case 'call':
      return [e.func, ...e.args, ...e.keywords.map((k) => k.value)];
    case 'unary':
      return [e.operand];
    case 'binary':
      return [e.left, e.right];
    default:
      return [];
  }
}

function describeNode(e: PyExpr): string {
  switch (e.kind) {
    case 'name':
      return JSON.stringify(e.id);
    case 'binary':
    case 'unary':
      return `"${e.op}"`;
    default:
      return `a ${e.kind}`;
  }
}

/** Binary operator levels, loosest first (Python's precedence). */
const OR = 0;
const AND = 1;
const NOT = 2;
const COMPARE = 3;
const OPERATOR_LEVEL: ReadonlyMap<string, number> = new Map([
  ...['<', '>', '==', '>=', '<=', '!='].map((o) => [o, COMPARE] as const),
  ['|', 4],
  ['^', 5],
  ['&', 6],
  ...['<<', '>>'].map((o) => [o, 7] as const),
  ...['+', '-'].map((o) => [o, 8] as const),
  ...['*', '/', '//', '%', '@'].map((o) => [o, 9] as const),
]);
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
  return new Parser(new PyLexer(source)).module();
}

class Parser {
  private i = 0;
  private readonly errors: { message: string; range: SourceRange }[] = [];
  /** Tokens come as the parser asks for them (see PyLexer.skipLogicalLine). */
  private readonly lexer: PyLexer;

  constructor(lexer: PyLexer) {
    this.lexer = lexer;
  }

  private get tok(): PyToken {
    return this.lexer.at(this.i);
  }

  private peek(k = 1): PyToken {
    return this.lexer.at(this.i + k);
  }

  /** The token just consumed. */
  private get previous(): PyToken {
    return this.lexer.at(this.i - 1);
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
        this.depth = 0;
        this.errors.push({ message: e.message, range: e.range });
        if (this.i === start) this.advance();
        this.skipLine();
      }
    }
    return { body, errors: this.errors };
  }

  /** Skips to just past the end of the current logical line (its tokens are not even made). */
  private skipLine(): void {
    this.lexer.skipLogicalLine(this.i);
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
      return { kind: 'unsupported', what: 'an indented block', range: span(first.range, this.previous.range) };
    }
    if (t.kind === 'name' && (COMPOUND.has(t.text) || this.isOp('@', t)) ) return this.compound();
    if (this.isOp('@')) return this.compound();
    if (t.kind === 'name' && t.text === 'from') return this.importFrom();
    if (t.kind === 'name' && t.text === 'import') return this.importModule();
    if (t.kind === 'name' && SIMPLE_KEYWORDS.has(t.text) && !this.isOp('=', this.peek()) && !this.isOp('(', this.peek())) {
      const first = this.advance();
      while (this.tok.kind !== 'newline' && this.tok.kind !== 'end') this.advance();
      const last = this.previous;
      this.endStatement();
      return { kind: 'unsupported', what: `a "${first.text}" statement`, range: span(first.range, last.range) };
    }
    // `name = expr` (one plain name target), or an expression statement.
    if (t.kind === 'name' && this.isOp('=', this.peek())) {
      const target = this.advance();
      this.advance();
      const value = this.checkHeight(this.expression());
      if (this.isOp('=')) {
        const last = this.skipRest();
        return { kind: 'unsupported', what: 'a chained assignment', range: span(target.range, last) };
      }
      this.endStatement();
      return { kind: 'assign', target: target.text, targetRange: target.range, value, range: span(target.range, value.range) };
    }
    const value = this.checkHeight(this.expression());
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
      last = this.previous.range;
    }
    if (this.tok.kind === 'name' && !(name !== '' && this.tok.text === 'import')) {
      name += this.advance().text;
      last = this.previous.range;
      while (this.isOp('.')) {
        this.advance();
        if (this.tok.kind !== 'name') this.fail('expected a module name after "."');
        name += '.' + this.advance().text;
        last = this.previous.range;
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
    let last = this.previous.range;
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
    const last = this.previous.range;
    this.endStatement();
    return { kind: 'import', names, range: span(first.range, last) };
  }

  // ---- expressions, by Python's precedence ------------------------------------------

  /**
   * How deeply the parser has recursed into the expression being read (brackets, calls,
   * unary operators, exponents): a bound on its own stack. Chains (`a & b & c`, `f()()`)
   * are loops here and are measured on the finished tree instead (checkHeight), so that
   * nothing walking the tree later (the runtime, formula lowering) runs out of stack
   * either. Reset when a statement fails.
   */
  private depth = 0;

  /** One level deeper; a syntax error past MAX_DEPTH. */
  private enter(): void {
    if (++this.depth > MAX_DEPTH) this.fail(TOO_DEEP);
  }

  /**
   * `e` itself, when no node of it sits more than MAX_DEPTH levels down; else a syntax
   * error at the first node that does. Measured without recursion (a left-deep chain of
   * a million `&` is a tree a million levels deep).
   */
  private checkHeight(e: PyExpr): PyExpr {
    const stack: [PyExpr, number][] = [[e, 1]];
    while (stack.length > 0) {
      const [node, level] = stack.pop()!;
      if (level > MAX_DEPTH) throw new SyntaxFailure(`${TOO_DEEP}, found ${describeNode(node)}`, node.range);
      for (const child of childrenOf(node)) stack.push([child, level + 1]);
    }
    return e;
  }

  expression(): PyExpr {
    this.enter();
    const e = this.expressionInner();
    this.depth--;
    return e;
  }

  private expressionInner(): PyExpr {
    const t = this.tok;
    if (this.isName('lambda')) return this.unsupportedUntilBoundary('a lambda');
    if (this.isName('yield') || this.isName('await')) return this.unsupportedUntilBoundary(`"${t.text}"`);
    const body = this.binary(OR);
    if (this.isName('if')) {
      // A conditional expression: read it so the statement stays in step, then report it.
      this.advance();
      const cond = this.binary(OR);
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

  /**
   * The binary operators from `min` up, by precedence climbing: one call per operand
   * rather than one per precedence level, so a bracket costs a few stack frames, not
   * thirty. Chains are left-associative (`a - b - c` is `(a - b) - c`); `not` is a prefix
   * between `and` and the comparisons.
   */
  private binary(min: number): PyExpr {
    let left = min <= NOT && this.isName('not') ? this.not() : this.factor();
    // The chain so far is a left spine that deep: stop as soon as it alone is too deep,
    // rather than read a million operands first (checkHeight measures the rest).
    let chain = 0;
    for (;;) {
      const level = this.binaryLevel();
      if (level < min) break;
      if (++chain + this.depth > MAX_DEPTH) this.fail(TOO_DEEP);
      const t = this.advance();
      let op = t.text;
      if (op === 'not') {
        this.advance();
        op = 'not in';
      } else if (op === 'is' && this.isName('not')) {
        this.advance();
        op = 'is not';
      }
      const right = this.binary(level + 1);
      left = { kind: 'binary', op, left, right, range: span(left.range, right.range) };
    }
    return left;
  }

  /** The precedence level of the binary operator at the current token, or -1 for none. */
  private binaryLevel(): number {
    const t = this.tok;
    if (t.kind === 'op') return OPERATOR_LEVEL.get(t.text) ?? -1;
    if (t.kind !== 'name') return -1;
    if (t.text === 'or') return OR;
    if (t.text === 'and') return AND;
    if (t.text === 'in' || t.text === 'is') return COMPARE;
    if (t.text === 'not' && this.isName('in', this.peek())) return COMPARE;
    return -1;
  }

  /** `not` and its operand (a comparison, or another `not`). */
  private not(): PyExpr {
    const first = this.advance();
    this.enter();
    const operand = this.binary(NOT);
    this.depth--;
    return { kind: 'unary', op: 'not', operand, range: span(first.range, operand.range) };
  }

  private factor(): PyExpr {
    const t = this.tok;
    if (t.kind === 'op' && (t.text === '-' || t.text === '+' || t.text === '~')) {
      this.advance();
      this.enter();
      const operand = this.factor();
      this.depth--;
      return { kind: 'unary', op: t.text as '-' | '+' | '~', operand, range: span(t.range, operand.range) };
    }
    return this.power();
  }

  private power(): PyExpr {
    const base = this.primary();
    if (this.isOp('**')) {
      this.advance();
      this.enter();
      const exp = this.factor();
      this.depth--;
      return { kind: 'binary', op: '**', left: base, right: exp, range: span(base.range, exp.range) };
    }
    return base;
  }

  private primary(): PyExpr {
    let e = this.atom();
    let chain = 0;
    for (;;) {
      if ((this.isOp('(') || this.isOp('.') || this.isOp('[')) && ++chain + this.depth > MAX_DEPTH) this.fail(TOO_DEEP);
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
