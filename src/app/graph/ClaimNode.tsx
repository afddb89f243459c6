/**
 * A Gaia claim in the factor graph: its label, prior (and where it came from) and the
 * posterior from the inference worker, as numbers and bars. Helper claims (warrants,
 * relation results) draw smaller and dimmer. When the latest inference failed, the
 * posterior shown is the last one computed: dimmed, tagged "stale" and
 * `data-belief-stale="true"`, never passed off as current.
 */
import { memo } from 'react';
import { Handle, Position } from '@xyflow/react';
import type { NodeProps } from '@xyflow/react';
import { formatConfidence } from '../../core/graph/explainWhy.ts';
import { boxOf } from '../../core/layout/nodeBox.ts';
import { STALE_POSTERIOR_NOTE, posteriorsStale, useDocumentStore } from '../../store/document/documentStore.ts';
import { useHighlightStore } from '../../store/view/highlightStore.ts';
import { useContradictedStore } from '../../store/session/contradictedStore.ts';
import { nodeDragProps } from '../cascade/nodeDrag.ts';
import { lifecycleClasses, useNodeLifecycle } from './useNodeLifecycle.ts';
import { useNodeLook } from './nodeLookOf.ts';
import { CollapseToggle } from './CollapseToggle.tsx';
import { breakableLabel } from './breakableLabel.tsx';

const MAX_CONTENT = 96;

function percent(x: number | null | undefined): string {
  return x === null || x === undefined || !Number.isFinite(x) ? '0%' : `${Math.round(Math.max(0, Math.min(1, x)) * 100)}%`;
}

function ClaimNodeView({ id }: NodeProps) {
  const view = useDocumentStore((s) => s.views.get(id));
  const posterior = useDocumentStore((s) => s.posteriors.get(id));
  const stale = useDocumentStore((s) => posteriorsStale(s) && s.posteriors.has(id));
  const selected = useDocumentStore((s) => s.selection.id === id);
  const inChain = useHighlightStore((s) => s.provenance.has(id));
  const contradicted = useContradictedStore((s) => s.ids.has(id));
  const lifecycle = useNodeLifecycle(id);
  const look = useNodeLook(id);
  if (!view) return null;
  const n = view.node;
  const box = boxOf(n);
  const prior = n.confidence;
  // The look's band (the posterior's, else the prior's) colours the node when the graph is zoomed out to shapes.
  const band = look.band ?? 'none';
  const classes = [
    'claim-node',
    'nopan',
    `band-${band}`,
    ...lifecycleClasses(lifecycle),
    n.helper ? 'is-helper' : '',
    selected ? 'is-selected' : '',
    inChain ? 'in-chain' : '',
    contradicted ? 'is-contradicted' : '',
    view.errors > 0 ? 'has-errors' : '',
    stale ? 'posterior-stale' : '',
  ];
  const content = n.content.length > MAX_CONTENT ? n.content.slice(0, MAX_CONTENT - 1) + '…' : n.content;
  const label = n.helper ? (n.qid?.split('::').pop() ?? id) : id;
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      style={{ width: box.width, height: box.height }}
      data-testid={`node-${id}`}
      data-state={n.broken ? 'broken' : lifecycle.state}
      data-contradicted={contradicted ? 'true' : 'false'}
      data-preview={lifecycle.preview}
      data-belief={posterior === undefined ? '' : String(posterior)}
      data-belief-stale={stale ? 'true' : 'false'}
      title={[n.content, view.problem, stale ? STALE_POSTERIOR_NOTE : null].filter(Boolean).join('\n\n')}
      {...(n.helper ? {} : nodeDragProps(id))}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <div className="claim-head">
        <span className="claim-label">{breakableLabel(label)}</span>
        {contradicted && (
          <span className="belief-badge contradicted" title="an endpoint of an open contradiction">
            ⚡
          </span>
        )}
        {!n.helper && view.errors > 0 && <span className="belief-badge errors">{view.errors}</span>}
        {lifecycle.state !== 'active' && <span className={`belief-badge lifecycle ${lifecycle.state}`}>{lifecycle.state}</span>}
        {stale && (
          <span className="belief-badge stale" title={STALE_POSTERIOR_NOTE}>
            stale
          </span>
        )}
        <span className="claim-posterior" title={stale ? STALE_POSTERIOR_NOTE : 'posterior belief'}>
          {posterior === undefined ? '…' : formatConfidence(posterior)}
          {lifecycle.previewBelief !== undefined && <span className="preview-after"> → {formatConfidence(lifecycle.previewBelief)}</span>}
        </span>
        <CollapseToggle id={id} />
      </div>
      {!n.helper && <div className="claim-content">{content}</div>}
      <div className="claim-bars">
        <div className="bar prior" title={prior === null ? 'no prior: maximum entropy 0.5' : `prior ${formatConfidence(prior)} (${n.priorSource ?? 'declared'})`}>
          <div style={{ width: percent(prior ?? 0.5) }} className={prior === null ? 'unset' : ''} />
        </div>
        <div className="bar posterior" title={stale ? STALE_POSTERIOR_NOTE : 'posterior'}>
          <div style={{ width: percent(posterior) }} />
        </div>
      </div>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
}

export const ClaimNode = memo(ClaimNodeView);
