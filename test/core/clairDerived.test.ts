/**
 * Derived confidence (docs/contract.md §1.2): a root's `derived` is its stated confidence; a
 * justified belief's is the product of its justifiers' `effective` values; `effective`
 * is min(stated, derived). `null` where no value exists (an undefined, broken or cyclic
 * justifier, or one that depends on such).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeClair } from '../../src/core/clair/analyzeClair.ts';
import { deriveConfidences } from '../../src/core/clair/derivedConfidence.ts';
import { parseClair } from '../../src/core/clair/parser.ts';
import { collectSymbols } from '../../src/core/clair/symbols.ts';

const doc = (...lines: string[]) => lines.join('\n');

/** `[id, stated, derived, effective]`, in document order. */
type Row = readonly [string, number, number | null, number | null];

function expectDerived(text: string, expected: readonly Row[], exact = false): void {
  const got = deriveConfidences(collectSymbols(parseClair(text)));
  expect(got.map((d) => d.id)).toEqual(expected.map((r) => r[0]));
  expected.forEach(([id, stated, derived, effective], i) => {
    const d = got[i]!;
    expect(d.stated, `${id}.stated`).toBe(stated);
    for (const [name, want, have] of [
      ['derived', derived, d.derived],
      ['effective', effective, d.effective],
    ] as const) {
      if (want === null) expect(have, `${id}.${name}`).toBeNull();
      else if (exact) expect(have, `${id}.${name}`).toBe(want);
      else {
        expect(have, `${id}.${name}`).not.toBeNull();
        expect(Math.abs(have! - want), `${id}.${name}: ${have} vs ${want}`).toBeLessThanOrEqual(1e-12);
      }
    }
  });
}

