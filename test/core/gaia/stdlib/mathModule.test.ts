/**
 * Python's math module as Warrant evaluates it, case by case against CPython 3.11 (the
 * oracle's Python): each expression's repr, or the exception it raises (type and
 * message), from test/fixtures/python/math-cases.json, made by running the same
 * expressions in Python. fsum is also checked for its law: the exact sum, rounded once.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeGaia } from '../../../../src/core/gaia/analyzeGaia.ts';
import { exactSum } from '../../../../src/core/gaia/runtime/stdlib/mathModule.ts';

interface MathCase {
  readonly expr: string;
  readonly repr?: string;
  readonly raise?: string;
  readonly message?: string;
}

const { cases } = JSON.parse(readFileSync(new URL('../../../fixtures/python/math-cases.json', import.meta.url), 'utf8')) as { cases: MathCase[] };

function evaluate(expr: string) {
  const a = analyzeGaia(`import math\nfrom gaia.engine.lang import claim\nx = claim(f"{${expr}!r}")\n`);
  const errors = a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
  return { errors, text: a.run.pkg.knowledge.find((k) => k.label === 'x')?.content };
}

describe('math, against CPython', () => {
  it.each(cases)('$expr', (c) => {
    const got = evaluate(c.expr);
    if (c.repr !== undefined) {
      expect(got.errors).toEqual([]);
      expect(got.text).toBe(c.repr);
    } else {
      expect(got.errors).toHaveLength(1);
      expect(got.errors[0]).toContain(`${c.raise}: ${c.message}`);
    }
  });

  it('a name math has but Warrant does not evaluate is refused where it is used', () => {
    expect(evaluate('math.gamma(3)').errors.join()).toMatch(/math\.gamma is outside what Warrant evaluates/);
    const a = analyzeGaia('from math import cbrt\nfrom gaia.engine.lang import claim\nx = claim(f"{cbrt(27)}")\n');
    expect(a.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['unsupported-import', 'unsupported-python']));
  });

  it('from math import names binds them', () => {
    const a = analyzeGaia('from math import pi, sqrt as root\nfrom gaia.engine.lang import claim\nx = claim(f"{root(pi):.6f}")\n');
    expect(a.diagnostics).toEqual([]);
    expect(a.run.pkg.knowledge[0]!.content).toBe('1.772454');
  });
});

describe('fsum is the exact sum rounded once', () => {
  it('over small integers scaled by powers of two it is exact', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -40, max: 40 })), { maxLength: 30 }), (terms) => {
        const xs = terms.map(([m, e]) => m * 2 ** e);
        // Exact in rationals: scale everything to a common power of two as BigInt.
        const exact = terms.reduce((s, [m, e]) => s + BigInt(m) * 2n ** BigInt(e + 40), 0n);
        const want = Number(exact) / 2 ** 40;
        expect(exactSum(xs)).toBe(want === 0 ? 0 : want);
      }),
    );
  });

  it('does not depend on the order of its terms', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }), { maxLength: 20 }), (xs) => {
        const a = exactSum(xs);
        const b = exactSum([...xs].reverse());
        expect(Object.is(a, b) || (a === 0 && b === 0)).toBe(true);
      }),
    );
  });
});
