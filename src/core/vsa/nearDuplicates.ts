/**
 * Near-duplicate items: for each item, the earlier item (in document order) it is most
 * like, when both of these hold:
 *  - the vectors say so: HRR cosine ≥ 0.9, or HDC 1 − Hamming/D ≥ 0.856 (the same
 *    correlation seen through sign bits: 1/2 + asin(0.9)/π);
 *  - the words say so: the cosine of the two sets of distinct features (words and
 *    neighbouring pairs) is ≥ 0.8. An HRR cosine of 0.9 already needs about that much
 *    shared (its cosine is the weighted feature cosine give or take 1/√D); the gate keeps
 *    HDC's majority vote over a handful of features from pairing "index" with
 *    "index index cache" (0.875), and it makes the search below exact and fast.
 * Texts that differ only in case, punctuation, spacing, function words or plural
 * endings encode identically (score 1); one content word changed in ten falls below
 * (about 0.84 for HRR), and so does the same words in another order.
 *
 * Two ways to find them, with the same answer:
 *  - findNearDuplicates, from scratch: comparing all pairs is quadratic, so candidates
 *    come from prefix filtering — two sets with cosine ≥ 0.8 share a feature among the
 *    rarest |x| − ⌈0.64·|x|⌉ + 1 features of each — and only candidates that pass the
 *    gate are scored with the vectors.
 *  - refreshNearDuplicates, after an edit: one full scan per changed item (and per item
 *    that had paired with a changed one), instead of starting over.
 */
import type { SimilarityIndex, SimilarityItem } from './similarityIndex.ts';
import type { SimilarityStrategy } from './strategy.ts';
import { featureKey, textFeatures } from './textFeatures.ts';

export interface NearDuplicatePair {
  /** The item kept: it comes first in the document. */
  readonly earlier: string;
  /** The item that repeats it. */
  readonly later: string;
  readonly score: number;
}

export const NEAR_DUPLICATE_THRESHOLD: Readonly<Record<SimilarityStrategy, number>> = { hrr: 0.9, hdc: 0.856 };

/** The lexical gate: the cosine of the distinct-feature sets must reach this. */
export const LEXICAL_COSINE = 0.8;

/** The distinct features of a text, as strings. */
export function featureSet(text: string): Set<string> {
  return new Set(textFeatures(text).map(featureKey));
}

/** |a ∩ b| / √(|a|·|b|); 0 when either is empty. */
export function setCosine(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const f of a.size <= b.size ? a : b) if ((a.size <= b.size ? b : a).has(f)) shared++;
  return shared / Math.sqrt(a.size * b.size);
}

/** All near-duplicate pairs of `items` (in document order, all held by `index`), by later item's position. */
export function findNearDuplicates(index: SimilarityIndex, items: readonly SimilarityItem[], threshold = NEAR_DUPLICATE_THRESHOLD[index.strategy]): NearDuplicatePair[] {
  // Features as numbers, each item's distinct ones sorted rarest first (then by number):
  // the prefix order, and sorted arrays make the gate a merge.
  const numberOf = new Map<string, number>();
  const frequency: number[] = [];
  const raw = items.map((item) => {
    const ids = new Set<number>();
    for (const f of textFeatures(item.text)) {
      const key = featureKey(f);
      let n = numberOf.get(key);
      if (n === undefined) {
        numberOf.set(key, (n = frequency.length));
        frequency.push(0);
      }
      ids.add(n);
    }
    for (const n of ids) frequency[n]!++;
    return [...ids];
  });
  const rarestFirst = (a: number, b: number) => frequency[a]! - frequency[b]! || a - b;
  const sets = raw.map((ids) => Int32Array.from(ids.sort(rarestFirst)));
  const t2 = LEXICAL_COSINE * LEXICAL_COSINE;
  const postings = new Map<number, number[]>();
  const pairs: NearDuplicatePair[] = [];
  const seen = new Int32Array(items.length).fill(-1);
  for (let x = 0; x < items.length; x++) {
    const set = sets[x]!;
    if (set.length === 0) continue;
    const prefix = set.length - Math.ceil(t2 * set.length) + 1;
    let best: { earlier: number; score: number } | null = null;
    for (let i = 0; i < prefix; i++) {
      const list = postings.get(set[i]!);
      if (!list) continue;
      for (const y of list) {
        if (seen[y] === x) continue;
        seen[y] = x;
        // Size filter: cosine ≥ t needs t²|x| ≤ |y| ≤ |x|/t².
        const other = sets[y]!;
        if (other.length < t2 * set.length || other.length * t2 > set.length) continue;
        if (sortedCosine(set, other, rarestFirst) < LEXICAL_COSINE) continue;
        const score = index.score(items[y]!.id, items[x]!.id) ?? 0;
        if (score >= threshold && (best === null || score > best.score || (score === best.score && y < best.earlier))) best = { earlier: y, score };
      }
    }
    if (best) pairs.push({ earlier: items[best.earlier]!.id, later: items[x]!.id, score: best.score });
    for (let i = 0; i < prefix; i++) {
      const f = set[i]!;
      const list = postings.get(f);
      if (list) list.push(x);
      else postings.set(f, [x]);
    }
  }
  return pairs;
}

