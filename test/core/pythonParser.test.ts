/** The Python-subset parser: the forms Gaia modules use, the ones it keeps as unsupported, and robustness. */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PyExpr, PyStatement } from '../../src/core/python/pyAst.ts';
import { parsePython } from '../../src/core/python/parsePython.ts';

function only(text: string): PyStatement {
  const m = parsePython(text);
  expect(m.errors).toEqual([]);
  expect(m.body).toHaveLength(1);
  return m.body[0]!;
}

function exprOf(text: string): PyExpr {
  const s = only(`x = ${text}\n`);
  if (s.kind !== 'assign') throw new Error('not an assignment');
  return s.value;
}

describe('parsePython: accepted forms', () => {
  it('reads imports, plain and parenthesised, with aliases', () => {
    const s = only('from gaia.engine.lang import (claim,\n    note as n,\n)\n');
    expect(s).toMatchObject({
      kind: 'importFrom',
      module: 'gaia.engine.lang',
      names: [
        { name: 'claim', asName: null },
        { name: 'note', asName: 'n' },
      ],
    });
    expect(only('import gaia.engine.bayes as bayes\n')).toMatchObject({ kind: 'import', names: [{ name: 'gaia.engine.bayes', asName: 'bayes' }] });
    expect(only('from . import authored\n')).toMatchObject({ kind: 'importFrom', module: '.' });
  });

  it('joins implicit string concatenation and parenthesised strings', () => {
    expect(exprOf('("a "\n  "b" \'c\')')).toMatchObject({ kind: 'string', value: 'a bc' });
    expect(exprOf('"""multi\nline"""')).toMatchObject({ kind: 'string', value: 'multi\nline' });
    expect(exprOf(String.raw`"tab\there \"q\" \u00e9 \x41"`)).toMatchObject({ kind: 'string', value: 'tab\there "q" é A' });
    expect(exprOf(String.raw`r"C:\path\n"`)).toMatchObject({ kind: 'string', value: String.raw`C:\path\n` });
  });

  it('reads calls with positional and keyword arguments, lists, tuples, numbers, constants', () => {
    const v = exprOf('derive("text", given=[a, b], prior=0.9, n=-3, flag=True, none=None, pair=(1, 2.5e-1), one=(x,))');
    expect(v.kind).toBe('call');
    if (v.kind !== 'call') return;
    expect(v.func).toMatchObject({ kind: 'name', id: 'derive' });
    expect(v.args).toMatchObject([{ kind: 'string', value: 'text' }]);
    expect(v.keywords.map((k) => k.name)).toEqual(['given', 'prior', 'n', 'flag', 'none', 'pair', 'one']);
    expect(v.keywords[0]!.value).toMatchObject({
      kind: 'list',
      items: [
        { kind: 'name', id: 'a' },
        { kind: 'name', id: 'b' },
      ],
    });
    expect(v.keywords[1]!.value).toMatchObject({ kind: 'number', value: 0.9 });
    expect(v.keywords[2]!.value).toMatchObject({ kind: 'unary', op: '-', operand: { kind: 'number', value: 3 } });
    expect(v.keywords[3]!.value).toMatchObject({ kind: 'constant', value: true });
    expect(v.keywords[4]!.value).toMatchObject({ kind: 'constant', value: null });
    expect(v.keywords[5]!.value).toMatchObject({ kind: 'tuple', items: [{ value: 1 }, { value: 0.25 }] });
    expect(v.keywords[6]!.value).toMatchObject({ kind: 'tuple', items: [{ kind: 'name', id: 'x' }] });
  });

  it('gives ~ tighter than &, and & tighter than |', () => {
    const v = exprOf('~a | b & c');
    expect(v).toMatchObject({ kind: 'binary', op: '|', left: { kind: 'unary', op: '~' }, right: { kind: 'binary', op: '&' } });
  });

  it('reads attribute calls such as bayes.model(...)', () => {
    expect(exprOf('bayes.model(h, observable=o)')).toMatchObject({ kind: 'call', func: { kind: 'attribute', attr: 'model', value: { kind: 'name', id: 'bayes' } } });
  });

  it('keeps docstrings and bare verb calls as expression statements', () => {
    const m = parsePython('"""Package doc."""\n\nregister_prior(a, value=0.3)\n');
    expect(m.body.map((s) => s.kind)).toEqual(['expr', 'expr']);
  });

  it('records ranges: 1-based, end exclusive, across lines', () => {
    const m = parsePython('x = claim(\n    "a",\n)\n');
    expect(m.body[0]!.range).toEqual({ line: 1, column: 1, endLine: 3, endColumn: 2 });
    const s = m.body[0]!;
    if (s.kind === 'assign') expect(s.targetRange).toEqual({ line: 1, column: 1, endLine: 1, endColumn: 2 });
  });
});

