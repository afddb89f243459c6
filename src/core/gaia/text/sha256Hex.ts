/**
 * SHA-256 (FIPS 180-4) of a string's UTF-8 bytes, as lowercase hex — Python's
 * `sha256(s.encode()).hexdigest()`. Written out here rather than taken from a library:
 * every Gaia id is one of these, and the whole-graph `ir_hash` hashes a few hundred
 * kilobytes per edit, so it works on 32-bit integers straight from the string. Short
 * texts (ids, content hashes) repeat from one edit to the next and are remembered.
 */
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const W = new Int32Array(64);

/** UTF-8 bytes of `text` followed by SHA-256 padding (lone surrogates become U+FFFD). */
function paddedUtf8(text: string): Uint8Array {
  let out = new Uint8Array(text.length * 3 + 72);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) out[n++] = c;
    else if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 63);
    } else {
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
          out[n++] = 0xf0 | (c >> 18);
          out[n++] = 0x80 | ((c >> 12) & 63);
          out[n++] = 0x80 | ((c >> 6) & 63);
          out[n++] = 0x80 | (c & 63);
          continue;
        }
      }
      if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      out[n++] = 0xe0 | (c >> 12);
      out[n++] = 0x80 | ((c >> 6) & 63);
      out[n++] = 0x80 | (c & 63);
    }
  }
  const total = ((n + 9 + 63) >> 6) << 6;
  if (out.length < total) {
    const bigger = new Uint8Array(total);
    bigger.set(out.subarray(0, n));
    out = bigger;
  }
  out.fill(0, n, total);
  out[n] = 0x80;
  const bits = n * 8;
  out[total - 5] = Math.floor(bits / 2 ** 32) & 0xff;
  out[total - 4] = (bits >>> 24) & 0xff;
  out[total - 3] = (bits >>> 16) & 0xff;
  out[total - 2] = (bits >>> 8) & 0xff;
  out[total - 1] = bits & 0xff;
  return out.subarray(0, total);
}

function digest(m: Uint8Array): string {
  let h0 = 0x6a09e667,
    h1 = 0xbb67ae85 | 0,
    h2 = 0x3c6ef372,
    h3 = 0xa54ff53a | 0;
  let h4 = 0x510e527f,
    h5 = 0x9b05688c | 0,
    h6 = 0x1f83d9ab,
    h7 = 0x5be0cd19;
  for (let off = 0; off < m.length; off += 64) {
    for (let i = 0; i < 16; i++) {
      const j = off + i * 4;
      W[i] = (m[j]! << 24) | (m[j + 1]! << 16) | (m[j + 2]! << 8) | m[j + 3]!;
    }
    for (let i = 16; i < 64; i++) {
      const x = W[i - 15]!;
      const y = W[i - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
    }
    let a = h0,
      b = h1,
      c = h2,
      d = h3,
      e = h4,
      f = h5,
      g = h6,
      h = h7;
    for (let i = 0; i < 64; i++) {
      const t1 = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
      const t2 = ((((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  let hex = '';
  for (const x of [h0, h1, h2, h3, h4, h5, h6, h7]) hex += (x >>> 0).toString(16).padStart(8, '0');
  return hex;
}

const MEMO_LIMIT = 50_000;
const MEMO_MAX_LENGTH = 4096;
let memo = new Map<string, string>();

/** SHA-256 of a string's UTF-8 bytes as lowercase hex, from the platform where one is given. */
export type Sha256Backend = (text: string) => string;

let backend: Sha256Backend = (text) => digest(paddedUtf8(text));

/**
 * Hands hashing to the platform's own SHA-256 (the command line gives Node's, which is
 * native and needs no warming up in a process that lives a tenth of a second). Same
 * bytes in, same hex out: test/core/gaiaSha256.test.ts holds the two to each other.
 */
export function useSha256Backend(next: Sha256Backend | null): void {
  backend = next ?? ((text) => digest(paddedUtf8(text)));
  memo = new Map();
}

/** The SHA-256 written out here, whatever backend is in use (for the tests that compare them). */
export function sha256HexBuiltIn(text: string): string {
  return digest(paddedUtf8(text));
}

export function sha256Hex(text: string): string {
  if (text.length > MEMO_MAX_LENGTH) return backend(text);
  let hex = memo.get(text);
  if (hex === undefined) {
    hex = backend(text);
    if (memo.size >= MEMO_LIMIT) memo = new Map();
    memo.set(text, hex);
  }
  return hex;
}
