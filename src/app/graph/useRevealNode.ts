/**
 * Bringing a node into view, clear of what is drawn over the graph: a node selected
 * elsewhere (editor, inspector, problems), one just typed or pasted in, the selected node
 * when the layout moves it, and a node focused from the keyboard.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { useReactFlow } from '@xyflow/react';
import type { NodeId } from '../../core/graph/reasoningGraph.ts';
import type { PositionLookup } from '../../core/graph/idPositions.ts';
import { NODE_HEIGHT, NODE_WIDTH } from '../../core/layout/layoutTypes.ts';
import type { Positions } from '../../core/layout/layoutTypes.ts';
import { boxOf } from '../../core/layout/nodeBox.ts';
import type { ShownNodes } from '../../core/layout/shownGraph.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { isClear, panToClear } from './clearArea.ts';
import type { Rect } from './clearArea.ts';
import { RENDER_ALL_LIMIT } from './useShownGraph.ts';

/** What is drawn over the graph: React Flow's panels (minimap, controls, attribution) and the cascade dock. */
const OVERLAYS = '.react-flow__panel, .cascade-dock';
/** Room kept between a revealed node and an overlay, in pixels. */
const OVERLAY_GAP = 6;
/** A node brought into view is shown at least this large. */
const REVEAL_MIN_ZOOM = 0.6;
/** More nodes than this appearing at once (a paste) is not "the node just typed". */
const MAX_REVEAL_ADDED = 3;

export interface RevealInput {
  readonly hostRef: RefObject<HTMLDivElement | null>;
  readonly shown: ShownNodes;
  readonly drawnPositions: Positions;
  readonly drawnPositionsRef: RefObject<Positions>;
  readonly ownLayout: boolean;
  readonly openSeq: number;
  readonly showHelpers: boolean;
}

