/**
 * ELK layered options. Measured on generated traces (bench/layoutBench.ts), per
 * connected component, with straight-line edges drawn by the page:
 * - thoroughness 1 (default 7): crossing minimisation runs far fewer random restarts;
 *   roughly halves the time, crossings barely change on these sparse graphs;
 * - SIMPLE node placement: the fastest placer, and it centres each layer, which
 *   reads better with straight edges than Brandes-Köpf's wide, slanted layouts
 *   (NETWORK_SIMPLEX placement was ~25× slower);
 * - no extra space between layers for orthogonal edge routes (we never draw ELK's
 *   routes), so rows sit at one fixed pitch, which incremental placement relies on;
 * - no component separation and no padding: we split, cache and pack components.
 * Network-simplex layering stays: longest-path layering was no faster here and
 * stacks every root on the top row.
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
  'elk.layered.spacing.edgeEdgeBetweenLayers': '0',
  'elk.layered.spacing.edgeNodeBetweenLayers': '0',
  'elk.separateConnectedComponents': 'false',
  'elk.padding': '[top=0,left=0,bottom=0,right=0]',
};
