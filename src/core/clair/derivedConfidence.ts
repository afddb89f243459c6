/**
 * Derived confidence under the confidence algebra (contract §1.2): a root's derived
 * value is its stated confidence; a justified belief's is the product of its
 * justifiers' effective values; effective = min(stated, derived).
 */
import { uniqueJustifications } from './ast.ts';
import { conservative, derive } from './confidenceAlgebra.ts';
import type { ClairSymbols } from './symbols.ts';

export interface DerivedConfidence {
  readonly id: string;
  readonly stated: number;
  /** `null` when a justifier is undefined, broken, or on a cycle, or the product is not a number. */
  readonly derived: number | null;
  readonly effective: number | null;
}

/** Values for every belief that counts (first definitions that parsed), in document order. */
export function deriveConfidences(symbols: ClairSymbols): DerivedConfidence[] {
  const { beliefs, primary } = symbols;
  const effective = new Map<string, number | null>();
  const derived = new Map<string, number | null>();
  const IN_PROGRESS = 'in-progress';
  const state = new Map<string, typeof IN_PROGRESS | 'done'>();

  // Iterative post-order walk, so deep chains do not overflow the stack.
  for (const root of primary) {
    if (state.has(root.id.value)) continue;
    const stack: string[] = [root.id.value];
    while (stack.length > 0) {
      const id = stack[stack.length - 1]!;
      const b = beliefs.get(id)!;
      if (state.get(id) === 'done') {
        stack.pop();
        continue;
      }
      const justifiers = uniqueJustifications(b);
      if (state.get(id) !== IN_PROGRESS) {
        state.set(id, IN_PROGRESS);
        for (const j of justifiers) {
          if (beliefs.has(j.value) && !state.has(j.value)) stack.push(j.value);
        }
        continue;
      }
      stack.pop();
      let value: number | null = justifiers.length === 0 ? b.confidence.value : 1;
      for (const j of justifiers) {
        const e = state.get(j.value) === 'done' ? effective.get(j.value) : null;
        if (e === null || e === undefined || value === null) {
          value = null;
          break;
        }
        value = derive(value, e);
      }
      // ∞ × 0 (an out-of-range confidence written with hundreds of digits) has no value.
      if (value !== null && Number.isNaN(value)) value = null;
      derived.set(id, value);
      effective.set(id, value === null ? null : conservative(b.confidence.value, value));
      state.set(id, 'done');
    }
  }
  return primary.map((b) => ({
    id: b.id.value,
    stated: b.confidence.value,
    derived: derived.get(b.id.value) ?? null,
    effective: effective.get(b.id.value) ?? null,
  }));
}
