import { describe, expect, it } from 'vitest';
import { graphemes, truncate, wrapText } from '../../src/core/export/shortenText.ts';

describe('shortening text for drawn nodes', () => {
  it('counts grapheme clusters, not code units', () => {
    expect(graphemes('a👩‍💻é')).toEqual(['a', '👩‍💻', 'é']);
  });

  it('truncates with an ellipsis only when something is dropped', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('🚀🚀🚀🚀🚀', 3)).toBe('🚀🚀…');
  });

  it('wraps on spaces, breaks long words, and marks what is left over', () => {
    expect(wrapText('the quick brown fox', 10, 3)).toEqual(['the quick', 'brown fox']);
    expect(wrapText('abcdefghijkl', 5, 3)).toEqual(['abcde', 'fghij', 'kl']);
    expect(wrapText('one two three four five six', 9, 2)).toEqual(['one two', 'three…']);
    expect(wrapText('', 5, 2)).toEqual([]);
    for (const line of wrapText('👩‍💻'.repeat(30), 7, 3)) expect(graphemes(line).length).toBeLessThanOrEqual(7);
  });
});