describe('derived confidence: a table', () => {
  const cases: { name: string; text: string; expect: Row[]; exact?: boolean }[] = [
    { name: 'the empty document', text: '', expect: [] },
    { name: 'a root: derived is its stated confidence', text: 'b1 .7 L0 @user "x"', expect: [['b1', 0.7, 0.7, 0.7]] },
    {
      name: 'a chain: effective is min(stated, derived)',
      text: doc('b1 .9 L0 @user "x"', 'b2 .8 L0 @self <b1 "y"', 'b3 1 L0 @self <b2 "z"', 'b4 .5 L0 @self <b3 "w"'),
      expect: [
        ['b1', 0.9, 0.9, 0.9],
        ['b2', 0.8, 0.9, 0.8],
        ['b3', 1, 0.8, 0.8],
        ['b4', 0.5, 0.8, 0.5],
      ],
    },
    {
      name: 'product of effective values, not stated ones',
      // b2 states 1 but is worth .5; b3 rests on b2's effective .5.
      text: doc('b1 .5 L0 @user "x"', 'b2 1 L0 @self <b1 "y"', 'b3 1 L0 @self <b2 "z"'),
      expect: [
        ['b1', 0.5, 0.5, 0.5],
        ['b2', 1, 0.5, 0.5],
        ['b3', 1, 0.5, 0.5],
      ],
    },
    {
      name: 'a diamond multiplies both branches once each',
      text: doc('a .9 L0 @user "a"', 'b .8 L0 @self <a "b"', 'c .7 L0 @self <a "c"', 'd 1 L0 @self <b,c "d"'),
      expect: [
        ['a', 0.9, 0.9, 0.9],
        ['b', 0.8, 0.9, 0.8],
        ['c', 0.7, 0.9, 0.7],
        ['d', 1, 0.56, 0.56],
      ],
    },
    {
      name: 'a diamond whose branches are capped by the shared root',
      text: doc('a .5 L0 @user "a"', 'b .9 L0 @self <a "b"', 'c .9 L0 @self <a "c"', 'd 1 L0 @self <b,c "d"'),
      expect: [
        ['a', 0.5, 0.5, 0.5],
        ['b', 0.9, 0.5, 0.5],
        ['c', 0.9, 0.5, 0.5],
        ['d', 1, 0.25, 0.25],
      ],
    },
    {
      name: 'a double diamond',
      text: doc('a 1 L0 @user "a"', 'b .5 L0 @self <a "b"', 'c .5 L0 @self <a "c"', 'd 1 L0 @self <b,c "d"', 'e .9 L0 @self <d "e"', 'f .9 L0 @self <d "f"', 'g 1 L0 @self <e,f "g"'),
      expect: [
        ['a', 1, 1, 1],
        ['b', 0.5, 1, 0.5],
        ['c', 0.5, 1, 0.5],
        ['d', 1, 0.25, 0.25],
        ['e', 0.9, 0.25, 0.25],
        ['f', 0.9, 0.25, 0.25],
        ['g', 1, 0.0625, 0.0625],
      ],
    },
    {
      name: 'forward references',
      text: doc('b3 1 L0 @self <b2 "z"', 'b2 .8 L0 @self <b1 "y"', 'b1 .9 L0 @user "x"'),
      expect: [
        ['b3', 1, 0.8, 0.8],
        ['b2', 0.8, 0.9, 0.8],
        ['b1', 0.9, 0.9, 0.9],
      ],
    },
    {
      name: 'a repeated justifier counts once',
      text: doc('b1 .5 L0 @user "x"', 'b2 1 L0 @self <b1,b1 <b1 "y"'),
      expect: [
        ['b1', 0.5, 0.5, 0.5],
        ['b2', 1, 0.5, 0.5],
      ],
    },
    {
      name: 'an undefined justifier: null, and null for what depends on it',
      text: doc('b1 .9 L0 @user "x"', 'b2 .8 L0 @self <b1,b9 "y"', 'b3 .7 L0 @self <b2 "z"', 'b4 .6 L0 @self <b1 "w"'),
      expect: [
        ['b1', 0.9, 0.9, 0.9],
        ['b2', 0.8, null, null],
        ['b3', 0.7, null, null],
        ['b4', 0.6, 0.9, 0.6],
      ],
    },
    {
      name: 'a malformed justifier: null',
      text: doc('b1 .9 L0 @user "x"', 'b2 .8 L0 @self <b1,B1 "y"'),
      expect: [
        ['b1', 0.9, 0.9, 0.9],
        ['b2', 0.8, null, null],
      ],
    },
    {
      name: 'a broken justifier: null; the broken line itself has no value',
      text: doc('b1 .9 L0 @user "x', 'b2 .8 L0 @self <b1 "y"', 'b3 .7 L0 @self <b2 "z"'),
      expect: [
        ['b2', 0.8, null, null],
        ['b3', 0.7, null, null],
      ],
    },
    {
      name: 'a cycle: null on its members and on what depends on it, not on what it rests on',
      text: doc('r .9 L0 @user "r"', 'a .8 L0 @self <r,c "a"', 'b .8 L0 @self <a "b"', 'c .8 L0 @self <b "c"', 'd .5 L0 @self <c "d"', 'e .5 L0 @self <r "e"'),
      expect: [
        ['r', 0.9, 0.9, 0.9],
        ['a', 0.8, null, null],
        ['b', 0.8, null, null],
        ['c', 0.8, null, null],
        ['d', 0.5, null, null],
        ['e', 0.5, 0.9, 0.5],
      ],
    },
    {
      name: 'a self-justification: null',
      text: doc('b1 .9 L0 @self <b1 "x"', 'b2 .5 L0 @self <b1 "y"'),
      expect: [
        ['b1', 0.9, null, null],
        ['b2', 0.5, null, null],
      ],
    },
    {
      name: 'a duplicate is left out; references go to the first definition',
      text: doc('b1 .5 L0 @user "x"', 'b1 1 L0 @user "again"', 'b2 1 L0 @self <b1 "y"'),
      expect: [
        ['b1', 0.5, 0.5, 0.5],
        ['b2', 1, 0.5, 0.5],
      ],
    },
    {
      name: 'a belief with a malformed id is left out',
      text: doc('b1 .5 L0 @user "x"', 'Bad .5 L0 @self <b1 "y"'),
      expect: [['b1', 0.5, 0.5, 0.5]],
    },
    {
      name: 'levels and stratification errors do not change the values',
      text: doc('b1 .9 L2 @user "x"', 'b2 .95 L0 @self <b1 "about b1"'),
      expect: [
        ['b1', 0.9, 0.9, 0.9],
        ['b2', 0.95, 0.9, 0.9],
      ],
    },
    {
      name: 'the reference case 05: .9 × .8 is 0.7200000000000001',
      text: doc('b1 .9 L0 @ctx "x"', 'b2 .8 L0 @ctx "y"', 'b3 .72 L0 @self <b1 <b2 "z"', 'b4 .75 L0 @self <b1,b2 "w"'),
      exact: true,
      expect: [
        ['b1', 0.9, 0.9, 0.9],
        ['b2', 0.8, 0.8, 0.8],
        ['b3', 0.72, 0.7200000000000001, 0.72],
        ['b4', 0.75, 0.7200000000000001, 0.7200000000000001],
      ],
    },
    {
      name: 'product order: the justifiers as listed, left to right from 1',
      // (.1 × .2) × .3 = 0.006000000000000001, but (.3 × .2) × .1 = 0.006.
      text: doc('a .1 L0 @user "a"', 'b .2 L0 @user "b"', 'c .3 L0 @user "c"', 'x 1 L0 @self <a,b,c "x"', 'y 1 L0 @self <c <b,a "y"'),
      exact: true,
      expect: [
        ['a', 0.1, 0.1, 0.1],
        ['b', 0.2, 0.2, 0.2],
        ['c', 0.3, 0.3, 0.3],
        ['x', 1, 1 * 0.1 * 0.2 * 0.3, 1 * 0.1 * 0.2 * 0.3],
        ['y', 1, 1 * 0.3 * 0.2 * 0.1, 1 * 0.3 * 0.2 * 0.1],
      ],
    },
  ];
  for (const c of cases) it(c.name, () => expectDerived(c.text, c.expect, c.exact ?? false));

  it('the product-order case really distinguishes orders', () => {
    expect(1 * 0.1 * 0.2 * 0.3).not.toBe(1 * 0.3 * 0.2 * 0.1);
  });
});

