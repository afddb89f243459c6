/**
 * ELK layered options. Measured on the 1000-belief generated trace (88 components),
 * components laid out in one call, median of 5 warm runs on a busy 2-core machine:
 * whole graph with defaults 553 ms; per component with defaults 547 ms;
 * + thoroughness 1 341 ms; + SIMPLE placement 319 ms; all of the below 314 ms.
 * - thoroughness 1 (default 7): far fewer crossing-minimisation restarts; the biggest
 *   win, and crossings barely change on these sparse graphs;
 * - SIMPLE node placement: as fast as Brandes-Köpf here (307 ms) but it centres each
 *   layer, which reads better with the straight edges the page draws than BK's wide,
 *   slanted layouts. NETWORK_SIMPLEX placement took 704 ms;
 * - no extra space between layers for orthogonal edge routes (we never draw ELK's
 *   routes), so rows sit at one fixed pitch, which incremental placement relies on;
 * - no component separation and no padding: we split, cache and pack components.
 * Network-simplex layering stays: LONGEST_PATH was slower (414 ms) and stacks every
 * root on the top row; considering model order cost 353 ms for no visible gain.
 * - polyline edge routing: the page draws its own edges, so ELK's routes are thrown
 *   away, and polyline is the cheapest router. Node positions are identical to the
 *   orthogonal router's (checked on generated traces of 60, 1000 and 2000 beliefs).
 *   Fresh Node process, 1000 beliefs, 4 alternating runs on a slow 2-core machine:
 *   first call 2235 → 1909 ms, warm ~600 → ~500 ms.
 */
import { LAYER_GAP, NODE_GAP } from '../core/layout/layoutSpacing.ts';

export type ElkOptions = Readonly<Record<string, string>>;

/** ELK's defaults with our direction and gaps: the baseline the benchmark compares to. */
export const ELK_DEFAULT_OPTIONS: ElkOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.spacing.nodeNode': String(NODE_GAP),
  'elk.layered.spacing.nodeNodeBetweenLayers': String(LAYER_GAP),
};

export const ELK_TUNED_OPTIONS: ElkOptions = {
  ...ELK_DEFAULT_OPTIONS,
  'elk.layered.thoroughness': '1',
  'elk.layered.nodePlacement.strategy': 'SIMPLE',
  'elk.edgeRouting': 'POLYLINE',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '0',
  'elk.layered.spacing.edgeNodeBetweenLayers': '0',
  'elk.separateConnectedComponents': 'false',
  'elk.padding': '[top=0,left=0,bottom=0,right=0]',
};
