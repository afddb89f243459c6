/**
 * One belief in the graph. Memoized, and it selects its own data by id from the store,
 * so an edit to one belief re-renders one node.
 */
import { memo } from 'react';
import { Handle, Position } from '@xyflow/react';
import type { NodeProps } from '@xyflow/react';
import { formatConfidence } from '../../core/graph/explainWhy.ts';
import { NODE_HEIGHT, NODE_WIDTH } from '../../core/layout/layoutTypes.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { useHighlightStore } from '../../store/view/highlightStore.ts';
import { useContradictedStore } from '../../store/session/contradictedStore.ts';
import { nodeDragProps } from '../cascade/nodeDrag.ts';
import { lifecycleClasses, useNodeLifecycle } from './useNodeLifecycle.ts';
import { useCorrectedValue } from '../../store/session/lifecycleStore.ts';
import { useNodeLook } from './nodeLookOf.ts';
import { CollapseToggle } from './CollapseToggle.tsx';

const MAX_CONTENT = 110;

function BeliefNodeView({ id }: NodeProps) {
  const view = useDocumentStore((s) => s.views.get(id));
  const selected = useDocumentStore((s) => s.selection.id === id);
  const inChain = useHighlightStore((s) => s.provenance.has(id));
  const isDependent = useHighlightStore((s) => s.dependents.has(id));
  const lifecycle = useNodeLifecycle(id);
  const contradicted = useContradictedStore((s) => s.ids.has(id));
  const corrected = useCorrectedValue(id);
  const look = useNodeLook(id);
  if (!view) return null;
  const n = view.node;
  // A standing correction replaces the stated value in what the node shows.
  const shown = corrected ?? n.confidence;
  // The band is the look's: of the correction, else the effective value, else the stated one.
  const band = look.band;
  const state = n.broken ? 'broken' : lifecycle.state;
  const content = n.content.length > MAX_CONTENT ? n.content.slice(0, MAX_CONTENT - 1) + '…' : n.content;
  const classes = ['belief-node', 'nopan', `band-${band ?? 'none'}`, ...lifecycleClasses(lifecycle)];
  if (contradicted) classes.push('is-contradicted');
  if (n.broken) classes.push('is-broken');
  if (selected) classes.push('is-selected');
  if (inChain) classes.push('in-chain');
  if (isDependent) classes.push('is-dependent');
  if (view.errors > 0) classes.push('has-errors');
  const source = n.source ? n.source.type : '?';
  const title = [n.content, view.problem].filter(Boolean).join('\n\n');
  return (
    <div
      className={classes.join(' ')}
      style={{ width: NODE_WIDTH, height: NODE_HEIGHT }}
      data-testid={`node-${id}`}
      data-state={state}
      data-contradicted={contradicted ? 'true' : 'false'}
      data-preview={lifecycle.preview}
      data-band={band ?? 'none'}
      title={title}
      {...nodeDragProps(id)}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <div className="belief-head">
        <span className="belief-id">{id}</span>
        <span
          className="belief-conf"
          data-look={look.label ?? 'none'}
          title={
            corrected !== null
              ? `corrected from ${formatConfidence(n.confidence)}`
              : look.label === 'effective' && look.value !== shown
                ? `effective ${formatConfidence(look.value)} (${look.band}): the band it is coloured by`
                : undefined
          }
        >
          {formatConfidence(shown)}
        </span>
        <span className="belief-level">
          L{n.level ?? 0}
          {n.level === null ? '?' : ''}
        </span>
        <span className={`belief-source source-${source}`} title={n.source?.reference ?? undefined}>
          @{source}
        </span>
        {n.invalidations.length > 0 && (
          <span className="belief-badge reconsider" title={`reconsider if: ${n.invalidations.join('; ')}`}>
            ?{n.invalidations.length}
          </span>
        )}
        {n.broken && <span className="belief-badge broken">does not parse</span>}
        {!n.broken && lifecycle.state !== 'active' && <span className={`belief-badge lifecycle ${lifecycle.state}`}>{lifecycle.state}</span>}
        {contradicted && (
          <span className="belief-badge contradicted" title="an endpoint of an open contradiction">
            ⚡
          </span>
        )}
        {!n.broken && view.errors > 0 && <span className="belief-badge errors">{view.errors}</span>}
        {!n.broken && view.errors === 0 && view.warnings > 0 && <span className="belief-badge warnings">{view.warnings}</span>}
        <CollapseToggle id={id} />
      </div>
      <div className="belief-content">{content || <em>no content</em>}</div>
      <div className="belief-bar" aria-hidden>
        <div style={{ width: `${Math.round(Math.max(0, Math.min(1, shown ?? 0)) * 100)}%` }} />
      </div>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
}

export const BeliefNode = memo(BeliefNodeView);