describe('deep and wide documents', () => {
  const n = 100_000;

  it('a 100k chain in document order does not overflow the stack', () => {
    const lines = ['b0 .99 L0 @user "root"'];
    for (let i = 1; i < n; i++) lines.push(`b${i} 1 L0 @self <b${i - 1} "step"`);
    const derived = deriveConfidences(collectSymbols(parseClair(lines.join('\n'))));
    expect(derived).toHaveLength(n);
    expect(derived[n - 1]).toEqual({ id: `b${n - 1}`, stated: 1, derived: 0.99, effective: 0.99 });
  });

  it('a 100k chain written backwards (forward references) does not overflow the stack', () => {
    const lines: string[] = [];
    for (let i = 0; i < n - 1; i++) lines.push(`b${i} 1 L0 @self <b${i + 1} "step"`);
    lines.push(`b${n - 1} .5 L0 @user "root"`);
    const derived = analyzeClair(lines.join('\n')).derived;
    expect(derived[0]).toEqual({ id: 'b0', stated: 1, derived: 0.5, effective: 0.5 });
  });

  it('a 100k chain whose root is undefined is null all the way', () => {
    const lines: string[] = [];
    for (let i = 0; i < n; i++) lines.push(`b${i} 1 L0 @self <b${i + 1} "step"`);
    const derived = deriveConfidences(collectSymbols(parseClair(lines.join('\n'))));
    expect(derived.every((d) => d.derived === null && d.effective === null)).toBe(true);
  });

  it('a chain of .5s stays at .5: each step multiplies the effective .5 by nothing else', () => {
    const lines = ['b0 1 L0 @user "root"'];
    for (let i = 1; i <= 60; i++) lines.push(`b${i} .5 L0 @self <b${i - 1} "half"`);
    const derived = deriveConfidences(collectSymbols(parseClair(lines.join('\n'))));
    // Each b_i has one justifier worth .5, so derived = .5 (not .5^i) from b2 on.
    expect(derived.slice(2).every((d) => d.derived === 0.5 && d.effective === 0.5)).toBe(true);
  });

  it('a wide fan-in of 1000 justifiers multiplies them all', () => {
    const lines: string[] = [];
    for (let i = 0; i < 1000; i++) lines.push(`r${i} .999 L0 @user "r"`);
    lines.push(`x 1 L0 @self <${Array.from({ length: 1000 }, (_, i) => `r${i}`).join(',')} "x"`);
    const derived = deriveConfidences(collectSymbols(parseClair(lines.join('\n'))));
    expect(derived[1000]!.derived).toBeCloseTo(0.999 ** 1000, 12);
  });
});

describe('derived confidence agrees with a direct recursive model', () => {
  // Random small graphs (forward references, repeats, undefined ids and cycles allowed).
  const graph = fc.array(
    fc.record({
      conf: fc.integer({ min: 0, max: 100 }).map((x) => x / 100),
      refs: fc.array(fc.nat(9), { maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 8 },
  );
  it('for random graphs', () => {
    fc.assert(
      fc.property(graph, (nodes) => {
        const text = nodes.map((nd, i) => `b${i} ${nd.conf} L0 @self${nd.refs.length ? ' <' + nd.refs.map((r) => `b${r}`).join(',') : ''} "x"`).join('\n');
        const got = deriveConfidences(collectSymbols(parseClair(text)));

        // Model: effective(i) by recursion, null on an undefined id or a cycle on the way.
        const memo = new Map<number, number | null>();
        const derivedOf = (i: number, path: Set<number>): number | null => {
          const nd = nodes[i]!;
          const refs = [...new Set(nd.refs)];
          if (refs.length === 0) return nd.conf;
          let p = 1;
          for (const r of refs) {
            const e = effectiveOf(r, path);
            if (e === null) return null;
            p *= e;
          }
          return p;
        };
        const effectiveOf = (i: number, path: Set<number>): number | null => {
          if (i >= nodes.length || path.has(i)) return null;
          if (memo.has(i)) return memo.get(i)!;
          const d = derivedOf(i, new Set([...path, i]));
          const e = d === null ? null : Math.min(nodes[i]!.conf, d);
          memo.set(i, e);
          return e;
        };
        got.forEach((g, i) => {
          memo.clear();
          const d = derivedOf(i, new Set([i]));
          expect(g.derived).toBe(d);
          expect(g.effective).toBe(d === null ? null : Math.min(nodes[i]!.conf, d));
        });
      }),
      { numRuns: 1000 },
    );
  });
});
