/**
 * Moving a very large result from a worker to the page a slice at a time. One message of
 * tens of thousands of objects costs the page hundreds of milliseconds to read, in one
 * task; in slices, each task reads and takes in a few thousand, and the page paints in
 * between. The worker keeps the whole result and answers slices by their start.
 */

/**
 * Items per slice: read and taken in well within a frame's budget (8192 nodes of a trace
 * took the page 20–45 ms), in few enough round trips that they add little to the whole.
 */
export const SLICE_ITEMS = 8192;

/** The starts of the slices of a list of `length` items, `size` items each. */
export function sliceStarts(length: number, size: number = SLICE_ITEMS): number[] {
  const starts: number[] = [];
  for (let from = 0; from < length; from += size) starts.push(from);
  return starts;
}

/**
 * Fetches the slices `keys` names, in order, and hands each to `take` as it arrives. The
 * next slice is asked for before one is taken in, so the worker cuts one while the page
 * reads the other. False when a slice comes back null (the worker no longer has the
 * result) or `stale` says a newer request is waiting; `take` is then not called again.
 */
export async function pullSlices<K, S>(keys: readonly K[], fetch: (key: K) => Promise<S | null>, take: (slice: S, key: K) => void, stale: () => boolean = () => false): Promise<boolean> {
  let next = keys.length > 0 && !stale() ? fetch(keys[0]!) : null;
  for (let k = 0; k < keys.length; k++) {
    const slice = next ? await next : null;
    next = k + 1 < keys.length && !stale() ? fetch(keys[k + 1]!) : null;
    if (slice === null || stale()) {
      // The slice already asked for is not wanted; its failure would not be either.
      next?.catch(() => undefined);
      return false;
    }
    take(slice, keys[k]!);
  }
  return true;
}
