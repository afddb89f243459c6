/**
 * The confidence-band palette, shared by nodes, the minimap, the overview and the
 * inspector: each band's colour is a CSS variable (`--band-speculative`, …) of the
 * theme in force (styles.css), so the palette is written once per theme.
 */
import type { Node } from '@xyflow/react';
import type { ColourKey } from '../../core/graph/nodeLook.ts';
import { lookOf } from './nodeLookOf.ts';

/** A band, `none` (no value known) or `broken` (the line does not parse). */
export type BandColour = ColourKey;

/** The CSS variable holding a band's colour (for canvas drawing, see cssColours.ts). */
export function bandVariable(band: BandColour): string {
  return `--band-${band}`;
}

/** A band's colour as a CSS value, for styles and SVG. */
export function bandColour(band: BandColour): string {
  return `var(${bandVariable(band)})`;
}

/** The colour of a node drawn as a shape (minimap, overview): its look's, as the node itself is coloured. */
export function shapeBand(id: string): BandColour {
  return lookOf(id).colour;
}

export function minimapColor(node: Node): string {
  return bandColour(shapeBand(node.id));
}
