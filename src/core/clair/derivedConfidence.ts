/**
 * Derived confidence under the confidence algebra (docs/contract.md §1.2): a root's derived
 * value is its stated confidence; a justified belief's is the product of its
 * justifiers' effective values; effective = min(stated, derived).
 */
import { conservative, derive } from './confidenceAlgebra.ts';
import type { ClairSymbols } from './symbols.ts';

export interface DerivedConfidence {
  readonly id: string;
  readonly stated: number;
  /** `null` when a justifier is undefined, broken, or on a cycle, or the product is not a finite number. */
  readonly derived: number | null;
  readonly effective: number | null;
}

/** Values for every belief that counts (first definitions that parsed), in document order. */
export function deriveConfidences(symbols: ClairSymbols): DerivedConfidence[] {
  const { primary } = symbols;
  const { offsets, targets, complete } = symbols.justifiers;
  const n = primary.length;
  // 0 unvisited, 1 on the walk's current path, 2 done.
  const state = new Uint8Array(n);
  const known = new Uint8Array(n);
  const derived = new Float64Array(n);
  const effective = new Float64Array(n);
  // Iterative post-order walk, so deep chains do not overflow the stack. A belief can
  // be pushed once per dependent, so the stack holds at most n + edges entries.
  const stack = new Int32Array(n + targets.length + 1);
  for (let root = 0; root < n; root++) {
    if (state[root] !== 0) continue;
    let top = 0;
    stack[top++] = root;
    while (top > 0) {
      const v = stack[top - 1]!;
      if (state[v] === 2) {
        top--;
        continue;
      }
      const from = offsets[v]!;
      const to = offsets[v + 1]!;
      if (state[v] === 0) {
        state[v] = 1;
        for (let k = from; k < to; k++) if (state[targets[k]!] === 0) stack[top++] = targets[k]!;
        continue;
      }
      top--;
      state[v] = 2;
      const stated = primary[v]!.confidence.value;
      if (!complete[v]) continue;
      let value = from === to ? stated : 1;
      let ok = true;
      for (let k = from; k < to; k++) {
        const t = targets[k]!;
        // A justifier still on the path is on a cycle with this belief: no value.
        if (state[t] !== 2 || !known[t]) {
          ok = false;
          break;
        }
        value = derive(value, effective[t]!);
      }
      // Confidences are finite, but out-of-range ones (an error already) can multiply past
      // the largest double: a product a double cannot hold has no value, like a cycle.
      if (!ok || !Number.isFinite(value)) continue;
      known[v] = 1;
      derived[v] = value;
      effective[v] = conservative(stated, value);
    }
  }
  const out: DerivedConfidence[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const b = primary[i]!;
    out[i] = known[i] ? { id: b.id.value, stated: b.confidence.value, derived: derived[i]!, effective: effective[i]! } : { id: b.id.value, stated: b.confidence.value, derived: null, effective: null };
  }
  return out;
}
