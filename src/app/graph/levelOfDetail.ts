/**
 * How much of a node the graph draws at a zoom. Node text is 12–13 px at zoom 1; below
 * the zoom where it would be under 8 px on screen it is not drawn at all:
 *  - `full`: everything (zoom ≥ 0.65);
 *  - `ids`: the id alone, large (26 px, so ≥ 8 px down to zoom 0.31), on the node's band colour;
 *  - `shapes`: a block coloured by band and lifecycle state, no text.
 * The level is a data attribute on the graph; styles.css draws each one, so crossing a
 * level restyles the nodes without re-rendering them.
 */
export type LevelOfDetail = 'full' | 'ids' | 'shapes';

export const FULL_FROM_ZOOM = 0.65;
export const IDS_FROM_ZOOM = 0.31;

export function lodOf(zoom: number): LevelOfDetail {
  return zoom >= FULL_FROM_ZOOM ? 'full' : zoom >= IDS_FROM_ZOOM ? 'ids' : 'shapes';
}
