/**
 * Focus mode's own layout. The neighbourhood shown is laid out alone in the layout
 * worker (src/store/pipeline/documentPipeline.ts focusLayout): in the whole graph's layout a
 * belief's justifiers can lie a screen away from it, so focusing on it framed it alone.
 * Until the first layout of a focus arrives the whole graph's positions stand in; an edit
 * made while focused keeps the last one until its next arrives, moved as little as it can.
 */
import { useEffect, useRef, useState } from 'react';
import type { Positions } from '../../core/layout/layoutTypes.ts';
import { getPipeline } from '../../store/pipeline/pipelineInstance.ts';

/** Past this many nodes a focus is drawn at the whole graph's positions: ELK would keep it waiting. */
export const FOCUS_LAYOUT_MAX = 600;

export interface FocusOf {
  /** Which focus (node and depth); a new one is laid out from scratch. */
  readonly key: string;
  readonly id: string;
  readonly depth: number;
  /** How many nodes it shows. */
  readonly size: number;
}

export interface DrawnPositions {
  readonly positions: Positions;
  /** True when they are the focus's own layout. */
  readonly own: boolean;
}

/** The positions to draw with: the focus's own layout when there is one, else `positions`. */
export function useFocusLayout(focus: FocusOf | null, collapsed: ReadonlySet<string>, positions: Positions): DrawnPositions {
  const [laidOut, setLaidOut] = useState<{ readonly key: string; readonly positions: Positions } | null>(null);
  const last = useRef(laidOut);
  last.current = laidOut;
  const wanted = focus && focus.size <= FOCUS_LAYOUT_MAX ? focus : null;
  // Asked again when the graph's own layout changes (its shape did) or a collapse does.
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const fresh = last.current?.key !== wanted.key;
    getPipeline()
      .focusLayout({ focus: { id: wanted.id, depth: wanted.depth }, collapsed: [...collapsed] }, fresh)
      .then((p) => {
        if (live && p) setLaidOut({ key: wanted.key, positions: p });
      });
    return () => {
      live = false;
    };
    // `wanted` is followed by its key: the focus object is made anew on each render.
  }, [wanted?.key, positions, collapsed]);
  return wanted && laidOut?.key === wanted.key ? { positions: laidOut.positions, own: true } : { positions, own: false };
}
