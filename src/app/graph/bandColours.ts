/** The confidence-band palette, shared by nodes, the minimap and the legend. */
import type { Node } from '@xyflow/react';
import type { ConfidenceBand } from '../../core/clair/confidenceAlgebra.ts';
import { useDocumentStore } from '../../store/documentStore.ts';

export const BAND_COLOURS: Record<ConfidenceBand | 'none', string> = {
  speculative: '#e06c75',
  probable: '#e5c07b',
  likely: '#61afef',
  strong: '#98c379',
  none: '#7f8898',
};

export function minimapColor(node: Node): string {
  const view = useDocumentStore.getState().views.get(node.id);
  if (!view) return BAND_COLOURS.none;
  if (view.node.broken) return '#ff5c5c';
  return BAND_COLOURS[view.band ?? 'none'];
}
