/**
 * On a node with dependents: collapse what follows from it (▾), or expand it again (▸ and
 * how many nodes it hides). Also `c` on a focused node.
 */
import { memo } from 'react';
import type { NodeId } from '../../core/graph/reasoningGraph.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { toggleCollapse, useGraphViewStore } from '../../store/view/graphViewStore.ts';

function CollapseToggleView({ id }: { readonly id: string }) {
  const hasDependents = useDocumentStore((s) => (s.index?.dependentsOf.get(id as NodeId)?.length ?? 0) > 0);
  const collapsed = useGraphViewStore((s) => s.collapsed.has(id));
  const hidden = useGraphViewStore((s) => s.hiddenUnder.get(id) ?? 0);
  if (!hasDependents && !collapsed) return null;
  return (
    <button
      type="button"
      className={`collapse-toggle nodrag${collapsed ? ' is-collapsed' : ''}`}
      data-testid={`collapse-${id}`}
      aria-expanded={!collapsed}
      aria-label={collapsed ? `expand what follows from ${id}` : `collapse what follows from ${id}`}
      title={collapsed ? `Expand: show the ${hidden} node${hidden === 1 ? '' : 's'} that follow from ${id} (c)` : `Collapse: hide what follows from ${id} (c)`}
      tabIndex={-1}
      onClick={(e) => {
        e.stopPropagation();
        toggleCollapse(id);
      }}
    >
      {collapsed ? `▸ ${hidden}` : '▾'}
    </button>
  );
}

export const CollapseToggle = memo(CollapseToggleView);
