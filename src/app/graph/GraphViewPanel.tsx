/**
 * Over the graph, top left: focus mode (the selected node's neighbourhood, n steps up and
 * down; the rest hidden) and, while anything is collapsed, "expand all".
 */
import { FOCUS_DEPTHS } from '../../core/graph/graphView.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { expandAll, setFocusDepth, toggleFocus, useGraphViewStore } from '../../store/view/graphViewStore.ts';

export function GraphViewPanel() {
  const focusDepth = useGraphViewStore((s) => s.focusDepth);
  const lastFocusDepth = useGraphViewStore((s) => s.lastFocusDepth);
  const collapsed = useGraphViewStore((s) => s.collapsed.size);
  const selected = useDocumentStore((s) => s.selection.id);
  const on = focusDepth !== null;
  return (
    <div className="graph-view-panel">
      <button
        type="button"
        className={on ? 'is-on' : ''}
        aria-pressed={on}
        data-testid="focus-toggle"
        title={on ? 'Show the whole graph (F on a node)' : 'Focus: show only the selected node and its neighbourhood (F on a node)'}
        onClick={toggleFocus}
      >
        Focus
      </button>
      <select aria-label="focus depth: steps up and down from the selected node" data-testid="focus-depth" value={focusDepth ?? lastFocusDepth} onChange={(e) => setFocusDepth(Number(e.target.value))}>
        {FOCUS_DEPTHS.map((d) => (
          <option key={d} value={d}>
            ±{d}
          </option>
        ))}
      </select>
      {on && !selected && <span className="graph-view-hint">select a node to focus on</span>}
      {collapsed > 0 && (
        <button type="button" data-testid="expand-all" onClick={expandAll} title="Show every collapsed subtree again">
          Expand all ({collapsed})
        </button>
      )}
    </div>
  );
}
