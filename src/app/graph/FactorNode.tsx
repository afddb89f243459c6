/** One Gaia reasoning action as a small factor node joining its claims. */
import { memo } from 'react';
import { Handle, Position } from '@xyflow/react';
import type { NodeProps } from '@xyflow/react';
import { factorGlyph } from '../../core/graph/factorGlyphs.ts';
import { boxOf } from '../../core/layout/nodeBox.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { useHighlightStore } from '../../store/view/highlightStore.ts';

function FactorNodeView({ id }: NodeProps) {
  const view = useDocumentStore((s) => s.views.get(id));
  const selected = useDocumentStore((s) => s.selection.id === id);
  const inChain = useHighlightStore((s) => s.provenance.has(id));
  if (!view) return null;
  const n = view.node;
  const verb = n.factor?.verb ?? 'action';
  const box = boxOf(n);
  return (
    <div
      className={['factor-node', `verb-${verb}`, selected ? 'is-selected' : '', inChain ? 'in-chain' : ''].filter(Boolean).join(' ')}
      style={{ width: box.width, height: box.height }}
      data-testid={`node-${id}`}
      data-state="active"
      data-contradicted="false"
      data-preview="none"
      title={[n.factor?.label ? `${verb} · ${n.factor.label}` : verb, n.factor?.rationale].filter(Boolean).join('\n\n')}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <span className="factor-glyph">{factorGlyph(verb)}</span>
      <span className="factor-verb">{verb}</span>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
}

export const FactorNode = memo(FactorNodeView);
