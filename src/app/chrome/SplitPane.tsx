/**
 * Two panes with a draggable divider (pointer or keyboard, an ARIA window splitter). The
 * split and whether a pane is hidden are remembered per `id` in localStorage. A pane's
 * least size in pixels (`minPx`) bounds where the divider can go rather than overriding
 * it, so the divider moves at any window width; a `collapsible` pane can be hidden (its
 * button on the divider, or Enter on the divider) to give the other all the room.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, PointerEvent, ReactNode } from 'react';

interface SplitPaneProps {
  readonly id: string;
  readonly direction: 'row' | 'column';
  /** Initial share of the first pane, in percent. */
  readonly initial: number;
  readonly min?: number;
  readonly max?: number;
  /** The least width (row) or height (column) of each pane, in pixels. */
  readonly minPx?: readonly [number, number];
  /** The pane that can be hidden, and what it is called ("inspector"). */
  readonly collapsible?: { readonly pane: 0 | 1; readonly label: string };
  /** What the divider separates, for assistive technology ("editor and graph"). */
  readonly label: string;
  readonly children: [ReactNode, ReactNode];
}

const DIVIDER_PX = 5;
const STEP = 2;
const BIG_STEP = 10;

function load(id: string, fallback: number): number {
  const v = Number(localStorage.getItem(`warrant.split.${id}`));
  return Number.isFinite(v) && v > 0 && v < 100 ? v : fallback;
}

export function SplitPane({ id, direction, initial, min = 10, max = 90, minPx = [0, 0], collapsible, label, children }: SplitPaneProps) {
  const [share, setShare] = useState(() => load(id, initial));
  const [collapsed, setCollapsed] = useState(() => collapsible !== undefined && localStorage.getItem(`warrant.split.${id}.collapsed`) === 'true');
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const paneIds = [useId(), useId()];

  useEffect(() => {
    localStorage.setItem(`warrant.split.${id}`, String(share));
  }, [id, share]);
  useEffect(() => {
    if (collapsible) localStorage.setItem(`warrant.split.${id}.collapsed`, String(collapsed));
  }, [id, collapsible, collapsed]);

  /** The share bounded by min/max and, where the box is known, by each pane's least size. */
  const clamp = useCallback(
    (v: number) => {
      let lo = min;
      let hi = max;
      const r = box.current?.getBoundingClientRect();
      const size = r ? (direction === 'row' ? r.width : r.height) : 0;
      if (size > 0) {
        lo = Math.max(lo, (minPx[0] / size) * 100);
        hi = Math.min(hi, ((size - minPx[1] - DIVIDER_PX) / size) * 100);
      }
      // Too small a box for both least sizes: the first keeps its own.
      return hi < lo ? lo : Math.min(hi, Math.max(lo, v));
    },
    [min, max, minPx, direction],
  );

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || e.target !== e.currentTarget) return;
    dragging.current = true;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current || !box.current) return;
    const r = box.current.getBoundingClientRect();
    const v = direction === 'row' ? ((e.clientX - r.left) / r.width) * 100 : ((e.clientY - r.top) / r.height) * 100;
    // Dragging a hidden pane's divider brings the pane back.
    setCollapsed(false);
    setShare(clamp(v));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    dragging.current = false;
    e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const move = (delta: number) => {
    setCollapsed(false);
    setShare((v) => clamp(v + delta));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const back = direction === 'row' ? 'ArrowLeft' : 'ArrowUp';
    const forward = direction === 'row' ? 'ArrowRight' : 'ArrowDown';
    const step = e.shiftKey ? BIG_STEP : STEP;
    if (e.key === back) move(-step);
    else if (e.key === forward) move(step);
    else if (e.key === 'Home') move(-100);
    else if (e.key === 'End') move(100);
    else if (e.key === 'Enter' && collapsible) setCollapsed((c) => !c);
    else return;
    e.preventDefault();
  };

  // The first pane's size follows the share within both panes' least sizes, however the window changes.
  const basis = `clamp(${minPx[0]}px, ${share}%, calc(100% - ${minPx[1] + DIVIDER_PX}px))`;
  const hidden = (pane: 0 | 1) => collapsed && collapsible?.pane === pane;
  const paneStyle = (pane: 0 | 1): CSSProperties => {
    if (hidden(pane)) return { flex: '0 0 0px' };
    if (hidden(pane === 0 ? 1 : 0)) return { flex: '1 1 0px' };
    return pane === 0 ? { flex: `0 0 ${basis}` } : { flex: '1 1 0px' };
  };
  const shown = collapsed ? (collapsible?.pane === 0 ? 0 : 100) : share;

  return (
    <div ref={box} className={`split split-${direction}`} data-split={id}>
      <div className="split-pane" id={paneIds[0]} style={paneStyle(0)} hidden={hidden(0)}>
        {children[0]}
      </div>
      {/* The hide/show button sits beside the separator, not in it: a separator holds no controls. */}
      <div className="split-gutter">
        <div
          className="split-divider"
          role="separator"
          aria-label={`Resize ${label}`}
          aria-orientation={direction === 'row' ? 'vertical' : 'horizontal'}
          aria-controls={paneIds[0]}
          aria-valuenow={Math.round(shown)}
          aria-valuemin={min}
          aria-valuemax={max}
          tabIndex={0}
          data-testid={`splitter-${id}`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onKeyDown={onKeyDown}
        />
        {collapsible && (
          <button
            type="button"
            className={`split-collapse split-collapse-${collapsible.pane === 0 ? 'first' : 'second'}`}
            data-testid={`collapse-${id}`}
            aria-controls={paneIds[collapsible.pane]}
            aria-expanded={!collapsed}
            aria-label={`${collapsed ? 'Show' : 'Hide'} the ${collapsible.label}`}
            title={`${collapsed ? 'Show' : 'Hide'} the ${collapsible.label}`}
            onClick={() => setCollapsed((c) => !c)}
          >
            {arrow(direction, collapsible.pane, collapsed)}
          </button>
        )}
      </div>
      <div className="split-pane" id={paneIds[1]} style={paneStyle(1)} hidden={hidden(1)}>
        {children[1]}
      </div>
    </div>
  );
}

/**
 * A chevron pointing where the pane goes (or comes back from), drawn rather than typed:
 * no font has to carry the glyph.
 */
function arrow(direction: 'row' | 'column', pane: 0 | 1, collapsed: boolean): ReactNode {
  const towardsFirst = (pane === 0) !== collapsed;
  const turn = (direction === 'row' ? 0 : 90) + (towardsFirst ? 180 : 0);
  return (
    <svg width="8" height="12" viewBox="0 0 8 12" aria-hidden="true" style={{ transform: `rotate(${turn}deg)` }}>
      <path d="M2 1 L7 6 L2 11" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
