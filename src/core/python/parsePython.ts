/**
 * Parses the Python subset of a Gaia package module into a ranged syntax tree (see
 * pyAst.ts). Module-level imports, single-name assignments and expression statements
 * are read in full; compound statements (def, class, loops, decorators, …) and
 * expressions outside the subset are kept as `unsupported` nodes with their ranges.
 * Syntax errors are collected and the parser resumes at the next statement. Never throws.
 */
import type { SourceRange } from '../text/sourceRange.ts';
import type { PyComprehensionClause, PyExpr, PyFStringPart, PyKeyword, PyModule, PyParameter, PyStatement } from './pyAst.ts';
import { FStringError, fStringParts } from './fString.ts';
import type { PyToken } from './pyLexer.ts';
import { PyLexer } from './pyLexer.ts';

const COMPOUND = new Set(['def', 'class', 'if', 'elif', 'else', 'for', 'while', 'with', 'try', 'except', 'finally', 'async']);
const AUGMENTED = new Set(['+=', '-=', '*=', '/=', '//=', '%=', '**=', '&=', '|=', '^=', '>>=', '<<=', '@=']);
const ASSIGNABLE = new Set(['name', 'attribute', 'subscript', 'tuple', 'list', 'starred']);
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
    case 'set':
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
    case 'subscript':
      return [e.value, e.index];
    case 'starred':
      return [e.value];
    case 'compare':
      return [e.left, ...e.comparators];
    case 'boolOp':
      return e.values;
    case 'ifExp':
      return [e.test, e.body, e.orelse];
    case 'fstring':
      return e.parts.flatMap((p) => (p.kind === 'field' ? [p.value] : []));
    case 'slice':
      return [e.lower, e.upper, e.step].filter((x): x is PyExpr => x !== null);
    case 'comprehension':
      return [e.element, ...(e.value ? [e.value] : []), ...e.clauses.flatMap((c) => [c.target, c.iter, ...c.ifs])];
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
    case 'boolOp':
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
const SIMPLE_KEYWORDS = new Set(['global', 'nonlocal', 'raise', 'assert', 'yield', 'print']);

class SyntaxFailure {
  constructor(
    readonly message: string,
    readonly range: SourceRange,
  ) {}
}

function span(from: SourceRange, to: SourceRange): SourceRange {
  return { line: from.line, column: from.column, endLine: to.endLine, endColumn: to.endColumn };
}

/** A range read from a text that starts at (line, column) of the file. */
function place(r: SourceRange, line: number, column: number): SourceRange {
  return {
    line: r.line + line - 1,
    column: r.line === 1 ? r.column + column - 1 : r.column,
    endLine: r.endLine + line - 1,
    endColumn: r.endLine === 1 ? r.endColumn + column - 1 : r.endColumn,
  };
}