describe('parsePython: the statements real packages write', () => {
  it.each([
    ['def f(a, *, b=1, **kw):\n    return a\n', 'def'],
    ['@compose(name="c")\ndef g():\n    pass\n', 'def'],
    ['for i in range(3):\n    print(i)\n', 'for'],
    ['for k, v in vars(m).items():\n    if not k.startswith("_"):\n        globals()[k] = v\n', 'for'],
    ['if a:\n    b = 1\nelif c:\n    b = 2\nelse:\n    b = 3\n', 'if'],
    ['if a: b = 1\n', 'if'],
    ['a, b = 1, 2\n', 'assignTarget'],
    ['x.label = "y"\n', 'assignTarget'],
    ['d["k"] = 1\n', 'assignTarget'],
    ['a = b = 1\n', 'assignTarget'],
    ['a += 1\n', 'augAssign'],
    ['__all__ += ["x"]\n', 'augAssign'],
    ['a: int = 1\n', 'annAssign'],
    ['__all__: list[str] = []\n', 'annAssign'],
    ['del a, b\n', 'del'],
  ])('%j is read as %s', (text, kind) => {
    const m = parsePython(text);
    expect(m.errors).toEqual([]);
    expect(m.body).toHaveLength(1);
    expect(m.body[0]!.kind).toBe(kind);
    expect(m.body[0]!.range.line).toBe(1);
  });

  it('blocks nest, with exact ranges, and an elif is an if in the else branch', () => {
    const m = parsePython('if a:\n    for x in xs:\n        y = x\nelif b:\n    pass\nz = 1\n');
    expect(m.errors).toEqual([]);
    expect(m.body.map((s) => s.kind)).toEqual(['if', 'assign']);
    const s = m.body[0]! as Extract<PyStatement, { kind: 'if' }>;
    expect(s.range).toEqual({ line: 1, column: 1, endLine: 5, endColumn: 9 });
    expect(s.body[0]).toMatchObject({ kind: 'for', range: { line: 2, column: 5, endLine: 3, endColumn: 14 } });
    expect(s.orelse[0]).toMatchObject({ kind: 'if', orelse: [] });
  });

  it.each([
    ['a if b else c', 'ifExp'],
    ['items[0]', 'subscript'],
    ['f"x{y}"', 'fstring'],
    ['a < b <= c', 'compare'],
    ['x not in xs', 'compare'],
    ['a and b and c', 'boolOp'],
    ['[*__all__, *m.__all__]', 'list'],
  ])('%j is read as %s', (text, kind) => {
    expect(exprOf(text)).toMatchObject({ kind });
  });

  it('f-strings: text, fields with conversions and specs, ranges inside the string', () => {
    const e = exprOf('f"a {x!r:>5} b {y=} {{c}}"');
    expect(e).toMatchObject({
      kind: 'fstring',
      parts: [
        { kind: 'text', value: 'a ' },
        { kind: 'field', value: { kind: 'name', id: 'x', range: { line: 1, column: 10, endLine: 1, endColumn: 11 } }, conversion: 'r', formatSpec: [{ kind: 'text', value: '>5' }] },
        { kind: 'text', value: ' b ' },
        { kind: 'field', value: { kind: 'name', id: 'y' }, selfDoc: 'y=' },
        { kind: 'text', value: ' {c}' },
      ],
    });
  });

  it('a comparison chain is one node; and/or gather their operands', () => {
    expect(exprOf('a < b <= c')).toMatchObject({ kind: 'compare', ops: ['<', '<='], comparators: [{ id: 'b' }, { id: 'c' }] });
    expect(exprOf('a or b or c')).toMatchObject({ kind: 'boolOp', op: 'or', values: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] });
  });
});

