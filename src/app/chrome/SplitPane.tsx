/**
 * Two panes with a draggable divider (pointer or arrow keys). The split is remembered
 * per `id` in localStorage. A pane may keep a least size in pixels (`minPx`), taken from
 * the other pane on a narrow window, so an 800 px page still has a usable inspector.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';

interface SplitPaneProps {
  readonly id: string;
  readonly direction: 'row' | 'column';
  /** Initial share of the first pane, in percent. */
  readonly initial: number;
  readonly min?: number;
  readonly max?: number;
  /** The least width (row) or height (column) of each pane, in pixels. */
  readonly minPx?: readonly [number, number];
  readonly children: [ReactNode, ReactNode];
}

function load(id: string, fallback: number): number {
  const v = Number(localStorage.getItem(`warrant.split.${id}`));
  return Number.isFinite(v) && v > 0 && v < 100 ? v : fallback;
}

export function SplitPane({ id, direction, initial, min = 10, max = 90, minPx = [0, 0], children }: SplitPaneProps) {
  const least = (px: number) => (direction === 'row' ? { minWidth: px } : { minHeight: px });
  const [share, setShare] = useState(() => load(id, initial));
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  useEffect(() => {
    localStorage.setItem(`warrant.split.${id}`, String(share));
  }, [id, share]);

  const clamp = useCallback((v: number) => Math.min(max, Math.max(min, v)), [min, max]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current || !box.current) return;
    const r = box.current.getBoundingClientRect();
    const v = direction === 'row' ? ((e.clientX - r.left) / r.width) * 100 : ((e.clientY - r.top) / r.height) * 100;
    setShare(clamp(v));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const back = direction === 'row' ? 'ArrowLeft' : 'ArrowUp';
    const forward = direction === 'row' ? 'ArrowRight' : 'ArrowDown';
    if (e.key === back) setShare((v) => clamp(v - 2));
    else if (e.key === forward) setShare((v) => clamp(v + 2));
  };

  return (
    <div ref={box} className={`split split-${direction}`}>
      <div className="split-pane" style={{ flexBasis: `${share}%`, ...least(minPx[0]) }}>
        {children[0]}
      </div>
      <div
        className="split-divider"
        role="separator"
        aria-orientation={direction === 'row' ? 'vertical' : 'horizontal'}
        aria-valuenow={Math.round(share)}
        aria-valuemin={min}
        aria-valuemax={max}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
      />
      <div className="split-pane" style={{ flexBasis: `${100 - share}%`, ...least(minPx[1]) }}>
        {children[1]}
      </div>
    </div>
  );
}
