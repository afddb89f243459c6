/**
 * The log-likelihoods of noisy observations, remembered by their exact inputs. Each one
 * is a numerical integral (or a sum over a count's support) of correctly rounded exp and
 * log, most of a bayes package's compile time; a keystroke changes at most the few whose
 * model or observation it touches, so the next analysis in the same worker reads the
 * others from here. A key holds every input exactly (each number's shortest round-trip
 * text, −0 apart from 0), so what it gives is what computing again would give.
 */

/** Enough for every comparison of a large package, with room for the versions being typed. */
const LIMIT = 4096;
const remembered = new Map<string, number>();

/** A number as a key part: exact, and −0 distinct from 0. */
export function numberKey(x: number): string {
  return Object.is(x, -0) ? '-0' : String(x);
}

/** The value remembered for `key`, else `compute()`'s, remembered (the least recently used goes first). */
export function rememberedLikelihood(key: string, compute: () => number): number {
  const hit = remembered.get(key);
  if (hit !== undefined) {
    remembered.delete(key);
    remembered.set(key, hit);
    return hit;
  }
  const value = compute();
  remembered.set(key, value);
  if (remembered.size > LIMIT) remembered.delete(remembered.keys().next().value!);
  return value;
}
