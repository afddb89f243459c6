/**
 * Which nodes of a large graph React Flow is given: those in and around the view (a
 * margin each side, so a small pan mounts nothing), or none when the view is an
 * overview — zoomed out to shapes, or needing more nodes than elements can draw
 * smoothly — which OverviewCanvas draws instead. The covered area moves only when the
 * view leaves it, crosses a level of detail or zooms in a lot, never on every frame of a
 * pan; a new graph (an edit, a collapse) is culled at once against the same area, so the
 * nodes that stay are never unmounted (a focused node keeps its focus).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStoreApi } from '@xyflow/react';
import type { Box, CullIndex } from '../../core/layout/viewportCulling.ts';
import { contains, cullToView, grown, nextDrawn } from '../../core/layout/viewportCulling.ts';
import type { LevelOfDetail } from './levelOfDetail.ts';
import { lodOf } from './levelOfDetail.ts';

/** Past this many nodes in and around the view, the overview is drawn instead of elements. */
export const DRAWN_NODE_CAP = 1200;
/** New nodes mounted per frame when the view jumps (nextDrawn): about a frame's work. */
const MOUNT_BATCH = 16;
/** Whole nodes are few in a view: room to pan. Ids are many: little more than the view. */
const MARGIN: Record<LevelOfDetail, number> = { full: 0.25, ids: 0.08, shapes: 0 };
const NONE: ReadonlySet<string> = new Set();

interface Area {
  readonly rect: Box;
  readonly zoom: number;
}

/**
 * `culled` null: no culling (a graph small enough to draw whole); the hook then answers
 * 'all'. When the view jumps, the new nodes arrive over a few frames (nextDrawn).
 */
export function useViewportCulling(culled: CullIndex | null | 'pending'): ReadonlySet<string> | null | 'all' {
  const flowStore = useStoreApi();
  const [area, setArea] = useState<Area | null>(null);
  const areaRef = useRef<Area | null>(null);
  const culling = culled !== null;
  // 'pending': a large graph whose index comes in the next task; nothing is drawn until then.
  const index = culled === 'pending' ? null : culled;

  useEffect(() => {
    if (!culling) return;
    const check = () => {
      const { transform, width, height } = flowStore.getState();
      const [tx, ty, k] = transform;
      if (width === 0 || height === 0 || !(k > 0)) return;
      const view: Box = { x: -tx / k, y: -ty / k, width: width / k, height: height / k };
      const current = areaRef.current;
      if (current && lodOf(k) === lodOf(current.zoom) && k <= current.zoom * 2 && contains(current.rect, view)) return;
      const next = { rect: grown(view, MARGIN[lodOf(k)]), zoom: k };
      areaRef.current = next;
      setArea(next);
    };
    check();
    return flowStore.subscribe((s, prev) => {
      if (s.transform !== prev.transform || s.width !== prev.width || s.height !== prev.height) check();
    });
  }, [culling, flowStore]);

  const target = useMemo((): ReadonlySet<string> | null | 'all' => {
    if (culled === 'pending') return NONE;
    if (!index) return 'all';
    // Until the view is known (before the first layout is framed), nothing is drawn as elements.
    if (!area) return NONE;
    return lodOf(area.zoom) === 'shapes' ? null : cullToView(index, area.rect, DRAWN_NODE_CAP);
  }, [index, culled, area]);

  // What is drawn grows towards the target a batch a frame; `frame` asks for the next batch.
  const drawnRef = useRef<ReadonlySet<string>>(NONE);
  const [frame, setFrame] = useState(0);
  const step = useMemo((): { ids: ReadonlySet<string> | null | 'all'; complete: boolean } => {
    if (!index || !area || !(target instanceof Set)) return { ids: target, complete: true };
    const { rect } = area;
    return nextDrawn(index, target, drawnRef.current, { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }, MOUNT_BATCH);
    // `frame` is a dependency on purpose: each frame admits the next batch.
  }, [index, area, target, frame]);
  drawnRef.current = step.ids instanceof Set ? step.ids : NONE;
  useEffect(() => {
    if (step.complete) return;
    const handle = requestAnimationFrame(() => setFrame((f) => f + 1));
    return () => cancelAnimationFrame(handle);
  }, [step]);
  return step.ids;
}
