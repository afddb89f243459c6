/**
 * CLAIR contradictions the text itself states: a belief and its explicit negation
 * ("the cache is warm" / "the cache is not warm", "X" / "X is false"). A CLAIR trace has
 * no contradiction verb, so this is the only way two of its beliefs are set against each
 * other without a user's correction.
 *
 * The rule is deliberately narrow — a false alarm tells the reader a sound belief is in
 * doubt, which is worse than a miss:
 *  1. Each belief's content is read as the similarity module reads it (vsa/textFeatures
 *     `textWords`: case and accents folded, plurals stemmed, function words dropped,
 *     negations kept), after spelling contractions out (`isn't` → `is not`, `can't` →
 *     `can not`, `won't` → `will not`).
 *  2. Its negators — `not`, `no`, `never`, `false`, `untrue` — are counted and removed,
 *     and so is `true` ("X is true" says X). What is left is its *base*.
 *  3. Two beliefs contradict when their bases are the same non-empty word sequence (so
 *     the same claim up to case, punctuation, plurals and function words: a near
 *     duplicate) and one has an odd number of negators, the other an even number.
 * Nothing else: paraphrases, antonyms ("up"/"down") and quantifier changes are missed on
 * purpose. Every group of beliefs sharing a base, with both polarities present, is one
 * contradiction whose endpoints are all of them in document order; its id is
 * `negation:` + the first affirming id + `:` + the first denying id. Broken lines and
 * other languages take no part. Linear in the document (grouped by base, never paired).
 */
import { languageRow } from '../languages/languageTable.ts';
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import { BoundedCache } from '../vsa/boundedCache.ts';
import { stemPlural, textWords } from '../vsa/textFeatures.ts';

/** A word as textWords gives it back (its plural stemming turns `false` into `fals`). */
const asRead = (words: readonly string[]): ReadonlySet<string> => new Set(words.map(stemPlural));

/** Words that deny what they qualify; the answer audit reads polarity with the same ones. */
export const NEGATORS: ReadonlySet<string> = asRead(['not', 'no', 'never', 'false', 'untrue']);
/** Words that say nothing about polarity ("X is true" says X). */
export const NEUTRAL: ReadonlySet<string> = asRead(['true']);

/** Contractions spelled out so their negation is a word: `isn't` → `is not`, `can't` → `can not`, `won't` → `will not`. */
export function spellNegations(text: string): string {
  return text
    .replace(/\bcan['’]t\b/gi, 'can not')
    .replace(/\bwon['’]t\b/gi, 'will not')
    .replace(/\bcannot\b/gi, 'can not')
    .replace(/n['’]t\b/gi, ' not');
}

/** One contradiction the text states. */
export interface NegationPair {
  readonly id: string;
  readonly endpoints: readonly string[];
}

/** The base of a text and whether it denies it (odd negator count); null when no base is left. */
export function polarityOf(text: string): { readonly base: string; readonly denies: boolean } | null {
  let negators = 0;
  const base: string[] = [];
  for (const w of textWords(spellNegations(text))) {
    if (NEGATORS.has(w)) negators++;
    else if (!NEUTRAL.has(w)) base.push(w);
  }
  return base.length === 0 ? null : { base: base.join(' '), denies: negators % 2 === 1 };
}

/**
 * Each content read once: the ledger is rebuilt for every version of the document, and an
 * edit changes one line (a 100k-belief trace: about 1 s to read whole, 30 ms from here).
 */
const polarityCache = new BoundedCache<ReturnType<typeof polarityOf>>(250_000);

export function negationContradictions(graph: ReasoningGraph): NegationPair[] {
  if (!languageRow(graph.language).statedBeliefs) return [];
  // First pass: which polarities each base has (1 affirmed, 2 denied), one number per base;
  // only a base with both is gathered, so a trace with no negation allocates no groups.
  const read: (ReturnType<typeof polarityOf> | undefined)[] = [];
  const polarities = new Map<string, number>();
  for (const n of graph.nodes) {
    const p = n.kind === 'belief' && !n.broken ? polarityCache.getOrMake(n.content, polarityOf) : undefined;
    read.push(p);
    if (p) polarities.set(p.base, (polarities.get(p.base) ?? 0) | (p.denies ? 2 : 1));
  }
  const groups = new Map<string, { affirm: string | null; deny: string | null; all: string[] }>();
  graph.nodes.forEach((n, i) => {
    const p = read[i];
    if (!p || polarities.get(p.base) !== 3) return;
    let g = groups.get(p.base);
    if (!g) groups.set(p.base, (g = { affirm: null, deny: null, all: [] }));
    if (p.denies) g.deny ??= n.id;
    else g.affirm ??= n.id;
    g.all.push(n.id);
  });
  return [...groups.values()].map((g) => ({ id: `negation:${g.affirm}:${g.deny}`, endpoints: g.all }));
}
