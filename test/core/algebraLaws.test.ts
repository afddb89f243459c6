/**
 * Laws of the CLAIR confidence algebra on [0,1] (spec "Confidence Semantics",
 * "Stratification", "Non-Compositional Design"): × (derive), min (conservative),
 * ⊕ (aggregate) and the Löb discount c ↦ c². Exact where IEEE arithmetic is exact,
 * with a small tolerance where rounding makes the law hold only approximately.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregate, aggregateAll, bandOf, BOUND_TOLERANCE, conservative, derive, deriveAll, lobDiscount } from '../../src/core/clair/confidenceAlgebra.ts';

/** A confidence: any double in [0,1], the ends and simple decimals included. */
const conf = fc.oneof(
  { weight: 4, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) },
  fc.constantFrom(0, 1, 0.5, 0.25, 0.75, 0.9, 0.81, 0.1, 0.3, 0.7, 1e-300, 1 - 2 ** -53),
  fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
);
/** Two confidences with a ≤ b. */
const ordered = fc.tuple(conf, conf).map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a]));

const EPS = 1e-12;
const inUnit = (x: number) => x >= 0 && x <= 1;
// biome-ignore lint/suspicious/noConfusingVoidType: a law is a predicate or a block of expects that returns nothing
type Check = boolean | void;
function prop<A>(a: fc.Arbitrary<A>, f: (a: A) => Check): void;
function prop<A, B>(a: fc.Arbitrary<A>, b: fc.Arbitrary<B>, f: (a: A, b: B) => Check): void;
function prop<A, B, C>(a: fc.Arbitrary<A>, b: fc.Arbitrary<B>, c: fc.Arbitrary<C>, f: (a: A, b: B, c: C) => Check): void;
function prop(...args: unknown[]): void {
  const property = fc.property as unknown as (...xs: unknown[]) => fc.IRawProperty<unknown[]>;
  fc.assert(property(...args), { numRuns: 2000 });
}

describe('× (sequential derivation)', () => {
  it('is commutative', () => prop(conf, conf, (a, b) => derive(a, b) === derive(b, a)));
  it('is associative (to 1e-12)', () => prop(conf, conf, conf, (a, b, c) => Math.abs(derive(derive(a, b), c) - derive(a, derive(b, c))) <= EPS));
  it('has identity 1', () => prop(conf, (a) => derive(a, 1) === a && derive(1, a) === a));
  it('has annihilator 0', () => prop(conf, (a) => derive(a, 0) === 0 && derive(0, a) === 0));
  it('is closed in [0,1]', () => prop(conf, conf, (a, b) => inUnit(derive(a, b))));
  it('is monotone in each argument', () => prop(ordered, conf, ([a, a2], b) => derive(a, b) <= derive(a2, b) && derive(b, a) <= derive(b, a2)));
  it('never increases confidence: a × b ≤ min(a, b)', () => prop(conf, conf, (a, b) => derive(a, b) <= Math.min(a, b)));
  it('deriveAll folds × from 1, left to right', () => {
    expect(deriveAll([])).toBe(1);
    prop(fc.array(conf, { maxLength: 8 }), (xs) => deriveAll(xs) === xs.reduce((p, x) => derive(p, x), 1));
  });
});

describe('⊕ (independent aggregation)', () => {
  it('is commutative', () => prop(conf, conf, (a, b) => aggregate(a, b) === aggregate(b, a)));
  it('is associative (to 1e-12)', () => prop(conf, conf, conf, (a, b, c) => Math.abs(aggregate(aggregate(a, b), c) - aggregate(a, aggregate(b, c))) <= EPS));
  it('has identity 0 (to 1e-12: 1 − (1 − a) rounds)', () => prop(conf, (a) => Math.abs(aggregate(a, 0) - a) <= EPS && Math.abs(aggregate(0, a) - a) <= EPS));
  it('has identity 0 exactly on [0.5, 1], where 1 − a is exact', () =>
    prop(
      conf.filter((a) => a >= 0.5),
      (a) => aggregate(a, 0) === a && aggregate(0, a) === a,
    ));
  it('has absorbing element 1', () => prop(conf, (a) => aggregate(a, 1) === 1 && aggregate(1, a) === 1));
  it('is closed in [0,1]', () => prop(conf, conf, (a, b) => inUnit(aggregate(a, b))));
  it('never decreases confidence: a ⊕ b ≥ max(a, b) (to 1e-12)', () => prop(conf, conf, (a, b) => aggregate(a, b) >= Math.max(a, b) - EPS));
  it('is monotone in each argument', () => prop(ordered, conf, ([a, a2], b) => aggregate(a, b) <= aggregate(a2, b) && aggregate(b, a) <= aggregate(b, a2)));
  it('is dual to ×: a ⊕ b = 1 − (1 − a) × (1 − b)', () => prop(conf, conf, (a, b) => aggregate(a, b) === 1 - derive(1 - a, 1 - b)));
  it('aggregateAll folds ⊕ from 0', () => {
    expect(aggregateAll([])).toBe(0);
    prop(fc.array(conf, { maxLength: 8 }), (xs) => aggregateAll(xs) === xs.reduce((q, x) => aggregate(q, x), 0));
  });
});

