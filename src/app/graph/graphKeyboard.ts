/**
 * The graph from the keyboard: nodes are focusable in document order (edges are not).
 * Focusing one brings it clear of the overlays; Enter or Space selects it as a click
 * does; the arrows, Home and End move to the previous, next, first or last node; Escape
 * clears the selection; c collapses or expands what follows from it; f is focus mode on it.
 */
import type { FocusEvent, KeyboardEvent } from 'react';
import type { ShownNodes } from '../../core/layout/shownGraph.ts';
import { selectNode } from '../../store/document/documentStore.ts';
import { toggleCollapse, toggleFocus } from '../../store/view/graphViewStore.ts';

export function graphKeyboard(shown: ShownNodes, focusNode: (id: string) => void, revealClear: (id: string) => void) {
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const el = e.target;
    if (!el.classList.contains('react-flow__node') || !el.matches(':focus-visible') || !el.dataset.id) return;
    revealClear(el.dataset.id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const el = e.target as HTMLElement;
    const id = el.classList.contains('react-flow__node') ? el.dataset.id : undefined;
    if (!id || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      selectNode(id, 'graph');
      return;
    }
    if (e.key === 'Escape') {
      selectNode(null, 'graph');
      return;
    }
    // c: collapse or expand what follows from the node; f: focus mode on it.
    if (e.key === 'c' || e.key === 'C') {
      e.preventDefault();
      toggleCollapse(id);
      return;
    }
    if (e.key === 'f' || e.key === 'F') {
      e.preventDefault();
      selectNode(id, 'graph');
      toggleFocus();
      return;
    }
    const i = shown.at.get(id) ?? -1;
    const j = e.key === 'ArrowDown' || e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowUp' || e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? shown.ids.length - 1 : null;
    if (j === null) return;
    e.preventDefault();
    const next = shown.ids[j];
    if (next && j !== i) focusNode(next);
  };

  return { onFocus, onKeyDown };
}
