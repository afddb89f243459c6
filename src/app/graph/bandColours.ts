/**
 * The confidence-band palette, shared by nodes, the minimap, the overview and the
 * inspector: each band's colour is a CSS variable (`--band-speculative`, …) of the
 * theme in force (styles.css), so the palette is written once per theme.
 */
import type { Node } from '@xyflow/react';
import type { ConfidenceBand } from '../../core/clair/confidenceAlgebra.ts';
import { bandOf } from '../../core/clair/confidenceAlgebra.ts';
import { useDocumentStore } from '../../store/documentStore.ts';

/** A band, `none` (no confidence stated) or `broken` (the line does not parse). */
export type BandColour = ConfidenceBand | 'none' | 'broken';

/** The CSS variable holding a band's colour (for canvas drawing, see cssColours.ts). */
export function bandVariable(band: BandColour): string {
  return `--band-${band}`;
}

/** A band's colour as a CSS value, for styles and SVG. */
export function bandColour(band: BandColour): string {
  return `var(${bandVariable(band)})`;
}

/**
 * The colour of a node drawn as a shape (minimap, overview): its band — a Gaia claim's
 * from its posterior, as ClaimNode colours it; a belief's from its stated confidence —
 * or red when its line does not parse.
 */
export function shapeBand(id: string): BandColour {
  const { views, posteriors } = useDocumentStore.getState();
  const view = views.get(id);
  if (view?.node.broken) return 'broken';
  const posterior = posteriors.get(id);
  if (posterior !== undefined && Number.isFinite(posterior)) return bandOf(posterior);
  return view?.band ?? 'none';
}

export function minimapColor(node: Node): string {
  return bandColour(shapeBand(node.id));
}
