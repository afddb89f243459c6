/**
 * Plain data that crosses into and out of the layout stage. Coordinates are the
 * top-left corner of each node, in graph units (pixels at zoom 1).
 */

export interface LayoutNode {
  readonly id: string;
  readonly width: number;
  readonly height: number;
}

/** An edge as the layout sees it: its two ends (edges are told apart by their place in the input). */
export interface LayoutEdge {
  /** The supporting node: it sits above `to`. */
  readonly from: string;
  readonly to: string;
}

export interface LayoutInput {
  readonly nodes: readonly LayoutNode[];
  readonly edges: readonly LayoutEdge[];
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

export type Positions = Readonly<Record<string, Point>>;

/** How a layout was obtained: reused, patched in place, or computed afresh. */
export type LayoutMethod = 'cached' | 'incremental' | 'elk' | 'fast-layered';

export interface LayoutResult {
  readonly positions: Positions;
  readonly method: LayoutMethod;
  /** Nodes whose position differs from the previous layout (0 for a first layout). */
  readonly moved: number;
  readonly ms: number;
  /**
   * A quick first picture of a large graph (the fast layered layout), given when asked
   * for with `draft` instead of waiting for ELK; the full layout is to be asked for next.
   */
  readonly draft?: boolean;
}

/** Every node is drawn at this size, so editing content never changes the layout. */
export const NODE_WIDTH = 232;
export const NODE_HEIGHT = 86;
