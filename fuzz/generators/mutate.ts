/**
 * Mutations of a text: byte flips, deletions, duplications, insertions of tokens,
 * splices from another text, line swaps. Work on UTF-16 code units (so they can split a
 * surrogate pair, as a bad paste can).
 */
import type { Rng } from '../core/rng.ts';

/** Characters that matter to some parser, and some that should not be there at all. */
const INTERESTING = [
  '\n',
  '\r',
  '\r\n',
  '\t',
  ' ',
  '"',
  "'",
  '\\',
  ';',
  '#',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  ':',
  '<',
  '>',
  '=',
  '@',
  '?',
  '.',
  '-',
  '0',
  '1',
  '9',
  'e',
  'L',
  '\u0000',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '\ud83d',
  '\ude00',
  '😀',
  'é',
];

export function randomChar(rng: Rng): string {
  return rng.weighted([
    [6, () => String.fromCharCode(rng.range(0x20, 0x7e))],
    [3, () => rng.pick(INTERESTING)],
    [1, () => String.fromCharCode(rng.int(0x10000))],
  ])();
}

/** One random mutation of `text`; `tokens` are the language's words, `donors` other texts to splice from. */
export function mutateOnce(rng: Rng, text: string, tokens: readonly string[], donors: readonly string[]): string {
  const n = text.length;
  const at = () => rng.int(n + 1);
  const span = () => {
    const a = at();
    return [a, Math.min(n, a + rng.small(64))] as const;
  };
  switch (rng.int(10)) {
    case 0: {
      // Flip bits of one code unit.
      if (n === 0) return randomChar(rng);
      const i = rng.int(n);
      return text.slice(0, i) + String.fromCharCode(text.charCodeAt(i) ^ (1 << rng.int(8))) + text.slice(i + 1);
    }
    case 1: {
      const i = at();
      return text.slice(0, i) + randomChar(rng) + text.slice(i);
    }
    case 2: {
      const [a, b] = span();
      return text.slice(0, a) + text.slice(b);
    }
    case 3: {
      const [a, b] = span();
      const piece = text.slice(a, b);
      return text.slice(0, b) + piece.repeat(rng.range(1, rng.chance(0.05) ? 200 : 3)) + text.slice(b);
    }
    case 4: {
      const i = at();
      return text.slice(0, i) + rng.pick(tokens) + text.slice(i);
    }
    case 5: {
      // Splice: a piece of another document in place of a piece of this one.
      const donor = rng.pick(donors);
      const d = rng.int(donor.length + 1);
      const piece = donor.slice(d, d + rng.small(200));
      const [a, b] = span();
      return text.slice(0, a) + piece + text.slice(b);
    }
    case 6: {
      // Swap, drop or duplicate a line.
      const lines = text.split('\n');
      const i = rng.int(lines.length);
      const j = rng.int(lines.length);
      const op = rng.int(3);
      if (op === 0) [lines[i], lines[j]] = [lines[j]!, lines[i]!];
      else if (op === 1) lines.splice(i, 1);
      else lines.splice(i, 0, lines[j]!);
      return lines.join('\n');
    }
    case 7: {
      // Replace one character with an interesting one.
      if (n === 0) return rng.pick(INTERESTING);
      const i = rng.int(n);
      return text.slice(0, i) + rng.pick(INTERESTING) + text.slice(i + 1);
    }
    case 8: {
      // Truncate.
      return text.slice(0, at());
    }
    default: {
      // A digit run made long: numbers the text cannot represent.
      const m = [...text.matchAll(/\d+/g)];
      if (m.length === 0) return text + '9'.repeat(rng.range(1, 400));
      const hit = rng.pick(m);
      const i = hit.index! + rng.int(hit[0].length + 1);
      return text.slice(0, i) + '9'.repeat(rng.range(1, 400)) + text.slice(i);
    }
  }
}

/** 1 to `max` mutations in a row. */
export function mutate(rng: Rng, text: string, tokens: readonly string[], donors: readonly string[], max = 8): string {
  let out = text;
  const count = rng.range(1, max);
  for (let i = 0; i < count; i++) out = mutateOnce(rng, out, tokens, donors);
  return out;
}

/** Random code units, or random printable ASCII with line breaks. */
export function randomText(rng: Rng, maxLength = 400): string {
  const length = rng.small(maxLength);
  let s = '';
  const printable = rng.chance(0.5);
  for (let i = 0; i < length; i++) s += printable ? (rng.chance(0.05) ? '\n' : String.fromCharCode(rng.range(0x20, 0x7e))) : randomChar(rng);
  return s;
}

/** The language's tokens joined with random separators. */
export function tokenSoup(rng: Rng, tokens: readonly string[], maxTokens = 80): string {
  const count = rng.small(maxTokens);
  let s = '';
  for (let i = 0; i < count; i++)
    s +=
      rng.pick(tokens) +
      rng.weighted([
        [6, ''],
        [4, ' '],
        [2, '\n'],
        [1, '\t'],
      ] as const);
  return s;
}
