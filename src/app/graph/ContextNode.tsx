/** A Gaia note or question: context for the claims, outside inference. */
import { memo } from 'react';
import { Handle, Position } from '@xyflow/react';
import type { NodeProps } from '@xyflow/react';
import { boxOf } from '../../core/layout/nodeBox.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';

function ContextNodeView({ id }: NodeProps) {
  const view = useDocumentStore((s) => s.views.get(id));
  const selected = useDocumentStore((s) => s.selection.id === id);
  if (!view) return null;
  const n = view.node;
  const box = boxOf(n);
  return (
    <div
      className={['context-node', `kind-${n.kind}`, selected ? 'is-selected' : ''].filter(Boolean).join(' ')}
      style={{ width: box.width, height: box.height }}
      data-testid={`node-${id}`}
      data-state="active"
      data-contradicted="false"
      data-preview="none"
      title={n.content}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <div className="context-head">
        <span className="context-kind">{n.kind === 'question' ? '?' : '¶'}</span>
        <span className="context-label">{id}</span>
      </div>
      <div className="context-content">{n.content}</div>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
}

export const ContextNode = memo(ContextNodeView);
