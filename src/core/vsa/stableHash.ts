/**
 * A string hash that is the same on every run, machine and engine: FNV-1a over the
 * string's UTF-16 code units (two bytes each), finished with an avalanche mix so that
 * nearby strings ("b1", "b2") land far apart. Only integer arithmetic, so no platform
 * can round differently.
 */

/** FNV-1a's 32-bit offset basis; other bases give independent hash functions. */
export const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** The 32-bit FNV-1a hash of `text`, starting from `basis`, avalanche-mixed; unsigned. */
export function fnv1a32(text: string, basis: number = FNV_OFFSET_BASIS): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    h = Math.imul(h ^ (unit & 0xff), FNV_PRIME);
    h = Math.imul(h ^ (unit >>> 8), FNV_PRIME);
  }
  return mix32(h);
}

/** A bijective finaliser (murmur3's fmix32): every input bit affects every output bit. */
export function mix32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Two independent 32-bit hashes of `text` (different offset bases): 64 bits of key, so
 * two features of a 100k-belief document practically never share a random vector.
 */
export function hashPair(text: string): readonly [number, number] {
  return [fnv1a32(text), fnv1a32(text, 0x050c5d1f)];
}

/** A hex digest of a text, 16 characters (both hashes), for change detection keys. */
export function textKey(text: string): string {
  const [a, b] = hashPair(text);
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}