describe('parsePython: what it keeps as unsupported', () => {
  it.each([
    ['while True:\n    pass\n', 'a "while" block'],
    ['with open("f") as f:\n    pass\n', 'a "with" block'],
    ['try:\n    a = 1\nexcept E:\n    a = 2\n', 'a "try" block'],
    ['assert a\n', 'an "assert" statement'],
    ['match x:\n    case 1:\n        pass\n    case _:\n        pass\n', 'a "match" block'],
    ['type Pair = tuple[int, int]\n', 'a type alias'],
  ])('%j is one unsupported statement', (text, what) => {
    const m = parsePython(text);
    expect(m.errors).toEqual([]);
    expect(m.body).toHaveLength(1);
    expect(m.body[0]).toMatchObject({ kind: 'unsupported', what });
  });

  it.each([['(n := 10)', 'an assignment expression (:=)']])('%j is an unsupported expression', (text, what) => {
    expect(exprOf(text)).toMatchObject({ kind: 'unsupported', what });
  });

  it('reads a set display with its items', () => {
    expect(exprOf('{1, "a",}')).toMatchObject({ kind: 'set', items: [{ kind: 'number' }, { kind: 'string' }] });
  });

  it('the statements after an unsupported block are still read', () => {
    const m = parsePython('while K:\n    pass\n\nx = claim("after")\n');
    expect(m.body.map((s) => s.kind)).toEqual(['unsupported', 'assign']);
  });
});

describe('parsePython: slices', () => {
  it.each([
    ['a[1:2]', { lower: { value: 1 }, upper: { value: 2 }, step: null }],
    ['a[:]', { lower: null, upper: null, step: null }],
    ['a[::-1]', { lower: null, upper: null, step: { kind: 'unary', op: '-' } }],
    ['a[i:]', { lower: { id: 'i' }, upper: null, step: null }],
    ['a[:j:2]', { lower: null, upper: { id: 'j' }, step: { value: 2 } }],
  ])('%j', (text, slice) => {
    expect(exprOf(text)).toMatchObject({ kind: 'subscript', value: { id: 'a' }, index: { kind: 'slice', ...slice } });
  });

  it('several slices in one subscript stay unsupported', () => {
    expect(exprOf('items[1:2, 3]')).toMatchObject({ kind: 'subscript', index: { kind: 'unsupported', what: 'a subscript of several slices' } });
  });
});

describe('parsePython: comprehensions', () => {
  it.each([
    ['[a for a in b]', { form: 'list', element: { id: 'a' }, value: null, clauses: [{ target: { id: 'a' }, iter: { id: 'b' }, ifs: [] }] }],
    ['{k: v for k, v in xs}', { form: 'dict', element: { id: 'k' }, value: { id: 'v' }, clauses: [{ target: { kind: 'tuple' }, iter: { id: 'xs' } }] }],
    ['{a for a in b}', { form: 'set', value: null }],
    ['(a for a in b if a if not c)', { form: 'generator', clauses: [{ ifs: [{ id: 'a' }, { kind: 'unary', op: 'not' }] }] }],
    [
      '[x * y for x in a if x for y in b]',
      {
        form: 'list',
        clauses: [
          { target: { id: 'x' }, ifs: [{ id: 'x' }] },
          { target: { id: 'y' }, ifs: [] },
        ],
      },
    ],
    ['[a for a in b if c or d]', { clauses: [{ ifs: [{ kind: 'boolOp', op: 'or' }] }] }],
    ['f(a for a, *r in b)', { kind: 'call', args: [{ kind: 'comprehension', form: 'generator', clauses: [{ target: { kind: 'tuple', items: [{ id: 'a' }, { kind: 'starred' }] } }] }] }],
  ])('%j', (text, shape) => {
    const e = exprOf(text);
    expect(e).toMatchObject(e.kind === 'call' ? shape : { kind: 'comprehension', ...shape });
  });

  it.each([
    ['f(a for a in b, c)', 'a generator expression must be parenthesized'],
    ['f(c, a for a in b)', 'a generator expression must be parenthesized'],
    ['[a for a b]', 'expected "in" in the comprehension'],
  ])('%j is a syntax error', (text, message) => {
    expect(
      parsePython(`x = ${text}\n`)
        .errors.map((e) => e.message)
        .join(),
    ).toContain(message);
  });
});

