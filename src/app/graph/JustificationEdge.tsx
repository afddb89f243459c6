/**
 * One justification edge. It reads its own highlight from the store, so selecting a
 * belief re-renders the edges on its chain rather than rebuilding the whole edge list.
 */
import { memo } from 'react';
import { BaseEdge, getBezierPath } from '@xyflow/react';
import type { EdgeProps } from '@xyflow/react';
import { useHighlightStore } from '../../store/view/highlightStore.ts';

export const ARROW_MARKER = 'warrant-arrow';
export const ARROW_MARKER_LIT = 'warrant-arrow-lit';

function JustificationEdgeView({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data }: EdgeProps) {
  const lit = useHighlightStore((s) => s.edges.has(id));
  const [path] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  const classes = ['justification-edge'];
  if (lit) classes.push('edge-chain');
  if (data?.tentative) classes.push('edge-tentative');
  if (typeof data?.kind === 'string' && data.kind !== 'justification') classes.push(`edge-${data.kind}`);
  return <BaseEdge id={id} path={path} className={classes.join(' ')} markerEnd={`url(#${lit ? ARROW_MARKER_LIT : ARROW_MARKER})`} />;
}

export const JustificationEdge = memo(JustificationEdgeView);

/** The two arrowheads, defined once for every edge. */
export function ArrowMarkers() {
  return (
    <svg className="arrow-markers" aria-hidden width="0" height="0" style={{ position: 'absolute' }}>
      <defs>
        {[
          [ARROW_MARKER, 'var(--edge-arrow)'],
          [ARROW_MARKER_LIT, 'var(--accent)'],
        ].map(([markerId, colour]) => (
          <marker key={markerId} id={markerId} viewBox="-10 -10 20 20" markerWidth="16" markerHeight="16" orient="auto-start-reverse" refX="0" refY="0">
            {/* A style, not presentation attributes: only a style reads the theme's variables. */}
            <polyline points="-5,-4 0,0 -5,4 -5,-4" style={{ fill: colour, stroke: colour }} strokeWidth="1" strokeLinejoin="round" />
          </marker>
        ))}
      </defs>
    </svg>
  );
}
