/**
 * The layout stage with memory, shared by the layout worker and the command line. It
 * keeps the previous input and positions and picks the cheapest honest answer:
 * `cached` when the structure is unchanged, `incremental` for small edits (existing
 * nodes hold still), and a full layout (`elk`, or `fast-layered` when the fallback was
 * needed) for a first layout, large changes or on request (`force`, the "Tidy layout"
 * button). Full layouts reuse per-component results, so only the components an edit
 * touched go through ELK again. Calls are queued, so each one sees the result of the
 * one before, with one exception: a call that allows a draft, made while ELK is busy
 * with a full layout, is answered at once on the picture last answered (a provisional
 * draft) rather than waiting seconds for ELK. Never rejects.
 */
import { ComponentLayoutCache } from '../core/layout/componentLayoutCache.ts';
import { countMoved } from '../core/layout/countMoved.ts';
import { layoutFastLayered } from '../core/layout/fastLayered.ts';
import type { IncrementalOptions, PreviousLayout, RememberedNode } from '../core/layout/incrementalLayout.ts';
import { updateLayout } from '../core/layout/incrementalLayout.ts';
import type { LayoutInput, LayoutResult } from '../core/layout/layoutTypes.ts';
import { normalizeLayoutInput } from '../core/layout/normalizeLayoutInput.ts';
import type { ElkOptions } from './elkOptions.ts';
import { ELK_TOTAL_LIMIT, layoutFromScratch } from './layoutFromScratch.ts';

export interface LayoutEngineOptions {
  /** When to give up on incremental placement; see updateLayout. */
  readonly incremental?: IncrementalOptions;
  /** Components larger than this skip ELK. Default ELK_NODE_LIMIT (2000). */
  readonly elkNodeLimit?: number;
  /** Components costlier than this (see layeredCost) skip ELK. Default ELK_COST_LIMIT. */
  readonly elkCostLimit?: number;
  /** Inputs with more nodes than this skip ELK altogether. Default ELK_TOTAL_LIMIT. */
  readonly elkTotalLimit?: number;
  readonly elkOptions?: ElkOptions;
  /** How many component layouts to remember. Default 1024. */
  readonly cacheCapacity?: number;
}

export interface LayoutRequestOptions {
  /** Lay out from scratch even if the previous layout could be kept or patched. */
  readonly force?: boolean;
  /**
   * When this call would lay out a large graph from scratch, answer at once with the fast
   * layered layout (`draft: true`) and keep the previous layout as it was, so the next
   * call without `draft` makes the real one: a big paste is drawn in a moment, then tidied.
   * Made while ELK is busy with a full layout, the call is answered at once too: placed on
   * the picture last answered (`draft: true`), and the call without `draft` that follows
   * waits for ELK and places the same edit on its result.
   */
  readonly draft?: boolean;
}

/** From this many nodes a layout from scratch may be answered with a draft first. */
export const DRAFT_MIN_NODES = 300;

export interface LayoutEngine {
  layout(input: LayoutInput, options?: LayoutRequestOptions): Promise<LayoutResult>;
  /** Forget the previous layout, so the next call is a first layout. */
  reset(): void;
}

/** How many departed nodes to remember. */
const MEMORY = 64;

/** Adds the nodes that just left; forgets the ones that are back, and the oldest. */
function remember(memory: readonly RememberedNode[], departed: readonly RememberedNode[], present: Readonly<Record<string, unknown>>): RememberedNode[] {
  const kept = [...memory, ...departed].filter((node) => present[node.id] === undefined);
  return kept.slice(Math.max(0, kept.length - MEMORY));
}

export function createLayoutEngine(settings: LayoutEngineOptions = {}): LayoutEngine {
  const cache = new ComponentLayoutCache(settings.cacheCapacity);
  let previous: PreviousLayout | null = null;
  // Nodes removed by recent edits, so undoing a deletion puts them back in place.
  let remembered: RememberedNode[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  /** Full layouts awaiting ELK: while there are any, a draft call does not queue. */
  let fullRunning = 0;
  /** The last layout answered, drafts included: the picture the caller has. */
  let shown: PreviousLayout | null = null;

  /** Records what the caller is given, so a later provisional draft builds on it. */
  const answer = (input: LayoutInput, result: Omit<LayoutResult, 'ms'>, started: number): LayoutResult => {
    shown = { input, positions: result.positions };
    return { ...result, ms: performance.now() - started };
  };

  /** The edit placed on `base`; null when the input is not an edit of it. */
  const patchOn = (base: PreviousLayout, input: LayoutInput) => {
    try {
      const patched = updateLayout(base, input, { ...settings.incremental, remembered });
      return patched.kind === 'full' ? null : patched;
    } catch {
      return null;
    }
  };

  /** A draft placed on the picture last answered, for a call made while ELK is busy. */
  const provisional = (input: LayoutInput, base: PreviousLayout): LayoutResult => {
    const started = performance.now();
    const patched = patchOn(base, input);
    if (patched) return answer(input, { positions: patched.positions, method: patched.kind, moved: patched.moved, draft: true }, started);
    const positions = layoutFastLayered(input);
    return answer(input, { positions, method: 'fast-layered', moved: countMoved(base.positions, positions), draft: true }, started);
  };

  const run = async (input: LayoutInput, force: boolean, draft: boolean): Promise<LayoutResult> => {
    const started = performance.now();
    const before = previous;
    let result: Omit<LayoutResult, 'ms'>;
    try {
      const patched = before && !force ? updateLayout(before, input, { ...settings.incremental, remembered }) : null;
      // Only where ELK would run: a graph too big for it gets the layered layout anyway, once.
      const elkWouldRun = input.nodes.length <= (settings.elkTotalLimit ?? ELK_TOTAL_LIMIT);
      if (draft && elkWouldRun && (!patched || patched.kind === 'full') && input.nodes.length >= DRAFT_MIN_NODES) {
        const positions = layoutFastLayered(input);
        return answer(input, { positions, method: 'fast-layered', moved: before ? countMoved(before.positions, positions) : 0, draft: true }, started);
      }
      if (patched && patched.kind !== 'full') {
        result = { positions: patched.positions, method: patched.kind, moved: patched.moved };
        if (patched.kind === 'incremental') remembered = remember(remembered, patched.departed, patched.positions);
      } else {
        remembered = [];
        fullRunning++;
        const full = await layoutFromScratch(input, {
          cache,
          elkNodeLimit: settings.elkNodeLimit,
          elkCostLimit: settings.elkCostLimit,
          elkTotalLimit: settings.elkTotalLimit,
          elkOptions: settings.elkOptions,
        }).finally(() => fullRunning--);
        result = { positions: full.positions, method: full.method, moved: before ? countMoved(before.positions, full.positions) : 0 };
      }
    } catch {
      // Nothing above should throw; if it does, still give the page a picture.
      remembered = [];
      const positions = layoutFastLayered(input);
      result = { positions, method: 'fast-layered', moved: before ? countMoved(before.positions, positions) : 0 };
    }
    previous = { input, positions: result.positions };
    return answer(input, result, started);
  };

  return {
    layout(input, options = {}) {
      const clean = normalizeLayoutInput(input);
      const force = options?.force === true;
      const draft = options?.draft === true;
      if (draft && !force && fullRunning > 0 && shown) return Promise.resolve(provisional(clean, shown));
      const next = queue.then(() => run(clean, force, draft));
      queue = next.catch(() => undefined);
      return next;
    },
    reset() {
      previous = null;
      shown = null;
      remembered = [];
    },
  };
}
