/**
 * The Python-compatible text Gaia's files and hashes are made of: float layout
 * (`repr`), `json.dumps` with sorted keys and either escaping, `repr` of strings and
 * `str.strip`. Expected values are Python's, written out by hand.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floatReprFromDigits, pythonFloatRepr } from '../../src/core/gaia/text/pythonFloat.ts';
import { compareCodePoints, PyFloat, pyFloat, pythonJsonDumps } from '../../src/core/gaia/text/pythonJson.ts';
import { pythonStrListRepr, pythonStrRepr, pythonTupleListRepr } from '../../src/core/gaia/text/pythonRepr.ts';
import { pythonStrip } from '../../src/core/gaia/text/pythonStrip.ts';

describe('repr(float)', () => {
  it.each([
    [0.9, '0.9'],
    [1, '1.0'],
    [0, '0.0'],
    [-0, '-0.0'],
    [0.999, '0.999'],
    [1 - 1e-3, '0.999'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1e-7, '1e-07'],
    [2.5e-10, '2.5e-10'],
    [123.456, '123.456'],
    [1e15, '1000000000000000.0'],
    [1e16, '1e+16'],
    [1.5e16, '1.5e+16'],
    [0.1 + 0.2, '0.30000000000000004'],
    [1 / 3, '0.3333333333333333'],
    [-2.5, '-2.5'],
    [Infinity, 'Infinity'],
    [NaN, 'NaN'],
  ])('%s → %s', (x, want) => {
    expect(pythonFloatRepr(x)).toBe(want);
  });

  it('reads back as the same number (shortest round-trip digits)', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => Object.is(Number(pythonFloatRepr(x)), x) || (x === 0 && Number(pythonFloatRepr(x)) === 0)));
  });

  it('the plain-decimal fast path writes what the digit layout writes', () => {
    const plain = fc.oneof(
      fc.double({ min: 1e-4, max: 1e16, noNaN: true }),
      fc.double({ min: -1e16, max: -1e-4, noNaN: true }),
      fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 1000),
      fc.constantFrom(1e-4, 0.5, 1, 1e15, 9999999999999998),
    );
    fc.assert(fc.property(plain, (x) => x === 0 || pythonFloatRepr(x) === floatReprFromDigits(x)));
  });
});

describe('json.dumps', () => {
  it('sorts keys, keeps ints and floats apart, indents like Python', () => {
    const v = { b: [1, pyFloat(1), 0.5, new PyFloat(2)], a: { z: null, y: true, x: [] as never[] }, c: {} };
    expect(pythonJsonDumps(v, { indent: 2, sortKeys: true, ensureAscii: false })).toBe(
      '{\n  "a": {\n    "x": [],\n    "y": true,\n    "z": null\n  },\n  "b": [\n    1,\n    1.0,\n    0.5,\n    2.0\n  ],\n  "c": {}\n}',
    );
    expect(pythonJsonDumps({ b: 1, a: [1, 2] }, { sortKeys: true })).toBe('{"a": [1, 2], "b": 1}');
    expect(pythonJsonDumps({ b: 1, a: [1, 2] }, { sortKeys: true, separators: [',', ':'] })).toBe('{"a":[1,2],"b":1}');
  });

  it('escapes as Python does, with and without ensure_ascii', () => {
    const s = 'é "q" \\ \n\t\u0001\u007f 😀';
    expect(pythonJsonDumps(s, { ensureAscii: false })).toBe('"é \\"q\\" \\\\ \\n\\t\\u0001\u007f 😀"');
    expect(pythonJsonDumps(s)).toBe('"\\u00e9 \\"q\\" \\\\ \\n\\t\\u0001\\u007f \\ud83d\\ude00"');
  });

  it('without floats or sorting it is JSON.stringify', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constant(null),
        fc.boolean(),
        fc.integer(),
        fc.string(),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, (v) => {
        const clean = JSON.parse(JSON.stringify(v)) as never;
        return pythonJsonDumps(clean, { indent: 2, ensureAscii: false }) === JSON.stringify(clean, null, 2);
      }),
    );
  });

  it('compares strings by code point, astral characters after the BMP', () => {
    expect(['b', '\uffff', 'a', '😀'].sort(compareCodePoints)).toEqual(['a', 'b', '\uffff', '😀']);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        const cp = (s: string) => [...s].map((c) => c.codePointAt(0)!);
        const [x, y] = [cp(a), cp(b)];
        let want = 0;
        for (let i = 0; i < Math.min(x.length, y.length) && want === 0; i++) want = x[i]! - y[i]!;
        if (want === 0) want = x.length - y.length;
        return Math.sign(compareCodePoints(a, b)) === Math.sign(want);
      }),
    );
  });
});

describe('repr(str) and str.strip()', () => {
  it.each([
    ['abc', "'abc'"],
    ["it's", '"it\'s"'],
    ['say "hi"', '\'say "hi"\''],
    ['both \' and "', "'both \\' and \"'"],
    ['back\\slash\n', "'back\\\\slash\\n'"],
    ['café', "'café'"],
    ['\u0007', "'\\x07'"],
  ])('repr(%j) = %s', (s, want) => {
    expect(pythonStrRepr(s)).toBe(want);
  });

  it('lists and tuples', () => {
    expect(pythonStrListRepr([])).toBe('[]');
    expect(pythonStrListRepr(['a:b::c', 'd'])).toBe("['a:b::c', 'd']");
    expect(
      pythonTupleListRepr([
        ['n', 'int'],
        ['m', 'str'],
      ]),
    ).toBe("[('n', 'int'), ('m', 'str')]");
  });

  it('strips Python whitespace, not JavaScript whitespace', () => {
    expect(pythonStrip('  \t\n x y \u0085\u001c')).toBe('x y');
    expect(pythonStrip('\ufeffx\ufeff')).toBe('\ufeffx\ufeff');
  });
});