/** The cosine of two sets given as arrays sorted by `order`: a merge. */
function sortedCosine(a: Int32Array, b: Int32Array, order: (p: number, q: number) => number): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const c = order(a[i]!, b[j]!);
    if (c === 0) {
      shared++;
      i++;
      j++;
    } else if (c < 0) i++;
    else j++;
  }
  return shared / Math.sqrt(a.length * b.length);
}

/**
 * The pairs after an edit, from the pairs before it. `changed`: ids whose text changed
 * or that are new; `removed`: ids gone. Requires that the other items kept their
 * relative order (else call findNearDuplicates). Cost: one scan of the index per
 * changed item and per item whose earlier partner changed or went.
 */
export function refreshNearDuplicates(
  index: SimilarityIndex,
  items: readonly SimilarityItem[],
  previous: readonly NearDuplicatePair[],
  changed: ReadonlySet<string>,
  removed: ReadonlySet<string>,
  threshold = NEAR_DUPLICATE_THRESHOLD[index.strategy],
): NearDuplicatePair[] {
  const position = new Map<string, number>();
  items.forEach((item, i) => position.set(item.id, i));
  const byLater = new Map<string, NearDuplicatePair>();
  const rescan = new Set<string>(changed);
  for (const p of previous) {
    if (changed.has(p.later) || removed.has(p.later) || !position.has(p.later)) continue;
    if (changed.has(p.earlier) || removed.has(p.earlier) || !position.has(p.earlier)) rescan.add(p.later);
    else byLater.set(p.later, p);
  }
  const ids = index.ids();
  const textOf = new Map(items.map((item) => [item.id, item.text]));
  const setsByText = new Map<string, Set<string>>();
  const setOf = (id: string) => {
    const text = textOf.get(id) ?? '';
    let set = setsByText.get(text);
    if (!set) setsByText.set(text, (set = featureSet(text)));
    return set;
  };
  for (const id of rescan) {
    const at = position.get(id);
    if (at === undefined) continue;
    byLater.delete(id);
    const scores = index.scoresFor({ id });
    if (!scores) continue;
    let best: { earlier: string; at: number; score: number } | null = null;
    for (let r = 0; r < ids.length; r++) {
      const other = ids[r]!;
      const s = scores[r]!;
      if (other === id || s < threshold) continue;
      const otherAt = position.get(other);
      if (otherAt === undefined || setCosine(setOf(id), setOf(other)) < LEXICAL_COSINE) continue;
      if (otherAt < at) {
        if (best === null || s > best.score || (s === best.score && otherAt < best.at)) best = { earlier: other, at: otherAt, score: s };
      } else if (changed.has(id)) {
        // A changed item may now be the best earlier partner of a later one.
        const current = byLater.get(other);
        const currentAt = current ? position.get(current.earlier)! : Infinity;
        if (!current || s > current.score || (s === current.score && at < currentAt)) byLater.set(other, { earlier: id, later: other, score: s });
      }
    }
    if (best) byLater.set(id, { earlier: best.earlier, later: id, score: best.score });
  }
  return [...byLater.values()].sort((a, b) => position.get(a.later)! - position.get(b.later)!);
}
