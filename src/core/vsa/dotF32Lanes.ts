/**
 * The dot product exactly as the SIMD kernel computes it, in JavaScript: single
 * precision, sixteen running sums (four accumulators of four lanes; element i goes to
 * sum i mod 16), combined as the kernel combines them. So a score is the same bits
 * whether or not the engine runs WebAssembly SIMD. `d` must be a multiple of 16.
 */
const f = Math.fround;

export function dotF32Lanes(v: Float32Array, aAt: number, bAt: number, d: number): number {
  let s0 = 0,
    s1 = 0,
    s2 = 0,
    s3 = 0,
    s4 = 0,
    s5 = 0,
    s6 = 0,
    s7 = 0;
  let s8 = 0,
    s9 = 0,
    s10 = 0,
    s11 = 0,
    s12 = 0,
    s13 = 0,
    s14 = 0,
    s15 = 0;
  for (let i = 0; i < d; i += 16) {
    const a = aAt + i;
    const b = bAt + i;
    s0 = f(s0 + f(v[a]! * v[b]!));
    s1 = f(s1 + f(v[a + 1]! * v[b + 1]!));
    s2 = f(s2 + f(v[a + 2]! * v[b + 2]!));
    s3 = f(s3 + f(v[a + 3]! * v[b + 3]!));
    s4 = f(s4 + f(v[a + 4]! * v[b + 4]!));
    s5 = f(s5 + f(v[a + 5]! * v[b + 5]!));
    s6 = f(s6 + f(v[a + 6]! * v[b + 6]!));
    s7 = f(s7 + f(v[a + 7]! * v[b + 7]!));
    s8 = f(s8 + f(v[a + 8]! * v[b + 8]!));
    s9 = f(s9 + f(v[a + 9]! * v[b + 9]!));
    s10 = f(s10 + f(v[a + 10]! * v[b + 10]!));
    s11 = f(s11 + f(v[a + 11]! * v[b + 11]!));
    s12 = f(s12 + f(v[a + 12]! * v[b + 12]!));
    s13 = f(s13 + f(v[a + 13]! * v[b + 13]!));
    s14 = f(s14 + f(v[a + 14]! * v[b + 14]!));
    s15 = f(s15 + f(v[a + 15]! * v[b + 15]!));
  }
  // The kernel: acc0 + acc1, acc2 + acc3, then their sum; lanes (0 + 1) + (2 + 3).
  const l0 = f(f(s0 + s4) + f(s8 + s12));
  const l1 = f(f(s1 + s5) + f(s9 + s13));
  const l2 = f(f(s2 + s6) + f(s10 + s14));
  const l3 = f(f(s3 + s7) + f(s11 + s15));
  return f(f(l0 + l1) + f(l2 + l3));
}