describe('parsePython: classes and lambdas', () => {
  it('a class keeps its bases, keywords, decorators and body', () => {
    const m = parsePython('@dataclass\nclass K(Base, other.Mixin, metaclass=M):\n    """Doc."""\n    x: int = 1\n    def f(self):\n        return self.x\n');
    expect(m.errors).toEqual([]);
    expect(m.body).toHaveLength(1);
    expect(m.body[0]).toMatchObject({
      kind: 'class',
      name: 'K',
      bases: [
        { kind: 'name', id: 'Base' },
        { kind: 'attribute', attr: 'Mixin' },
      ],
      keywords: [{ name: 'metaclass' }],
      decorators: [{ kind: 'name', id: 'dataclass' }],
      body: [{ kind: 'expr' }, { kind: 'annAssign' }, { kind: 'def', name: 'f' }],
      range: { line: 1, endLine: 6 },
    });
  });

  it.each([
    ['class K:\n    pass\n', []],
    ['class K():\n    pass\n', []],
  ])('%j has no bases', (text, bases) => {
    expect(parsePython(text).body[0]).toMatchObject({ kind: 'class', bases });
  });

  it.each([
    ['lambda: 1', []],
    ['lambda x: x', ['x']],
    ['lambda x, y=(1, 2): x + y', ['x', 'y']],
    ['lambda *a, k=1, **kw: a', ['a', 'k', 'kw']],
    ['lambda a, /, b, *, c: a', ['a', 'b', 'c']],
  ])('%j is a lambda with parameters %j', (text, names) => {
    const e = exprOf(text);
    expect(e.kind).toBe('lambda');
    if (e.kind === 'lambda') expect(e.params.map((p) => p.name)).toEqual(names);
  });

  it('a lambda ends where its body ends, inside a call', () => {
    expect(exprOf('f(fn=lambda a: a + 1, given=x)')).toMatchObject({ kind: 'call', keywords: [{ name: 'fn', value: { kind: 'lambda' } }, { name: 'given' }] });
  });
});

describe('parsePython: any valid Python parses', () => {
  it('a file of the statement and expression forms of Python 3.12 gives no syntax error', () => {
    const text = readFileSync(new URL('../fixtures/python/valid-python.py', import.meta.url), 'utf8');
    expect(parsePython(text).errors).toEqual([]);
  });

  it('semicolons separate statements, in a block and after a header', () => {
    expect(parsePython('x = 1; y = 2;\n').body.map((s) => s.kind)).toEqual(['assign', 'assign']);
    const m = parsePython('if a: x = 1; y = 2\nelse: z = 3\n');
    expect(m.errors).toEqual([]);
    expect(m.body).toHaveLength(1);
    expect(m.body[0]).toMatchObject({ kind: 'if', body: [{ kind: 'assign' }, { kind: 'assign' }], orelse: [{ kind: 'assign' }] });
  });

  it('match and type are names where they are not keywords', () => {
    expect(parsePython('match = 1\ntype = 2\nmatch(x)\n').body.map((s) => s.kind)).toEqual(['assign', 'assign', 'expr']);
  });

  it('a starred for target is the name alone', () => {
    expect(only('for a, *b in xs:\n    pass\n')).toMatchObject({ kind: 'for', target: { kind: 'tuple', items: [{ kind: 'name' }, { kind: 'starred', value: { kind: 'name', id: 'b' } }] } });
  });
});

describe('parsePython: errors', () => {
  it.each([
    ['x = claim("unclosed\n', 'unterminated string'],
    ['x = claim(a b)\n', 'expected'],
    // An unclosed bracket ends at a blank line followed by a new statement.
    ['x = (1,\n\n', 'expected'],
    ['x = $\n', 'unexpected character'],
  ])('%j is a syntax error, and the next statement is read', (text, message) => {
    const m = parsePython(text + 'y = note("ok")\n');
    expect(m.errors.length).toBeGreaterThan(0);
    expect(m.errors[0]!.message).toContain(message);
    expect(m.body.some((s) => s.kind === 'assign' && s.target === 'y')).toBe(true);
  });

  it('never throws, and every range lies inside the text', () => {
    const pieces = fc.constantFrom(
      'x',
      ' = ',
      'claim(',
      ')',
      '"s"',
      "'''",
      '\n',
      '    ',
      '[',
      ']',
      ',',
      '~',
      '&',
      '|',
      '#c',
      'def ',
      ':',
      '\\\n',
      '1.5',
      '(',
      'from a import b',
      '@',
      '"\\',
      'é',
      '😀',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        const lines = text.split(/\r\n|\r|\n/);
        const m = parsePython(text);
        const check = (r: { line: number; column: number; endLine: number; endColumn: number }) => {
          expect(r.line).toBeGreaterThanOrEqual(1);
          expect(r.endLine).toBeLessThanOrEqual(lines.length);
          expect(r.column).toBeGreaterThanOrEqual(1);
          expect(r.endLine > r.line || r.endColumn >= r.column).toBe(true);
        };
        m.body.forEach((s) => check(s.range));
        m.errors.forEach((e) => check(e.range));
      }),
      { numRuns: 400 },
    );
  });
});
