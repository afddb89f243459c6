/**
 * Suggests the defined id closest to a mistyped one, by edit distance (insertions,
 * deletions, substitutions and adjacent swaps). Ties go to the id defined first.
 * `exclude` (the belief being fixed) is never suggested.
 */
export function closestId(target: string, candidates: Iterable<string>, exclude?: string): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of candidates) {
    if (c === exclude) continue;
    if (Math.abs(c.length - target.length) >= bestDistance) continue;
    const d = editDistance(target, c, bestDistance);
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

/** Optimal-string-alignment distance; returns `limit` or more as soon as it is exceeded. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  const n = a.length;
  const m = b.length;
  if (n === 0) return m;
  if (m === 0) return n;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let cur = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin >= limit) return limit;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m]!;
}
