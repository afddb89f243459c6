/**
 * The confidence-band palette, shared by nodes, the minimap, the overview and the
 * inspector: each band's colour is a CSS variable (`--band-speculative`, …) of the
 * theme in force (styles.css), so the palette is written once per theme.
 */
import { useCallback } from 'react';
import type { Node } from '@xyflow/react';
import type { ColourKey } from '../../core/graph/nodeLook.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';
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

/**
 * The minimap's node colour, a new function whenever anything a look is made of changes:
 * the minimap draws its dots again only when its props or the flow's nodes change, and
 * a correction, a state or a posterior changes neither.
 */
export function useMinimapColor(): (node: Node) => string {
  const views = useDocumentStore((s) => s.views);
  const posteriors = useDocumentStore((s) => s.posteriors);
  const states = useLifecycleStore((s) => s.states);
  const corrected = useLifecycleStore((s) => s.corrected);
  // The deps are what lookOf reads from the stores: a change to any of them recolours the dots.
  return useCallback((node: Node) => minimapColor(node), [views, posteriors, states, corrected]);
}