export function useRevealNode({ hostRef, shown, drawnPositions, drawnPositionsRef, ownLayout, openSeq, showHelpers }: RevealInput): {
  revealClear: (id: string) => void;
  focusNode: (id: string, tries?: number) => void;
} {
  const flow = useReactFlow();

  /**
   * Moves the view as little as it can so node `id` lies wholly in the pane and clear of
   * the overlays drawn over it (minimap, controls, cascade dock, attribution): a node
   * under one of them could be neither read nor clicked.
   */
  const revealClear = useCallback(
    (id: string) => {
      const host = hostRef.current;
      const p = drawnPositionsRef.current[id];
      if (!host || !p) return;
      const paneBox = (host.querySelector<HTMLElement>('.react-flow') ?? host).getBoundingClientRect();
      const pane = { width: paneBox.width, height: paneBox.height };
      if (pane.width === 0 || pane.height === 0) return;
      const overlays: Rect[] = [];
      for (const el of host.querySelectorAll<HTMLElement>(OVERLAYS)) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.height > 0)
          overlays.push({ x: r.left - paneBox.left - OVERLAY_GAP, y: r.top - paneBox.top - OVERLAY_GAP, width: r.width + 2 * OVERLAY_GAP, height: r.height + 2 * OVERLAY_GAP });
      }
      const graphNode = useDocumentStore.getState().index?.byId.get(id as NodeId);
      const { width, height } = graphNode ? boxOf(graphNode) : { width: NODE_WIDTH, height: NODE_HEIGHT };
      const at = (x: number, y: number, zoom: number): Rect => ({ x: p.x * zoom + x, y: p.y * zoom + y, width: width * zoom, height: height * zoom });
      const { x, y, zoom } = flow.getViewport();
      if (isClear(at(x, y, zoom), pane, overlays)) return;
      // Too small to read: zoom in about the pane's centre first, then pan the least.
      const z = Math.max(zoom, REVEAL_MIN_ZOOM);
      const zx = pane.width / 2 - ((pane.width / 2 - x) * z) / zoom;
      const zy = pane.height / 2 - ((pane.height / 2 - y) * z) / zoom;
      const { dx, dy } = panToClear(at(zx, zy, z), pane, overlays);
      // Animated while the whole graph is drawn; past that every frame of the glide
      // re-culls thousands of nodes and mounts those it passes, so the view jumps.
      const drawnAll = (useDocumentStore.getState().analysis?.graph.nodes.length ?? 0) <= RENDER_ALL_LIMIT;
      void flow.setViewport({ x: zx + dx, y: zy + dy, zoom: z }, { duration: drawnAll ? 250 : 0 });
    },
    [flow, hostRef, drawnPositionsRef],
  );

  // Bring a node selected elsewhere (editor, inspector, problems) into view.
  useEffect(
    () =>
      useDocumentStore.subscribe((s, prev) => {
        if (s.selection === prev.selection || !s.selection.id || s.selection.source === 'graph') return;
        revealClear(s.selection.id);
      }),
    [revealClear],
  );

  // A node that just appeared (a belief typed or pasted in) is brought into view too, and
  // so is the selected node when the layout moves it (a belief given a justification moves
  // under its support): neither is left under the minimap or the dock. Not on open: the
  // view fits then.
  const known = useRef<{ key: string; ids: PositionLookup; positions: Positions } | null>(null);
  // The node typed last: kept in view when a later layout moves it too (the quick placement
  // first, the settled layout after; a framing of the whole graph in between), as long as
  // nothing is selected to keep in view instead.
  const typedLast = useRef<string | null>(null);
  useEffect(() => {
    // A focus's own layout arriving is a new picture, framed on its own (useGraphFit), not a node moved.
    const key = `${openSeq}:${showHelpers}:${ownLayout}`;
    const prev = known.current;
    known.current = { key, ids: shown.at, positions: drawnPositions };
    if (!prev || prev.key !== key || prev.ids.size === 0) {
      typedLast.current = null;
      return;
    }
    const moved = (id: string | null | undefined): boolean => {
      const was = id ? prev.positions[id] : undefined;
      const now = id ? drawnPositions[id] : undefined;
      return !!was && !!now && (was.x !== now.x || was.y !== now.y);
    };
    const added = shown.ids.filter((id) => !prev.ids.has(id));
    if (added.length > 0) typedLast.current = added.length <= MAX_REVEAL_ADDED ? added[added.length - 1]! : null;
    if (typedLast.current && !shown.at.has(typedLast.current)) typedLast.current = null;
    const selected = useDocumentStore.getState().selection.id;
    const typed = typedLast.current;
    const target =
      selected && (moved(selected) || added.includes(selected))
        ? selected
        : added.length > 0 && added.length <= MAX_REVEAL_ADDED
          ? added[added.length - 1]!
          : !selected && typed && moved(typed)
            ? typed
            : null;
    if (target) requestAnimationFrame(() => revealClear(target));
  }, [shown, drawnPositions, ownLayout, openSeq, showHelpers, revealClear]);

  // The pane changing size (the session tabs appearing once storage opens, a panel shown,
  // hidden or resized) keeps the selected node in view: the picture shrinks under it.
  useEffect(() => {
    const host = hostRef.current;
    if (!host || typeof ResizeObserver === 'undefined') return;
    let last = { width: host.clientWidth, height: host.clientHeight };
    const observer = new ResizeObserver(() => {
      const now = { width: host.clientWidth, height: host.clientHeight };
      if (now.width === last.width && now.height === last.height) return;
      last = now;
      const id = useDocumentStore.getState().selection.id;
      if (id) requestAnimationFrame(() => revealClear(id));
    });
    observer.observe(host);
    return () => observer.disconnect();
  }, [hostRef, revealClear]);

  // Keyboard: nodes are focusable in document order (edges are not). Focusing one brings
  // it clear of the overlays.
  const focusNode = useCallback(
    (id: string, tries = 10) => {
      const el = hostRef.current?.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
      if (el) el.focus({ preventScroll: true });
      // Past RENDER_ALL_LIMIT only nodes in view are drawn: bring it in, then focus it once drawn.
      else if (tries > 0) {
        if (tries === 10) revealClear(id);
        requestAnimationFrame(() => focusNode(id, tries - 1));
      }
    },
    [revealClear, hostRef],
  );

  return { revealClear, focusNode };
}
