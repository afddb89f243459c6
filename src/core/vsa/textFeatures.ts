/**
 * Text → the features a belief is encoded from. Deterministic and context-free (a
 * feature depends on the text alone, never on the rest of the document), so a belief's
 * vector changes only when its own text does:
 *  - normalise: Unicode NFKD with combining marks dropped, lower case;
 *  - tokens: runs of letters and digits, a decimal number (`0.85`) kept whole;
 *  - light stemming of plurals (`indexes` → `index`, `queries` → `query`);
 *  - common function words dropped (never negations or quantifiers: `not`, `no`, `all`
 *    change what a claim says); a text of function words only keeps them all;
 *  - features: every remaining word, and every ordered pair of neighbouring words (the
 *    word order: "a slows b" and "b slows a" share their words but not their pairs).
 */

/** A word or an ordered pair of neighbouring words. */
export type Feature = { readonly kind: 'word'; readonly word: string } | { readonly kind: 'pair'; readonly first: string; readonly second: string };

/** Function words that carry little of what a belief claims. */
const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the of to in on at by for with from into onto as and or but so than then that this these those ' +
    'it its is are was were be been being am do does did has have had there their they them we our you your ' +
    'he she his her which who whom whose what also just very'
  ).split(' '),
);

const TOKEN = /\p{N}+(?:\.\p{N}+)+|[\p{L}\p{N}]+/gu;
const COMBINING_MARK = /\p{M}+/gu;
const ASCII = /^[\x00-\x7f]*$/;

/** The normalised words of a text, in order (function words dropped unless that leaves none). */
export function textWords(text: string): string[] {
  // NFKD leaves ASCII as it is: most texts skip the Unicode pass.
  const folded = ASCII.test(text) ? text : text.normalize('NFKD').replace(COMBINING_MARK, '');
  const normal = folded.toLowerCase();
  const all = normal.match(TOKEN)?.map(stemPlural) ?? [];
  const content = all.filter((w) => !FUNCTION_WORDS.has(w));
  return content.length > 0 ? content : all;
}

/** The features of a text: its words, then its ordered neighbouring pairs. */
export function textFeatures(text: string): Feature[] {
  return featuresOfWords(textWords(text));
}

export function featuresOfWords(words: readonly string[]): Feature[] {
  const features: Feature[] = words.map((word) => ({ kind: 'word', word }));
  for (let i = 0; i + 1 < words.length; i++) features.push({ kind: 'pair', first: words[i]!, second: words[i + 1]! });
  return features;
}

/**
 * Folds a word's common English inflections onto one stem: a final `ies` → `y`, then a
 * final `s` (not `ss`, `us`, `is`), then a final `e` — so `cache`/`caches`,
 * `index`/`indexes`, `match`/`matches`, `query`/`queries` meet. Deliberately small: a
 * stem only has to map the forms of a word to one feature, not be a real lemma.
 */
export function stemPlural(word: string): string {
  if (word.length <= 3 || !LETTERS.test(word)) return word;
  if (word.length > 4 && word.endsWith('ies')) return word.slice(0, -3) + 'y';
  let stem = word;
  if (stem.endsWith('s') && !(stem.endsWith('ss') || stem.endsWith('us') || stem.endsWith('is'))) stem = stem.slice(0, -1);
  if (stem.length > 3 && stem.endsWith('e')) stem = stem.slice(0, -1);
  return stem;
}

const LETTERS = /^\p{L}+$/u;

/** A feature as one string, e.g. `w cache` or `p cache slow` (words hold no spaces). */
export function featureKey(f: Feature): string {
  return f.kind === 'word' ? `w ${f.word}` : `p ${f.first} ${f.second}`;
}
