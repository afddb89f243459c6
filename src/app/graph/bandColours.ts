/** The confidence-band palette, shared by nodes, the minimap and the legend. */
import type { Node } from '@xyflow/react';
import type { ConfidenceBand } from '../../core/clair/confidenceAlgebra.ts';
import { bandOf } from '../../core/clair/confidenceAlgebra.ts';
import { useDocumentStore } from '../../store/documentStore.ts';

export const BAND_COLOURS: Record<ConfidenceBand | 'none', string> = {
  speculative: '#e06c75',
  probable: '#e5c07b',
  likely: '#61afef',
  strong: '#98c379',
  none: '#7f8898',
};

/**
 * The colour of a node drawn as a shape (minimap, overview): its band — a Gaia claim's
 * from its posterior, as ClaimNode colours it; a belief's from its stated confidence —
 * or red when its line does not parse.
 */
export function shapeColour(id: string): string {
  const { views, posteriors } = useDocumentStore.getState();
  const view = views.get(id);
  if (view?.node.broken) return '#ff5c5c';
  const posterior = posteriors.get(id);
  if (posterior !== undefined && Number.isFinite(posterior)) return BAND_COLOURS[bandOf(posterior)];
  return BAND_COLOURS[view?.band ?? 'none'];
}

export function minimapColor(node: Node): string {
  return shapeColour(node.id);
}
