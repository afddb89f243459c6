/**
 * Which pass each deriver runs in (§4.2, §7.2): one that reads only evidence is layer 0
 * and runs from the first pass; one that reads claim types runs one layer above every
 * deriver that emits them, so it sees their claims. A cycle — derivers that read each
 * other's types — has no order and is refused; so is a stack deeper than the pass bound.
 */
import type { Deriver } from './deriver.ts';
import { ANY_CLAIM } from './deriver.ts';

export const MAX_DERIVATION_DEPTH = 8;

/** `cycle`: the derivers of a circle, by their place in the list (the first again at the end). */
export type Layering = { readonly ok: true; readonly layers: readonly number[] } | { readonly ok: false; readonly message: string; readonly cycle?: readonly number[] };

const nameOf = (d: Deriver, i: number) => `${d.id.name}#${i + 1} (${d.emits.join(', ')})`;

export function layersOf(derivers: readonly Deriver[]): Layering {
  const emitters = new Map<string, number[]>();
  derivers.forEach((d, i) => {
    for (const t of d.emits) emitters.set(t, [...(emitters.get(t) ?? []), i]);
  });
  const layers = new Array<number>(derivers.length).fill(-1);
  const visiting = new Set<number>();
  let cycle: number[] | null = null;
  const layer = (i: number, path: number[]): number => {
    if (layers[i]! >= 0) return layers[i]!;
    if (visiting.has(i)) {
      cycle ??= [...path.slice(path.indexOf(i)), i];
      return 0;
    }
    visiting.add(i);
    let l = 0;
    for (const t of derivers[i]!.reads) {
      // A type nobody here emits comes from the log as it is (another device's deriver): one layer up.
      l = Math.max(l, 1);
      // Reading any claim: above every deriver that reads named types (or nothing), itself aside.
      const from = t === ANY_CLAIM ? derivers.flatMap((d, j) => (j !== i && !d.reads.includes(ANY_CLAIM) ? [j] : [])) : (emitters.get(t) ?? []);
      for (const j of from) l = Math.max(l, layer(j, [...path, i]) + 1);
    }
    visiting.delete(i);
    layers[i] = l;
    return l;
  };
  derivers.forEach((_, i) => layer(i, []));
  // Set inside `layer` (which the compiler does not follow).
  const circle = cycle as number[] | null;
  if (circle) return { ok: false, message: `derivers read each other's claims in a circle: ${circle.map((j) => nameOf(derivers[j]!, j)).join(' → ')}`, cycle: circle };
  const deepest = Math.max(0, ...layers);
  if (deepest >= MAX_DERIVATION_DEPTH) return { ok: false, message: `derivers are layered ${deepest + 1} deep; at most ${MAX_DERIVATION_DEPTH} passes run` };
  return { ok: true, layers };
}
