/**
 * Places the nodes of one row, in a fixed left-to-right order, as close as possible to
 * where each would like to be (least squares) without overlapping. With each node's
 * left edge written as its packed offset plus a shift, "no overlap" becomes "shifts
 * never decrease", and the best shifts are the isotonic regression of the wishes:
 * pool-adjacent-violators, linear time.
 */

/**
 * @param widths node widths, in row order
 * @param centres the x each node's centre would like to have
 * @param gap minimum space between neighbours
 * @returns the left x of every node
 */
export function placeRow(widths: ArrayLike<number>, centres: ArrayLike<number>, gap: number): Float64Array {
  const n = widths.length;
  const packed = new Float64Array(n);
  for (let i = 1; i < n; i++) packed[i] = packed[i - 1]! + widths[i - 1]! + gap;

  // Blocks of pooled nodes: each has a start index, a count and the sum of its wishes.
  const start = new Int32Array(n);
  const count = new Int32Array(n);
  const sum = new Float64Array(n);
  let blocks = 0;
  for (let i = 0; i < n; i++) {
    const wish = centres[i]! - widths[i]! / 2 - packed[i]!;
    start[blocks] = i;
    count[blocks] = 1;
    sum[blocks] = Number.isFinite(wish) ? wish : 0;
    blocks++;
    // Merge while the block before wants to sit further right than this one.
    while (blocks > 1 && sum[blocks - 2]! / count[blocks - 2]! > sum[blocks - 1]! / count[blocks - 1]!) {
      sum[blocks - 2]! += sum[blocks - 1]!;
      count[blocks - 2]! += count[blocks - 1]!;
      blocks--;
    }
  }
  const left = new Float64Array(n);
  for (let b = 0; b < blocks; b++) {
    const shift = sum[b]! / count[b]!;
    for (let i = start[b]!; i < start[b]! + count[b]!; i++) left[i] = packed[i]! + shift;
  }
  return left;
}