describe('min (conservative combination)', () => {
  it('is idempotent', () => prop(conf, (a) => conservative(a, a) === a));
  it('is commutative', () => prop(conf, conf, (a, b) => conservative(a, b) === conservative(b, a)));
  it('is associative', () => prop(conf, conf, conf, (a, b, c) => conservative(conservative(a, b), c) === conservative(a, conservative(b, c))));
  it('is the smaller of the two', () => prop(conf, conf, (a, b) => conservative(a, b) === Math.min(a, b)));
  it('has identity 1 and annihilator 0 on [0,1]', () => prop(conf, (a) => conservative(a, 1) === a && conservative(a, 0) === 0));
  it('sits between × and ⊕: a × b ≤ min(a, b) ≤ a ⊕ b (to 1e-12)', () => prop(conf, conf, (a, b) => derive(a, b) <= conservative(a, b) && conservative(a, b) <= aggregate(a, b) + EPS));
});

describe('Löb discount', () => {
  it('c² ≤ c on [0,1]', () => prop(conf, (c) => lobDiscount(c) <= c));
  it('is c² (to 1e-15)', () => prop(conf, (c) => Math.abs(lobDiscount(c) - c * c) <= 1e-15));
  it('strictly lowers every c in (0,1)', () =>
    prop(
      conf.filter((c) => c > 0 && c < 1),
      (c) => lobDiscount(c) < c,
    ));
  it('is monotone', () => prop(ordered, ([c, d]) => lobDiscount(c) <= lobDiscount(d)));
  it('is closed in [0,1]', () => prop(conf, fc.integer({ min: 0, max: 2000 }), (c, k) => inUnit(lobDiscount(c, k))));
  it('applied twice is lobDiscount(c, 2) = c⁴ (to 1e-12)', () =>
    prop(conf, (c) => {
      const twice = lobDiscount(lobDiscount(c));
      return Math.abs(twice - lobDiscount(c, 2)) <= EPS && Math.abs(lobDiscount(c, 2) - c ** 4) <= EPS;
    }));
  it('over k levels is c^(2^k), one squaring per level (to 1e-12)', () =>
    prop(conf, fc.integer({ min: 0, max: 6 }), (c, k) => {
      let stepwise = c;
      for (let i = 0; i < k; i++) stepwise = lobDiscount(stepwise);
      return Math.abs(lobDiscount(c, k) - stepwise) <= EPS;
    }));
  it('zero levels changes nothing', () => prop(conf, (c) => lobDiscount(c, 0) === c));
  it('more levels never raise the bound', () => prop(conf, fc.integer({ min: 0, max: 60 }), (c, k) => lobDiscount(c, k + 1) <= lobDiscount(c, k)));
  it('has fixed points 0 and 1 at any number of levels', () => {
    for (const k of [1, 2, 3, 10, 1024, 5000]) {
      expect(lobDiscount(0, k)).toBe(0);
      expect(lobDiscount(1, k)).toBe(1);
    }
  });
  it('is finite for huge level gaps', () => {
    expect(lobDiscount(0.9, 5000)).toBe(0);
    expect(lobDiscount(0.999999, 2000)).toBe(0);
  });
});

describe('the spec examples', () => {
  it('0.5 × 0.5 = 0.25', () => expect(derive(0.5, 0.5)).toBe(0.25));
  it('0.5 ⊕ 0.5 = 0.75', () => expect(aggregate(0.5, 0.5)).toBe(0.75));
  it('.9² = .81', () => expect(lobDiscount(0.9)).toBeCloseTo(0.81, 15));
  it('.81² ≈ .65', () => expect(lobDiscount(0.81)).toBeCloseTo(0.6561, 15));
  it('0.9 × 0.8 = 0.72 within the bound tolerance', () => {
    expect(BOUND_TOLERANCE).toBe(1e-9);
    expect(Math.abs(derive(0.9, 0.8) - 0.72)).toBeLessThanOrEqual(BOUND_TOLERANCE);
  });
  it('⊕ aggregates 0.5 from two sources upward and × compounds downward', () => {
    expect(aggregateAll([0.5, 0.5, 0.5])).toBe(0.875);
    expect(deriveAll([0.5, 0.5, 0.5])).toBe(0.125);
  });
});

describe('bandOf (Mnema §5.2: speculative < .40 ≤ probable < .70 ≤ likely < .90 ≤ strong)', () => {
  const cases: [number, string][] = [
    [0, 'speculative'],
    [0.39, 'speculative'],
    [0.3999999999, 'speculative'],
    [0.4, 'probable'],
    [0.40000001, 'probable'],
    [0.69, 'probable'],
    [0.6999999999, 'probable'],
    [0.7, 'likely'],
    [0.89, 'likely'],
    [0.8999999999, 'likely'],
    [0.9, 'strong'],
    [0.98, 'strong'],
    [1, 'strong'],
  ];
  for (const [c, band] of cases) it(`${c} → ${band}`, () => expect(bandOf(c)).toBe(band));

  it('is monotone in c', () => {
    const rank = { speculative: 0, probable: 1, likely: 2, strong: 3 } as const;
    prop(ordered, ([a, b]) => rank[bandOf(a)] <= rank[bandOf(b)]);
  });
});
