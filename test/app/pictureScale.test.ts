/** The PNG export's scale: twice the picture's size, less when a canvas could not hold it. */
import { describe, expect, it } from 'vitest';
import { pictureScale } from '../../src/app/chrome/pictureToPng.ts';

describe('pictureScale', () => {
  const cases: [string, number, number, (scale: number) => boolean][] = [
    ['a small picture: twice its size', 831, 768, (s) => s === 2],
    ['a wide one: no side past 16,000 px', 40_000, 600, (s) => s * 40_000 <= 16_000 && s > 0],
    ['a tall one: no side past 16,000 px', 900, 30_000, (s) => s * 30_000 <= 16_000 && s > 0],
    ['a big square: at most 120 million pixels', 9_000, 9_000, (s) => s * 9_000 * s * 9_000 <= 120_000_001 && s < 2],
    ['an empty size: the scale asked for', 0, 0, (s) => s === 2],
  ];
  for (const [name, w, h, ok] of cases) it(name, () => expect(ok(pictureScale(w, h))).toBe(true));
});
