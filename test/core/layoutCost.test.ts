import { describe, expect, it } from 'vitest';
import { layeredCost } from '../../src/core/layout/layeredCost.ts';
import { inputOf } from './layoutInputs.ts';

describe('layeredCost', () => {
  const cases: { name: string; input: ReturnType<typeof inputOf>; cost: number }[] = [
    { name: 'empty', input: inputOf([], []), cost: 0 },
    {
      name: 'a chain has no long edges',
      input: inputOf(
        ['a', 'b', 'c'],
        [
          ['a', 'b'],
          ['b', 'c'],
        ],
      ),
      cost: 3,
    },
    {
      name: 'an edge skipping two layers needs two dummies',
      input: inputOf(
        ['a', 'b', 'c', 'd'],
        [
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'd'],
          ['a', 'd'],
        ],
      ),
      cost: 6,
    },
    {
      name: 'a cycle costs its nodes',
      input: inputOf(
        ['a', 'b'],
        [
          ['a', 'b'],
          ['b', 'a'],
        ],
      ),
      cost: 2,
    },
  ];
  for (const { name, input, cost } of cases) {
    it(name, () => expect(layeredCost(input)).toBe(cost));
  }
});
