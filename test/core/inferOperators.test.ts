import { describe, expect, it } from 'vitest';
import { CROMWELL_EPS } from '../../src/core/infer/cromwell.ts';
import type { DeterministicKind, Factor } from '../../src/core/infer/factorGraph.ts';
import { factorTable, operatorHolds } from '../../src/core/infer/potentials.ts';

const HIGH = 1 - CROMWELL_EPS;
const LOW = CROMWELL_EPS;

/**
 * Truth tables written out by hand: for inputs (a, b) the conclusion value the operator
 * requires. Implication is different: its conclusion H is the helper "a → b", so H = 1
 * forbids (1, 0) and H = 0 allows only (1, 0).
 */
const REQUIRED: Record<Exclude<DeterministicKind, 'implication' | 'negation'>, Record<string, number>> = {
  conjunction: { '00': 0, '01': 0, '10': 0, '11': 1 },
  disjunction: { '00': 0, '01': 1, '10': 1, '11': 1 },
  equivalence: { '00': 1, '01': 0, '10': 0, '11': 1 },
  contradiction: { '00': 1, '01': 1, '10': 1, '11': 0 },
  complement: { '00': 0, '01': 1, '10': 1, '11': 0 },
};

describe('operator truth tables', () => {
  for (const [kind, table] of Object.entries(REQUIRED)) {
    it(`${kind}: the conclusion must be ${JSON.stringify(table)}`, () => {
      for (const [ab, c] of Object.entries(table)) {
        const inputs = [Number(ab[0]), Number(ab[1])];
        expect(operatorHolds(kind as DeterministicKind, inputs, c)).toBe(true);
        expect(operatorHolds(kind as DeterministicKind, inputs, 1 - c)).toBe(false);
      }
    });
  }

  it('implication: H = 1 forbids only a ∧ ¬b; H = 0 allows only a ∧ ¬b', () => {
    const rows: [number, number, number, boolean][] = [
      [0, 0, 1, true],
      [0, 1, 1, true],
      [1, 0, 1, false],
      [1, 1, 1, true],
      [0, 0, 0, false],
      [0, 1, 0, false],
      [1, 0, 0, true],
      [1, 1, 0, false],
    ];
    for (const [a, b, h, holds] of rows) expect(operatorHolds('implication', [a, b], h)).toBe(holds);
  });

  it('negation: the conclusion is the opposite of the input', () => {
    expect(operatorHolds('negation', [0], 1)).toBe(true);
    expect(operatorHolds('negation', [1], 0)).toBe(true);
    expect(operatorHolds('negation', [0], 0)).toBe(false);
    expect(operatorHolds('negation', [1], 1)).toBe(false);
  });

  it('conjunction and disjunction take any number of inputs', () => {
    expect(operatorHolds('conjunction', [1, 1, 1, 1], 1)).toBe(true);
    expect(operatorHolds('conjunction', [1, 1, 0, 1], 0)).toBe(true);
    expect(operatorHolds('disjunction', [0, 0, 0], 0)).toBe(true);
    expect(operatorHolds('disjunction', [0, 0, 1], 1)).toBe(true);
  });
});

describe('factor tables', () => {
  const factor = (kind: Factor['kind'], extra: Partial<Factor> = {}): Factor => ({
    id: 'f',
    kind,
    variables: ['a', 'b'],
    conclusion: 'h',
    ...extra,
  });

  it('softened for the exact engines (allowed 1 − ε, forbidden ε), strict for TRW-BP (1, 0); bit j = scope[j]', () => {
    // Scope a, b, h: index = a + 2b + 4h.
    const soft = factorTable(factor('contradiction'), false);
    const strict = factorTable(factor('contradiction'), true);
    for (let x = 0; x < 8; x++) {
      const a = x & 1;
      const b = (x >> 1) & 1;
      const h = (x >> 2) & 1;
      const holds = h === (a === 1 && b === 1 ? 0 : 1);
      expect(soft[x]).toBe(holds ? HIGH : LOW);
      expect(strict[x]).toBe(holds ? 1 : 0);
    }
  });

  it('a repeated input counts once in the scope', () => {
    const table = factorTable({ id: 'f', kind: 'conjunction', variables: ['a', 'a'], conclusion: 'm' }, false);
    expect(Array.from(table)).toEqual([HIGH, LOW, LOW, HIGH]); // index a + 2m
  });

  it('conditional: P(c = 1 | inputs) at row Σ input_i · 2^i, the same in both conventions', () => {
    const f: Factor = { id: 'f', kind: 'conditional', variables: ['h', 'g'], conclusion: 'e', cpt: [0.5, 0.5, 0.2, 0.95] };
    for (const strict of [false, true]) {
      const table = factorTable(f, strict); // index h + 2g + 4e
      expect(table[0b000]).toBeCloseTo(0.5, 15);
      expect(table[0b101]).toBeCloseTo(0.5, 15);
      expect(table[0b110]).toBeCloseTo(0.2, 15);
      expect(table[0b010]).toBeCloseTo(0.8, 15);
      expect(table[0b111]).toBeCloseTo(0.95, 15);
      expect(table[0b011]).toBeCloseTo(0.05, 15);
    }
  });

  it('soft entailment: P(c | m = 1) = p1, P(¬c | m = 0) = p2', () => {
    const table = factorTable({ id: 'f', kind: 'soft_entailment', variables: ['m'], conclusion: 'c', p1: 0.9, p2: 0.6 }, false);
    expect(Array.from(table).map((x) => +x.toFixed(12))).toEqual([0.6, 0.1, 0.4, 0.9]); // index m + 2c
  });

  it('pairwise: weight at a + 2b', () => {
    const table = factorTable({ id: 'f', kind: 'pairwise', variables: ['a'], conclusion: 'b', cpt: [1, 2, 3, 4] }, true);
    expect(Array.from(table)).toEqual([1, 2, 3, 4]);
  });
});
