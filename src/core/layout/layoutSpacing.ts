/**
 * The gaps every layout method uses, so that ELK, the fast fallback and incremental
 * placement produce rows that line up with each other.
 */

/** Horizontal gap between two nodes of the same row. */
export const NODE_GAP = 28;
/** Vertical gap between a row and the next. */
export const LAYER_GAP = 56;
/** Gap between two packed connected components. */
export const COMPONENT_GAP = 96;
