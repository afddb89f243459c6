/** RFC 8785 canonical JSON: known vectors and the properties hashing relies on. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalBytes, canonicalJson, CanonicalJsonError } from '../../../src/core/oplog/canonicalJson.ts';

describe('canonicalJson vectors', () => {
  const vectors: [unknown, string][] = [
    [null, 'null'],
    [true, 'true'],
    [0, '0'],
    [-0, '0'],
    [1, '1'],
    [-1.5, '-1.5'],
    [1e21, '1e+21'],
    [1e20, '100000000000000000000'],
    [1e-7, '1e-7'],
    [0.000001, '0.000001'],
    [123456789012345680000, '123456789012345680000'],
    [4.5, '4.5'],
    [2 ** 53, '9007199254740992'],
    [5e-324, '5e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [0.1 + 0.2, '0.30000000000000004'],
    ['', '""'],
    ['€$\u000f\nA\'B"\\\\"/', '"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"'],
    ['\u0000\u0008\u0009\u000c\u000d\u001f\u007f', '"\\u0000\\b\\t\\f\\r\\u001f\u007f"'],
    ['😀 é', '"😀 é"'],
    [[], '[]'],
    [{}, '{}'],
    [{ b: 1, a: [2, { d: null, c: 'x' }] }, '{"a":[2,{"c":"x","d":null}],"b":1}'],
    // Sorted by UTF-16 code units, not code points: U+FB33 sorts after U+1F600 (high surrogate D83D).
    [{ '😀': 3, '€': 2, é: 1, '\r': 0, '1': 4 }, '{"\\r":0,"1":4,"é":1,"€":2,"😀":3}'],
    [{ '\ufb33': 1, '\ud83d\ude00': 2 }, '{"\ud83d\ude00":2,"\ufb33":1}'],
  ];
  it.each(vectors.map((v, i) => [i, ...v] as const))('vector %i', (_i, value, text) => {
    expect(canonicalJson(value)).toBe(text);
  });

  it('writes UTF-8 bytes', () => {
    expect([...canonicalBytes({ a: 'é' })]).toEqual([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0xa9, 0x22, 0x7d]);
  });

  const refused: [string, unknown][] = [
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['-Infinity', { a: [-Infinity] }],
    ['undefined', undefined],
    ['undefined member', { a: undefined }],
    ['function', () => 1],
    ['bigint', 1n],
    ['symbol', Symbol('x')],
    ['Date', new Date(0)],
    ['Map', new Map()],
    ['lone surrogate', '\ud800'],
    // biome-ignore lint/suspicious/noSparseArray: the hole is the case under test
    ['sparse array hole', [1, , 3]],
  ];
  it.each(refused)('refuses %s', (_name, value) => {
    expect(() => canonicalJson(value)).toThrow(CanonicalJsonError);
  });

  it('refuses cycles and names the path', () => {
    const a: Record<string, unknown> = { x: { y: [1] } };
    (a.x as Record<string, unknown[]>).y!.push(a);
    expect(() => canonicalJson(a)).toThrow(/cycle at \/x\/y\/1/);
    expect(() => canonicalJson({ body: { value: NaN } })).toThrow(/at \/body\/value/);
  });

  it('accepts a repeated (shared, not cyclic) subvalue', () => {
    const shared = { k: 1 };
    expect(canonicalJson([shared, shared])).toBe('[{"k":1},{"k":1}]');
  });
});

/** JSON values with no -0 (which JSON.parse cannot give back) and no lone surrogates. */
const jsonValue = fc.jsonValue({ noUnicodeString: false }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);

function shuffleKeys(v: unknown, seed: number): unknown {
  if (Array.isArray(v)) return v.map((x, i) => shuffleKeys(x, seed + i));
  if (v === null || typeof v !== 'object') return v;
  const entries = Object.entries(v as Record<string, unknown>);
  // A deterministic shuffle from the seed.
  const order = entries.map((e, i) => [((i + 1) * 2654435761 + seed) % 1000003, e] as const).sort((a, b) => a[0] - b[0]);
  // fromEntries makes own properties even for a key named __proto__ (assignment would not).
  return Object.fromEntries(order.map(([, [k, x]]) => [k, shuffleKeys(x, seed + 7)]));
}

describe('canonicalJson properties', () => {
  it('is idempotent through parse', () => {
    fc.assert(fc.property(jsonValue, (v) => canonicalJson(JSON.parse(canonicalJson(v))) === canonicalJson(v)));
  });
  it('does not depend on key order', () => {
    fc.assert(fc.property(jsonValue, fc.integer(), (v, seed) => canonicalJson(shuffleKeys(v, seed)) === canonicalJson(v)));
  });
  it('parses back to the same value', () => {
    fc.assert(
      fc.property(jsonValue, (v) => {
        expect(JSON.parse(canonicalJson(v))).toEqual(v);
      }),
    );
  });
  it('has no insignificant whitespace', () => {
    // Outside string literals there is no whitespace at all.
    fc.assert(fc.property(jsonValue, (v) => !/\s/.test(canonicalJson(v).replace(/"(?:[^"\\]|\\.)*"/g, '""'))));
    expect(canonicalJson({ a: [1, 2], b: 'x y' })).toBe('{"a":[1,2],"b":"x y"}');
  });
});
