/**
 * src/core/largeArrays.ts: the loops that replace spreading an input-sized array into a
 * call (`Math.max(...xs)` throws past about 100k elements). Same answers as the spread
 * at any length.
 */
import { describe, expect, it } from 'vitest';
import { maxOf, minOf, pushAll } from '../../src/core/largeArrays.ts';

const MANY = 500_000;
const many = Array.from({ length: MANY }, (_, i) => (i * 7919) % MANY);

describe('largeArrays', () => {
  it('maxOf and minOf answer as Math.max and Math.min, at any length', () => {
    expect(maxOf(many)).toBe(MANY - 1);
    expect(minOf(many)).toBe(0);
    expect(maxOf(many, MANY + 5)).toBe(MANY + 5);
    expect(minOf(many, -3)).toBe(-3);
    expect(maxOf([])).toBe(Math.max());
    expect(minOf([])).toBe(Math.min());
    expect(maxOf([], 2)).toBe(2);
    expect(maxOf([1, Number.NaN, 3])).toBeNaN();
  });

  it('pushAll appends in order and returns the new length', () => {
    const target = [-1];
    expect(pushAll(target, many)).toBe(MANY + 1);
    expect(target[0]).toBe(-1);
    expect(target.slice(1)).toEqual(many);
    expect(pushAll(target, new Set([1, 2]))).toBe(MANY + 3);
  });
});
