/**
 * Warms ELK up: its first layouts in a fresh thread are several times slower than
 * later ones (start-up, then the JavaScript engine compiling ELK's hot paths). The
 * layout worker runs this right after it starts, while the page is still loading, on
 * a made-up graph shaped like a reasoning trace. It stops between rounds as soon as
 * `stop()` says real work has arrived, so it never holds up a real layout for long.
 */
import type { LayoutEdge, LayoutInput } from '../core/layout/layoutTypes.ts';
import { NODE_HEIGHT, NODE_WIDTH } from '../core/layout/layoutTypes.ts';
import { layoutComponentsWithElk } from './layoutComponentsWithElk.ts';

/**
 * Measured in fresh Node worker threads (1000-belief first layout): no warm-up ~2.4 s,
 * 4 rounds ~1.2 s, 8 rounds ~0.7 s, 16 rounds ~0.6 s, on a busy 2-core machine where
 * a warm layout took ~0.4 s. Ten rounds, capped by a time budget for slow machines.
 */
export const WARM_UP_ROUNDS = 10;

/** Runs up to `rounds` rounds; returns how many it ran before `stop()` or the budget ended it. */
export async function warmUpElk(stop: () => boolean = () => false, rounds = WARM_UP_ROUNDS, budgetMs = 4000, size = 120): Promise<number> {
  const graph = warmUpGraph(size);
  const started = performance.now();
  let i = 0;
  for (; i < rounds && !stop() && performance.now() - started < budgetMs; i++) {
    await layoutComponentsWithElk([graph]);
  }
  return i;
}

/** A deterministic DAG where each node rests on one to three of the dozen before it. */
function warmUpGraph(size: number): LayoutInput {
  let seed = 12345;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  const nodes = Array.from({ length: size }, (_, i) => ({ id: `w${i}`, width: NODE_WIDTH, height: NODE_HEIGHT }));
  const edges: LayoutEdge[] = [];
  for (let i = 3; i < size; i++) {
    const count = 1 + Math.floor(random() * 3);
    for (let k = 0; k < count; k++) {
      const j = Math.max(0, i - 1 - Math.floor(random() * 12));
      edges.push({ from: `w${j}`, to: `w${i}` });
    }
  }
  return { nodes, edges };
}
