/**
 * Python's ints are exact at any size, and so are Warrant's: each expression of
 * test/fixtures/python/int-cases.json (made by running it in CPython) gives Python's
 * repr, or its exception — arithmetic past 2**53, floor division and modulo with
 * Python's signs, exact comparison against floats, true division rounded once, ints in
 * f-strings, and math's int functions (comb, factorial, isqrt, gcd, lcm, prod, perm, and
 * log of an int too large for a double). Laws checked on random ints: a == (a // b) * b +
 * a % b with the remainder taking b's sign, and a / b is the exact quotient rounded once.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeGaia } from '../../../src/core/gaia/analyzeGaia.ts';
import { intArithmetic, intTrueDivide, intValue } from '../../../src/core/gaia/runtime/pythonInts.ts';

interface IntCase {
  readonly expr: string;
  readonly repr?: string;
  readonly raise?: string;
  readonly message?: string;
}

const cases = JSON.parse(readFileSync(new URL('../../fixtures/python/int-cases.json', import.meta.url), 'utf8')) as IntCase[];

function evaluate(expr: string) {
  const a = analyzeGaia(`import math\nfrom gaia.engine.lang import claim\nx = claim(f"{${expr}!r}")\n`);
  return { errors: a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), text: a.run.pkg.knowledge.find((k) => k.label === 'x')?.content };
}

describe('ints against CPython', () => {
  it.each(cases)('$expr', (c) => {
    const got = evaluate(c.expr);
    if (c.repr !== undefined) {
      expect(got.errors).toEqual([]);
      expect(got.text).toBe(c.repr);
    } else {
      expect(got.errors.join('\n')).toContain(`${c.raise}: ${c.message}`);
    }
  });
});

const bigInts = fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n });
const num = (n: bigint) => intValue(n);

describe('laws of exact int arithmetic', () => {
  it('floor division and modulo: a == (a // b) * b + a % b, the remainder with the sign of b', () => {
    fc.assert(
      fc.property(bigInts, bigInts, (a, b) => {
        fc.pre(b !== 0n);
        const q = intArithmetic('//', num(a), num(b)) as { big?: bigint; v: number };
        const r = intArithmetic('%', num(a), num(b)) as { big?: bigint; v: number };
        const qq = q.big ?? BigInt(q.v);
        const rr = r.big ?? BigInt(r.v);
        expect(qq * b + rr).toBe(a);
        expect(rr === 0n || rr < 0n === b < 0n).toBe(true);
        expect((rr < 0n ? -rr : rr) < (b < 0n ? -b : b)).toBe(true);
      }),
    );
  });

  it('true division is the exact quotient rounded once: exact when the quotient is a small power-of-two fraction', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 52n }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 300 }), (m, k, s) => {
        // (m · 2**s) / 2**k is m · 2**(s-k) exactly, whatever the sizes of the operands.
        const q = intTrueDivide(num(m << BigInt(s)), num(1n << BigInt(k)));
        expect(q).toBe(Number(m) * 2 ** (s - k));
      }),
    );
  });
});
