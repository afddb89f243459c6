/**
 * The graph's small map and its Fit control. A graph drawn whole has React Flow's minimap,
 * coloured as its nodes are (bandColours.ts); a large one, culled to the view, has an
 * overview on a canvas instead (OverviewCanvas.tsx) while it is drawn as an overview —
 * React Flow's minimap shows only the nodes it is given.
 */
import { ControlButton, Controls, MiniMap } from '@xyflow/react';
import type { CullIndex } from '../../core/layout/viewportCulling.ts';
import { useMinimapColor } from './bandColours.ts';
import { OverviewCanvas } from './OverviewCanvas.tsx';

export function GraphMinimap({ cullIndex, overview }: { cullIndex: CullIndex | 'pending' | null; overview: boolean }) {
  const minimapColor = useMinimapColor();
  return (
    <>
      {overview && cullIndex !== null && cullIndex !== 'pending' && <OverviewCanvas index={cullIndex} />}
      {cullIndex === null && <MiniMap pannable zoomable nodeColor={minimapColor} maskColor="var(--minimap-mask)" />}
    </>
  );
}

export function FitControl({ fit }: { fit: () => void }) {
  return (
    <Controls showInteractive={false} showFitView={false}>
      <ControlButton onClick={fit} title="Fit: the selected node and its neighbours, or the whole graph" aria-label="fit view" data-testid="fit-view">
        <svg viewBox="0 0 32 30" aria-hidden>
          <path d="M3.7 11.3V4.1h7.2V1H2.3C1.5 1 1 1.6 1 2.4V11h2.7zM28.3 11.3V4.1h-7.2V1h8.6c.8 0 1.3.6 1.3 1.4V11h-2.7zM3.7 18.7v7.2h7.2V29H2.3c-.8 0-1.3-.6-1.3-1.4V19h2.7zM28.3 18.7v7.2h-7.2V29h8.6c.8 0 1.3-.6 1.3-1.4V19h-2.7z" />
        </svg>
      </ControlButton>
    </Controls>
  );
}
