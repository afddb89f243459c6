/**
 * A full layout: split into connected components, reuse cached component layouts,
 * send the rest to ELK in one batch (components too large for ELK, or ones ELK fails
 * on, go to the pure-TypeScript fast layout), then pack. Never rejects.
 */
import type { ComponentLayout } from '../core/layout/componentLayout.ts';
import type { CachedComponent, ComponentLayoutCache } from '../core/layout/componentLayoutCache.ts';
import { connectedComponents } from '../core/layout/connectedComponents.ts';
import { layoutComponentFastLayered } from '../core/layout/fastLayered.ts';
import type { LayoutInput, LayoutMethod, Positions } from '../core/layout/layoutTypes.ts';
import { layeredCost } from '../core/layout/layeredCost.ts';
import { layoutInputKey } from '../core/layout/layoutInputKey.ts';
import { normalizeLayoutInput } from '../core/layout/normalizeLayoutInput.ts';
import { packComponents } from '../core/layout/packComponents.ts';
import { layoutComponentsWithElk } from './layoutComponentsWithElk.ts';
import type { ElkOptions } from './elkOptions.ts';
import { ELK_TUNED_OPTIONS } from './elkOptions.ts';

/** Components with more nodes than this skip ELK (slow, and it can overflow its stack). */
export const ELK_NODE_LIMIT = 2000;
/**
 * Components whose layeredCost (nodes plus long-edge dummies) exceeds this skip ELK
 * too: a 2000-node random DAG (~5700) took ~3 s, a 586-node trace component (~1450)
 * 0.6 s, on the machine the benchmark ran on.
 */
export const ELK_COST_LIMIT = 5000;
/**
 * Inputs with more nodes than this are laid out by the fast layout throughout: the
 * 10k-belief trace took ~3 s warm (~6.6 s cold) in ELK, 100k ~39 s, while React Flow is
 * comfortable with about 1000 nodes anyway. The fast layout does 10k in ~30 ms.
 */
export const ELK_TOTAL_LIMIT = 5000;

/**
 * A component laid out by the layered layout past this many nodes is not cached: its key
 * is megabytes of text built on every layout (and kept), to save a layout of a fraction of
 * a second that only the same graph pasted again would hit — edits of it are placed
 * incrementally (incrementalLayout.ts), not looked up.
 */
export const UNCACHED_FROM = 20_000;

export interface FullLayoutOptions {
  readonly cache?: ComponentLayoutCache;
  readonly elkNodeLimit?: number;
  readonly elkCostLimit?: number;
  readonly elkTotalLimit?: number;
  readonly elkOptions?: ElkOptions;
}

export interface FullLayout {
  readonly positions: Positions;
  /** `fast-layered` when any component needed the fallback, else `elk`. */
  readonly method: Extract<LayoutMethod, 'elk' | 'fast-layered'>;
  readonly components: number;
  /** Components taken from the cache rather than laid out. */
  readonly cachedComponents: number;
  readonly fallbackComponents: number;
}

export async function layoutFromScratch(input: LayoutInput, options: FullLayoutOptions = {}): Promise<FullLayout> {
  const limit = options.elkNodeLimit ?? ELK_NODE_LIMIT;
  const costLimit = options.elkCostLimit ?? ELK_COST_LIMIT;
  const totalLimit = options.elkTotalLimit ?? ELK_TOTAL_LIMIT;
  const elkOptions = options.elkOptions ?? ELK_TUNED_OPTIONS;
  const clean = normalizeLayoutInput(input);
  const components = connectedComponents(clean);
  const wholeTooBig = clean.nodes.length > totalLimit;
  // The same component laid out another way, or with other settings, is another entry.
  const settingsKey = `${JSON.stringify(elkOptions)}\u0002`;
  const done: (CachedComponent | undefined)[] = [];
  const keys: (string | null)[] = [];
  const forElk: number[] = [];
  let cachedComponents = 0;
  components.forEach((component, i) => {
    const useElk = !wholeTooBig && component.nodes.length <= limit && layeredCost(component) <= costLimit;
    const key = useElk || component.nodes.length <= UNCACHED_FROM ? `${useElk ? 'elk' : 'fast'}\u0002${useElk ? settingsKey : ''}${layoutInputKey(component)}` : null;
    keys.push(key);
    const cached = key === null ? undefined : options.cache?.get(key);
    if (cached) {
      cachedComponents++;
      done.push(cached);
    } else if (!useElk) {
      done.push({ layout: layoutComponentFastLayered(component), method: 'fast-layered' });
    } else {
      done.push(undefined);
      forElk.push(i);
    }
  });

  const fromElk = await layoutComponentsWithElk(
    forElk.map((i) => components[i]!),
    elkOptions,
  );
  forElk.forEach((i, k) => {
    const layout = fromElk[k];
    done[i] = layout ? { layout, method: 'elk' } : { layout: layoutComponentFastLayered(components[i]!), method: 'fast-layered' };
  });

  const layouts: ComponentLayout[] = [];
  let fallbackComponents = 0;
  done.forEach((entry, i) => {
    const settled = entry ?? { layout: layoutComponentFastLayered(components[i]!), method: 'fast-layered' as const };
    if (settled.method === 'fast-layered') fallbackComponents++;
    const key = keys[i];
    if (key) options.cache?.set(key, settled);
    layouts.push(settled.layout);
  });
  return {
    positions: packComponents(layouts),
    method: fallbackComponents > 0 ? 'fast-layered' : 'elk',
    components: components.length,
    cachedComponents,
    fallbackComponents,
  };
}