/** Every range in an expression tree, placed back where its text sits in the file. */
function placeExpr<T>(node: T, line: number, column: number): T {
  if (Array.isArray(node)) return node.map((n) => placeExpr(n, line, column)) as T;
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'range' || k === 'nameRange' ? place(v as SourceRange, line, column) : placeExpr(v, line, column);
  return out as T;
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
    const body = this.block(1, true);
    return { body, errors: this.errors };
  }

  /**
   * The statements of a block whose lines start at column `indent` (1 for the module),
   * up to the first line indented less. A statement that fails is recorded and skipped;
   * the block goes on with the next line.
   */
  private block(indent: number, top = false): PyStatement[] {
    const body: PyStatement[] = [];
    while (this.tok.kind !== 'end') {
      if (this.tok.kind === 'newline') {
        this.advance();
        continue;
      }
      const t = this.tok;
      if (t.lineStart && t.range.column < indent) break;
      const start = this.i;
      try {
        if (t.lineStart && t.range.column > indent) {
          if (top) {
            // An indented line with no block to belong to.
            this.skipLine();
            body.push({ kind: 'unsupported', what: 'an indented block', range: span(t.range, this.previous.range) });
            continue;
          }
          this.fail('unexpected indent');
        }
        const s = this.statement(indent);
        if (s) body.push(s);
      } catch (e) {
        if (!(e instanceof SyntaxFailure)) throw e;
        this.depth = 0;
        this.errors.push({ message: e.message, range: e.range });
        if (this.i === start) this.advance();
        this.skipLine();
      }
    }
    return body;
  }

  /** Skips to just past the end of the current logical line (its tokens are not even made). */
  private skipLine(): void {
    this.lexer.skipLogicalLine(this.i);
    while (this.tok.kind !== 'newline' && this.tok.kind !== 'end') this.advance();
    if (this.tok.kind === 'newline') this.advance();
  }

  /** The end of a simple statement: its line's end, or a `;` with another statement after it on the line. */
  private endStatement(): void {
    if (this.isOp(';')) {
      this.advance();
      if (this.tok.kind !== 'newline' && this.tok.kind !== 'end') return;
    }
    if (this.tok.kind !== 'newline' && this.tok.kind !== 'end') this.fail('expected the end of the statement');
    this.advance();
  }

  private statement(indent: number): PyStatement | null {
    const t = this.tok;
    if (this.isOp('@') || this.isName('def') || (this.isName('async') && this.isName('def', this.peek()))) return this.definition(indent);
    if (this.isName('if')) return this.ifStatement(indent);
    if (this.isName('for')) return this.forStatement(indent);
    if (this.isName('class')) return this.classDefinition(indent, [], t);
    if (t.kind === 'name' && COMPOUND.has(t.text)) return this.compound(indent);
    // `match` is a keyword only where its line is a block header (`match x:`), not in `match = …` or `match(x)`.
    if (this.isName('match') && this.headerLine()) return this.compound(indent);
    const s = this.simpleStatement();
    this.endStatement();
    return s;
  }

  /** Whether the logical line from here ends with the ":" of a block header (outside brackets). */
  private headerLine(): boolean {
    let depth = 0;
    let last: PyToken | null = null;
    for (let k = 1; ; k++) {
      const t = this.peek(k);
      if (t.kind === 'newline' || t.kind === 'end') return last !== null && depth === 0 && this.isOp(':', last) && k > 2;
      if (this.isOp('(', t) || this.isOp('[', t) || this.isOp('{', t)) depth++;
      if (this.isOp(')', t) || this.isOp(']', t) || this.isOp('}', t)) depth--;
      if (depth === 0 && (this.isOp('=', t) || this.isOp(';', t))) return false;
      last = t;
    }
  }

  /** One simple statement, up to (not including) the end of its line. */
  private simpleStatement(): PyStatement {
    const t = this.tok;
    if (t.kind === 'name' && t.text === 'from') return this.importFrom();
    if (t.kind === 'name' && t.text === 'import') return this.importModule();
    const keywordLike = t.kind === 'name' && !this.isOp('=', this.peek()) && !this.isOp('(', this.peek()) && !this.isOp('.', this.peek());
    if (keywordLike && (t.text === 'pass' || t.text === 'break' || t.text === 'continue')) {
      this.advance();
      return { kind: t.text as 'pass' | 'break' | 'continue', range: t.range };
    }
    if (keywordLike && t.text === 'return') {
      this.advance();
      const value = this.atLineEnd() ? null : this.checkHeight(this.expressionList());
      return { kind: 'return', value, range: value ? span(t.range, value.range) : t.range };
    }
    if (keywordLike && t.text === 'del') {
      this.advance();
      const list = this.expressionList();
      const targets = list.kind === 'tuple' && !this.wasParenthesised(list) ? list.items : [list];
      return { kind: 'del', targets, range: span(t.range, list.range) };
    }
    // `type X = …` (a type alias) is a statement only before a name; elsewhere `type` is a name.
    const typeAlias = t.kind === 'name' && t.text === 'type' && this.peek().kind === 'name';
    if (typeAlias || (keywordLike && SIMPLE_KEYWORDS.has(t.text))) {
      const first = this.advance();
      while (!this.atLineEnd()) this.advance();
      const what = typeAlias ? 'a type alias' : `${/^[aeiou]/.test(first.text) ? 'an' : 'a'} "${first.text}" statement`;
      return { kind: 'unsupported', what, range: span(first.range, this.previous.range) };
    }
    const first = this.checkHeight(this.expressionList());
    if (this.isOp('=')) {
      const targets = [first];
      let value: PyExpr;
      for (;;) {
        this.advance();
        const next = this.checkHeight(this.expressionList());
        if (!this.isOp('=')) {
          value = next;
          break;
        }
        targets.push(next);
      }
      for (const target of targets) this.checkAssignable(target);
      const range = span(first.range, value.range);
      if (targets.length === 1 && first.kind === 'name') return { kind: 'assign', target: first.id, targetRange: first.range, value, range };
      return { kind: 'assignTarget', targets, value, range };
    }
    if (this.isOp(':')) {
      this.advance();
      if (first.kind !== 'name' && first.kind !== 'attribute' && first.kind !== 'subscript') throw new SyntaxFailure('only a name, attribute or item can be annotated', first.range);
      const annotation = this.checkHeight(this.expression());
      let value: PyExpr | null = null;
      if (this.isOp('=')) {
        this.advance();
        value = this.checkHeight(this.expressionList());
      }
      return { kind: 'annAssign', target: first, annotation, value, range: span(first.range, (value ?? annotation).range) };
    }
    if (this.tok.kind === 'op' && AUGMENTED.has(this.tok.text)) {
      const op = this.advance().text;
      if (first.kind !== 'name' && first.kind !== 'attribute' && first.kind !== 'subscript') throw new SyntaxFailure(`"${op}" needs a name, attribute or item on its left`, first.range);
      const value = this.checkHeight(this.expressionList());
      return { kind: 'augAssign', target: first, op, value, range: span(first.range, value.range) };
    }
    return { kind: 'expr', value: first, range: first.range };
  }

  private atLineEnd(): boolean {
    return this.tok.kind === 'newline' || this.tok.kind === 'end' || this.isOp(';');
  }

  /** Whether a tuple node was written in brackets (its range starts with "("). */
  private wasParenthesised(e: PyExpr): boolean {
    return e.kind === 'tuple' && (e.items.length === 0 || e.items[0]!.range.column !== e.range.column || e.items[0]!.range.line !== e.range.line);
  }

  private checkAssignable(e: PyExpr): void {
    if (!ASSIGNABLE.has(e.kind)) throw new SyntaxFailure(`cannot assign to ${describeNode(e)}`, e.range);
    if (e.kind === 'tuple' || e.kind === 'list') for (const i of e.items) this.checkAssignable(i);
    if (e.kind === 'starred') this.checkAssignable(e.value);
  }

  /** `a`, or `a, b, *c` (a tuple without brackets), as statements and `return` write them. */
  private expressionList(): PyExpr {
    const first = this.starredOrExpression();
    if (!this.isOp(',')) return first;
    const items = [first];
    let last = first.range;
    while (this.isOp(',')) {
      last = this.advance().range;
      if (this.atLineEnd() || this.isOp('=') || this.isOp(')') || this.isOp(':') || (this.tok.kind === 'op' && AUGMENTED.has(this.tok.text))) break;
      const item = this.starredOrExpression();
      items.push(item);
      last = item.range;
    }
    return { kind: 'tuple', items, range: span(first.range, last) };
  }

  private starredOrExpression(): PyExpr {
    if (!this.isOp('*')) return this.expression();
    const star = this.advance();
    const value = this.binary(OR);
    return { kind: 'starred', value, range: span(star.range, value.range) };
  }

  /** `*name` in a for target: the name only, so `for a, *b in xs` does not read `b in xs` as a test. */
  private starredTarget(): PyExpr {
    const star = this.advance();
    const value = this.checkHeight(this.primary());
    return { kind: 'starred', value, range: span(star.range, value.range) };
  }

  /** The block after a header's ":" — indented lines, or statements on the same line (`if x: a = 1; b = 2`). */
  private suite(indent: number): PyStatement[] {
    this.expectOp(':', 'to end the header');
    if (this.tok.kind !== 'newline') {
      const body: PyStatement[] = [];
      do {
        body.push(this.simpleStatement());
        this.endStatement();
      } while (this.previous.kind === 'op' && this.previous.text === ';');
      return body;
    }
    this.advance();
    while (this.tok.kind === 'newline') this.advance();
    const t = this.tok;
    if (t.kind === 'end' || !t.lineStart || t.range.column <= indent) this.fail('expected an indented block');
    return this.block(t.range.column);
  }

  /** Whether the next line continues a compound statement at `indent` with `keyword`. */
  private continues(indent: number, keyword: string): boolean {
    while (this.tok.kind === 'newline') this.advance();
    return this.tok.lineStart && this.tok.range.column === indent && this.isName(keyword);
  }

  private ifStatement(indent: number): PyStatement {
    const first = this.advance();
    const test = this.checkHeight(this.expression());
    const body = this.suite(indent);
    let orelse: PyStatement[] = [];
    if (this.continues(indent, 'elif')) orelse = [this.ifStatement(indent)];
    else if (this.continues(indent, 'else')) {
      this.advance();
      orelse = this.suite(indent);
    }
    return { kind: 'if', test, body, orelse, range: span(first.range, this.previous.range) };
  }

  /** `a`, `a, b` or `a, *b` up to and past `in`, after `for` (in a statement or a comprehension). */
  private forTarget(where: string): PyExpr {
    const targets: PyExpr[] = [];
    for (;;) {
      targets.push(this.isOp('*') ? this.starredTarget() : this.checkHeight(this.primary()));
      if (!this.isOp(',')) break;
      this.advance();
      if (this.isName('in')) break;
    }
    const target: PyExpr = targets.length === 1 && !this.isOp(',', this.previous) ? targets[0]! : { kind: 'tuple', items: targets, range: span(targets[0]!.range, targets.at(-1)!.range) };
    this.checkAssignable(target);
    if (!this.isName('in')) this.fail(`expected "in" in ${where}`);
    this.advance();
    return target;
  }

  private forStatement(indent: number): PyStatement {
    const first = this.advance();
    const target = this.forTarget('the for statement');
    const iter = this.checkHeight(this.expressionList());
    const body = this.suite(indent);
    let orelse: PyStatement[] = [];
    if (this.continues(indent, 'else')) {
      this.advance();
      orelse = this.suite(indent);
    }
    return { kind: 'for', target, iter, body, orelse, range: span(first.range, this.previous.range) };
  }

  /** `def` (decorated or not); a decorated class stays unsupported, whole. */
  private definition(indent: number): PyStatement {
    const first = this.tok;
    const decorators: PyExpr[] = [];
    while (this.isOp('@')) {
      this.advance();
      decorators.push(this.checkHeight(this.expression()));
      if (this.tok.kind !== 'newline') this.fail('expected the end of the decorator line');
      this.advance();
      while (this.tok.kind === 'newline') this.advance();
    }
    if (this.isName('class')) return this.classDefinition(indent, decorators, first);
    if (!this.isName('def') && !this.isName('async')) {
      // Something else decorated: kept whole, as before.
      const rest = this.compound(indent);
      return { kind: 'unsupported', what: 'a decorated definition', range: span(first.range, rest.range) };
    }
    const isAsync = this.isName('async');
    if (isAsync) this.advance();
    this.advance();
    if (this.tok.kind !== 'name') this.fail('expected the function name');
    const name = this.advance();
    this.expectOp('(', 'to open the parameters');
    const params = this.parameters();
    this.expectOp(')', 'to close the parameters');
    let returns: PyExpr | null = null;
    if (this.isOp('->')) {
      this.advance();
      returns = this.checkHeight(this.expression());
    }
    const body = this.suite(indent);
    return { kind: 'def', name: name.text, nameRange: name.range, params, returns, body, decorators, isAsync, range: span(first.range, this.previous.range) };
  }

  /** `class Name(bases, keywords):` and its block; `first` is its first decorator's token, or `class`. */
  private classDefinition(indent: number, decorators: PyExpr[], first: PyToken): PyStatement {
    this.advance();
    if (this.tok.kind !== 'name') this.fail('expected the class name');
    const name = this.advance();
    let bases: readonly PyExpr[] = [];
    let keywords: readonly PyKeyword[] = [];
    if (this.isOp('(')) {
      const header = this.call({ kind: 'name', id: name.text, range: name.range });
      if (header.kind === 'call') ({ args: bases, keywords } = header);
    }
    const body = this.suite(indent);
    return { kind: 'class', name: name.text, nameRange: name.range, bases, keywords, body, decorators, range: span(first.range, this.previous.range) };
  }

  /** A def's parameters up to `)`, or a lambda's up to `:` (which have no annotations). */
  private parameters(lambda = false): PyParameter[] {
    const params: PyParameter[] = [];
    let kind: PyParameter['kind'] = 'positional';
    while (!this.isOp(lambda ? ':' : ')')) {
      if (this.isOp('/')) {
        for (let k = 0; k < params.length; k++) params[k] = { ...params[k]!, kind: 'positionalOnly' };
        this.advance();
      } else if (this.isOp('*') && (this.isOp(',', this.peek()) || this.isOp(lambda ? ':' : ')', this.peek()))) {
        this.advance();
        kind = 'keywordOnly';
      } else {
        const star = this.isOp('**') ? 'kwargs' : this.isOp('*') ? 'varargs' : null;
        const start = this.tok;
        if (star) this.advance();
        if (this.tok.kind !== 'name') this.fail('expected a parameter name');
        const n = this.advance();
        let annotation: PyExpr | null = null;
        let def: PyExpr | null = null;
        if (!lambda && this.isOp(':')) {
          this.advance();
          annotation = this.checkHeight(this.expression());
        }
        if (this.isOp('=')) {
          this.advance();
          def = this.checkHeight(this.expression());
        }
        params.push({ name: n.text, kind: star ?? kind, default: def, annotation, range: span(start.range, this.previous.range) });
        if (star === 'varargs') kind = 'keywordOnly';
      }
      if (!this.isOp(',')) break;
      this.advance();
    }
    return params;
  }

  /** Skips the rest of the logical line; returns the range of its last token. */
  private skipRest(): SourceRange {
    let last = this.tok.range;
    while (this.tok.kind !== 'newline' && this.tok.kind !== 'end') last = this.advance().range;
    if (this.tok.kind === 'newline') this.advance();
    return last;
  }

  /** A compound statement Warrant does not read (class, while, with, try, …): its header and its block, kept whole. */
  private compound(indent: number): PyStatement {
    const first = this.tok;
    const what = this.isOp('@') ? 'a decorated definition' : first.text === 'class' ? 'a "class" block' : `a "${first.text}" block`;
    let last = first.range;
    for (;;) {
      last = this.skipRest();
      // The block goes on while lines are indented deeper (and `except:`/`else:` clauses at its level).
      const t = this.tok;
      if (t.kind === 'end') break;
      const continues =
        t.range.column > indent ||
        (t.range.column === indent && first.text !== 'def' && first.text !== 'class' && (this.isName('elif', t) || this.isName('else', t) || this.isName('except', t) || this.isName('finally', t)));
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
    if (this.isName('lambda')) return this.lambda();
    if (this.isName('yield') || this.isName('await')) return this.unsupportedUntilBoundary(`"${t.text}"`);
    const body = this.binary(OR);
    if (this.isOp(':=')) {
      this.advance();
      const value = this.expression();
      return { kind: 'unsupported', what: 'an assignment expression (:=)', range: span(body.range, value.range) };
    }
    if (this.isName('if')) {
      this.advance();
      const test = this.binary(OR);
      if (!this.isName('else')) this.fail('expected "else" in a conditional expression');
      this.advance();
      const orelse = this.expression();
      return { kind: 'ifExp', test, body, orelse, range: span(body.range, orelse.range) };
    }
    return body;
  }

  /** `lambda params: body`. */
  private lambda(): PyExpr {
    const first = this.advance().range;
    const params = this.parameters(true);
    this.expectOp(':', 'after the parameters of a lambda');
    const body = this.expression();
    return { kind: 'lambda', params, body, range: span(first, body.range) };
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
      const op = this.binaryOperator();
      const right = this.binary(level + 1);
      if (level === COMPARE) {
        // `a < b <= c` is one comparison with two operators, as in Python.
        const ops = [op];
        const comparators = [right];
        while (this.binaryLevel() === COMPARE) {
          if (++chain + this.depth > MAX_DEPTH) this.fail(TOO_DEEP);
          ops.push(this.binaryOperator());
          comparators.push(this.binary(COMPARE + 1));
        }
        left = { kind: 'compare', left, ops, comparators, range: span(left.range, comparators.at(-1)!.range) };
      } else if (level === OR || level === AND) {
        const values = left.kind === 'boolOp' && left.op === op && !this.groupedAt(left) ? [...left.values, right] : [left, right];
        left = { kind: 'boolOp', op: op as 'and' | 'or', values, range: span(left.range, right.range) };
      } else {
        left = { kind: 'binary', op, left, right, range: span(left.range, right.range) };
      }
    }
    return left;
  }

  /** Reads one binary operator (`not in` and `is not` are two tokens). */
  private binaryOperator(): string {
    const op = this.advance().text;
    if (op === 'not') {
      this.advance();
      return 'not in';
    }
    if (op === 'is' && this.isName('not')) {
      this.advance();
      return 'is not';
    }
    return op;
  }

  /** A node whose range was widened by brackets around it (so `(a or b) or c` keeps its group). */
  private groupedAt(e: PyExpr): boolean {
    return e.kind === 'boolOp' && (e.values[0]!.range.column !== e.range.column || e.values[0]!.range.line !== e.range.line);
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
        const index = this.subscriptIndex();
        const close = this.expectOp(']', 'to close the subscript');
        e = { kind: 'subscript', value: e, index, range: span(e.range, close.range) };
      } else {
        return e;
      }
    }
  }

  /** What is written between `[` and `]`: an index, or a slice `lower:upper:step` (each part optional). */
  private subscriptIndex(): PyExpr {
    const start = this.tok.range;
    const lower = this.isOp(':') ? null : this.expressionList();
    if (!this.isOp(':')) return lower!;
    this.advance();
    const upper = this.isOp(':') || this.isOp(']') ? null : this.expression();
    let step: PyExpr | null = null;
    if (this.isOp(':')) {
      this.advance();
      if (!this.isOp(']')) step = this.expression();
    }
    if (this.isOp(',')) {
      this.skipBalanced(']');
      return { kind: 'unsupported', what: 'a subscript of several slices', range: span(start, this.tok.range) };
    }
    return { kind: 'slice', lower, upper, step, range: span(start, this.previous.range) };
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
        args.push({ kind: 'starred', value, range: span(star.range, value.range) });
      } else if (this.tok.kind === 'name' && this.isOp('=', this.peek())) {
        const name = this.advance();
        this.advance();
        const value = this.expression();
        keywords.push({ name: name.text, value, range: span(name.range, value.range), nameRange: name.range });
      } else {
        const value = this.expression();
        if (this.isName('for')) {
          // `f(x for x in xs)`: a generator as the call's only argument, without its own brackets.
          if (args.length > 0 || keywords.length > 0) this.fail('a generator expression must be parenthesized when it is not the only argument');
          const clauses = this.comprehensionClauses();
          if (!this.isOp(')')) this.fail('a generator expression must be parenthesized when it is not the only argument');
          args.push({ kind: 'comprehension', form: 'generator', element: value, value: null, clauses, range: span(value.range, this.previous.range) });
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
    const parts: PyFStringPart[] = [];
    const text = (v: string): void => {
      const tail = parts.at(-1);
      if (tail?.kind === 'text') parts[parts.length - 1] = { kind: 'text', value: tail.value + v };
      else if (v !== '') parts.push({ kind: 'text', value: v });
    };
    while (this.tok.kind === 'string') {
      const s = this.advance();
      if (s.problem) throw new SyntaxFailure(s.problem, s.range);
      value += s.value ?? '';
      if (s.prefix && !prefix.includes(s.prefix)) prefix += s.prefix;
      last = s;
      if (!s.prefix?.includes('f')) {
        text(s.value ?? '');
        continue;
      }
      try {
        for (const p of fStringParts(s.text, s.prefix.includes('r'), s.range, (t, line, column) => this.subExpression(t, line, column))) {
          if (p.kind === 'text') text(p.value);
          else parts.push(p);
        }
      } catch (e) {
        if (e instanceof FStringError) throw new SyntaxFailure(e.message, e.range);
        throw e;
      }
    }
    const range = span(first.range, last.range);
    if (prefix.includes('b')) return { kind: 'unsupported', what: 'a bytes literal', range };
    if (prefix.includes('f')) return { kind: 'fstring', parts, range };
    return { kind: 'string', value, prefix, range };
  }

  /** An expression written inside an f-string field at (line, column): parsed on its own, placed back. */
  private subExpression(text: string, line: number, column: number): PyExpr {
    if (this.depth + 2 > MAX_DEPTH) this.fail(TOO_DEEP);
    const sub = new Parser(new PyLexer(text.replace(/\n/g, ' ')));
    sub.depth = this.depth + 1;
    let e: PyExpr;
    try {
      e = sub.expressionList();
      if (sub.tok.kind !== 'newline' && sub.tok.kind !== 'end') sub.fail('f-string: expecting "}"');
    } catch (err) {
      if (err instanceof SyntaxFailure) throw new SyntaxFailure(err.message, place(err.range, line, column));
      throw err;
    }
    return placeExpr(e, line, column);
  }

  /** A comprehension's `for target in iter` clauses, each with its `if`s (read as Python reads them: or-tests). */
  private comprehensionClauses(): PyComprehensionClause[] {
    const clauses: PyComprehensionClause[] = [];
    while (this.isName('for')) {
      this.advance();
      const target = this.forTarget('the comprehension');
      const iter = this.checkHeight(this.binary(OR));
      const ifs: PyExpr[] = [];
      while (this.isName('if')) {
        this.advance();
        ifs.push(this.checkHeight(this.binary(OR)));
      }
      clauses.push({ target, iter, ifs });
    }
    return clauses;
  }

  private parenthesised(): PyExpr {
    const open = this.advance();
    if (this.isOp(')')) {
      const close = this.advance();
      return { kind: 'tuple', items: [], range: span(open.range, close.range) };
    }
    const first = this.starredOrExpression();
    if (this.isName('for')) {
      const clauses = this.comprehensionClauses();
      const close = this.expectOp(')', 'to close the generator');
      return { kind: 'comprehension', form: 'generator', element: first, value: null, clauses, range: span(open.range, close.range) };
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
      items.push(this.starredOrExpression());
    }
    const close = this.expectOp(')', 'to close the tuple');
    return { kind: 'tuple', items, range: span(open.range, close.range) };
  }

  private listDisplay(): PyExpr {
    const open = this.advance();
    const items: PyExpr[] = [];
    while (!this.isOp(']')) {
      const item = this.starredOrExpression();
      if (this.isName('for') && items.length === 0) {
        const clauses = this.comprehensionClauses();
        const close = this.expectOp(']', 'to close the comprehension');
        return { kind: 'comprehension', form: 'list', element: item, value: null, clauses, range: span(open.range, close.range) };
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
    const items: PyExpr[] = [];
    let isSet = false;
    while (!this.isOp('}')) {
      if (this.isOp('**')) {
        this.skipBalanced('}');
        const close = this.expectOp('}', 'to close the dict');
        return { kind: 'unsupported', what: 'dict unpacking', range: span(open.range, close.range) };
      }
      const key = this.expression();
      if (this.isName('for') && entries.length === 0 && !isSet) {
        const clauses = this.comprehensionClauses();
        const close = this.expectOp('}', 'to close the comprehension');
        return { kind: 'comprehension', form: 'set', element: key, value: null, clauses, range: span(open.range, close.range) };
      }
      if (this.isOp(':')) {
        this.advance();
        const value = this.expression();
        if (this.isName('for') && entries.length === 0 && !isSet) {
          const clauses = this.comprehensionClauses();
          const close = this.expectOp('}', 'to close the comprehension');
          return { kind: 'comprehension', form: 'dict', element: key, value, clauses, range: span(open.range, close.range) };
        }
        entries.push({ key, value });
      } else {
        isSet = true;
        items.push(key);
      }
      if (!this.isOp(',')) break;
      this.advance();
    }
    const close = this.expectOp('}', 'to close the braces');
    const range = span(open.range, close.range);
    if (isSet && entries.length > 0) return { kind: 'unsupported', what: 'braces mixing set items and dict entries', range };
    if (isSet) return { kind: 'set', items, range };
    return { kind: 'dict', entries, range };
  }
}
