import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WarmUpHold } from '../../src/store/pipeline/warmUpHold.ts';

function clocked() {
  let now = 0;
  const sent: { at: number; ms: number }[] = [];
  const hold = new WarmUpHold(
    (ms) => sent.push({ at: now, ms }),
    () => now,
  );
  return { hold, sent, advance: (ms: number) => (now += ms), now: () => now };
}

describe('WarmUpHold', () => {
  it.each([
    ['a first hold is sent, with slack', [[0, 1000]], [[0, 1500]]],
    [
      'a hold inside the one sent is not sent again',
      [
        [0, 1000],
        [200, 1000],
        [499, 1000],
      ],
      [[0, 1500]],
    ],
    [
      'a hold past the one sent is sent',
      [
        [0, 1000],
        [600, 1000],
      ],
      [
        [0, 1500],
        [600, 1500],
      ],
    ],
    [
      'a longer hold is sent at once',
      [
        [0, 1000],
        [10, 3000],
      ],
      [
        [0, 1500],
        [10, 3500],
      ],
    ],
    [
      'nothing for zero, negative or NaN',
      [
        [0, 0],
        [0, -5],
        [0, Number.NaN],
      ],
      [],
    ],
  ] as const)('%s', (_name, calls, expected) => {
    const c = clocked();
    for (const [at, ms] of calls) {
      c.advance(at - c.now());
      c.hold.hold(ms);
    }
    expect(c.sent.map((s) => [s.at, s.ms])).toEqual(expected);
  });

  it('every moment asked for is covered by a hold sent, with fewer messages than calls', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 5000 })), { minLength: 1, maxLength: 60 }), (calls) => {
        const c = clocked();
        for (const [gap, ms] of calls) {
          c.advance(gap);
          c.hold.hold(ms);
          const covered = Math.max(...c.sent.map((s) => s.at + s.ms));
          expect(covered).toBeGreaterThanOrEqual(c.now() + ms);
        }
        expect(c.sent.length).toBeLessThanOrEqual(calls.length);
      }),
      { numRuns: 300 },
    );
  });
});
