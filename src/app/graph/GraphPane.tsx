/**
 * The trace as a DAG: React Flow over positions from the layout worker. The node list is
 * rebuilt only when the graph's shape or its positions change; content and confidence
 * edits flow into the memoized nodes through the store.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent } from 'react';
import { Background, ControlButton, Controls, MiniMap, Panel, Position, ReactFlow, ReactFlowProvider, useReactFlow, useStore, useStoreApi } from '@xyflow/react';
import type { Edge, Node, NodeHandle, NodeMouseHandler } from '@xyflow/react';
import { isClear, panToClear } from './clearArea.ts';
import type { Rect } from './clearArea.ts';
import type { GraphNode, NodeId } from '../../core/graph/reasoningGraph.ts';
import { boxOf } from '../../core/layout/nodeBox.ts';
import type { NodeBox } from '../../core/layout/nodeBox.ts';
import '@xyflow/react/dist/style.css';
import { NODE_HEIGHT, NODE_WIDTH } from '../../core/layout/layoutTypes.ts';
import { selectNode, useDocumentStore } from '../../store/document/documentStore.ts';
import { BeliefNode } from './BeliefNode.tsx';
import { ClaimNode } from './ClaimNode.tsx';
import { ContextNode } from './ContextNode.tsx';
import { FactorNode } from './FactorNode.tsx';
import { ArrowMarkers, JustificationEdge } from './JustificationEdge.tsx';
import { useMinimapColor } from './bandColours.ts';
import { CascadeDock } from '../cascade/CascadeDock.tsx';
import { saveViewport, useSessionsStore } from '../../store/session/browserSessions.ts';
import { hiddenBelow, hiddenByCollapse, neighbourhood, visibleNodes } from '../../core/graph/graphView.ts';
import { expandAll, toggleCollapse, toggleFocus, useGraphViewStore } from '../../store/view/graphViewStore.ts';
import { GraphViewPanel } from './GraphViewPanel.tsx';
import { lodOf } from './levelOfDetail.ts';
import { cullIndexOf, itemNear } from '../../core/layout/viewportCulling.ts';
import type { ShownNodes } from '../../core/layout/shownGraph.ts';
import { boundsOfShown, shownEdges, shownNodes } from '../../core/layout/shownGraph.ts';
import { frameFor, openFrame } from './readableFrame.ts';
import { nextTask } from '../../store/pipeline/nextTask.ts';
import { EmptyDocument } from './EmptyDocument.tsx';
import { OverviewCanvas } from './OverviewCanvas.tsx';
import { useViewportCulling } from './useViewportCulling.ts';
import { useFocusLayout } from './useFocusLayout.ts';
import { useThemeStore } from '../theme/themeStore.ts';

const nodeTypes = { belief: BeliefNode, claim: ClaimNode, factor: FactorNode, context: ContextNode };
const edgeTypes = { justification: JustificationEdge };
/**
 * Node sizes and handles are told to React Flow up front: it then never renders every
 * node once to measure it, which for a 20k-node trace would mount 20k elements just to
 * throw them away. Each kind of node has one fixed box (nodeBox.ts).
 */
const boxCache = new Map<NodeBox, { measured: { width: number; height: number }; handles: NodeHandle[] }>();

function sizing(node: GraphNode) {
  // One box object per kind of node (nodeBox.ts): it is the cache's key.
  const box = boxOf(node);
  let cached = boxCache.get(box);
  if (!cached) {
    cached = {
      measured: { width: box.width, height: box.height },
      handles: [
        { type: 'target', position: Position.Top, x: box.width / 2, y: 0, width: 1, height: 1 },
        { type: 'source', position: Position.Bottom, x: box.width / 2, y: box.height, width: 1, height: 1 },
      ],
    };
    boxCache.set(box, cached);
  }
  return cached;
}

/** A node as React Flow is given it: its position (from the layout) and its fixed box. */
function flowNode(n: GraphNode, position: { x: number; y: number }): Node {
  const size = sizing(n);
  return { id: n.id, type: nodeType(n), position, data: {}, width: size.measured.width, height: size.measured.height, measured: size.measured, handles: size.handles };
}

function nodeType(node: GraphNode): string {
  if (node.kind === 'belief') return 'belief';
  if (node.kind === 'factor') return 'factor';
  if (node.kind === 'note' || node.kind === 'question') return 'context';
  return 'claim';
}

/** docs/contract.md §4: up to this many nodes, every node is rendered after the view fits. */
const RENDER_ALL_LIMIT = 200;
/**
 * Past this many nodes React Flow is given only those in and around the view
 * (useViewportCulling.ts), and an overview is drawn on a canvas (OverviewCanvas.tsx):
 * its own culling looks at every node and edge on every frame of a pan, and Fit of a
 * thousand nodes mounted a thousand elements (a frame of 0.7 s). Its minimap shows only
 * the nodes it is given, so it is drawn only while it is given all of them.
 */
const CULL_FROM = RENDER_ALL_LIMIT;
/** A shown graph this many nodes larger or smaller than the last is a new one (culled a task later). */
const FRESH_GRAPH = 1000;
/** Fit frames at most this close: a lone node is not blown up. */
/** What is drawn over the graph: React Flow's panels (minimap, controls, attribution) and the cascade dock. */
const OVERLAYS = '.react-flow__panel, .cascade-dock';
/** Room kept between a revealed node and an overlay, in pixels. */
const OVERLAY_GAP = 6;
/** A node brought into view is shown at least this large. */
const REVEAL_MIN_ZOOM = 0.6;
/** More nodes than this appearing at once (a paste) is not "the node just typed". */
const MAX_REVEAL_ADDED = 3;

function GraphCanvas() {
  const showHelpers = useDocumentStore((s) => s.showHelpers);
  const positions = useDocumentStore((s) => s.positions);
  const index = useDocumentStore((s) => s.index);
  const focusDepth = useGraphViewStore((s) => s.focusDepth);
  const collapsed = useGraphViewStore((s) => s.collapsed);
  const focusId = useDocumentStore((s) => (focusDepth !== null ? s.selection.id : null));
  // Level of detail: re-renders here only when the zoom crosses a level, never per frame.
  const lod = useStore((s) => lodOf(s.transform[2]));
  const graphVersion = useDocumentStore((s) => s.graphVersion);
  const layoutInfo = useDocumentStore((s) => s.layoutInfo);
  const language = useDocumentStore((s) => s.language);
  // A document with nothing to draw (and nothing wrong): show how to start.
  const empty = useDocumentStore((s) => s.analysis !== null && s.analysis.version === s.editorVersion && s.analysis.graph.nodes.length === 0 && !s.analysis.diagnostics.some((d) => d.severity === 'error'));
  const flow = useReactFlow();
  const theme = useThemeStore((s) => s.theme);
  const hostRef = useRef<HTMLDivElement>(null);

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
        if (r.width > 0 && r.height > 0) overlays.push({ x: r.left - paneBox.left - OVERLAY_GAP, y: r.top - paneBox.top - OVERLAY_GAP, width: r.width + 2 * OVERLAY_GAP, height: r.height + 2 * OVERLAY_GAP });
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
    [flow],
  );

  // Focus mode and collapsed nodes (src/core/graph/graphView.ts): null draws every node.
  const visible = useMemo(() => {
    if (!index) return null;
    const id = focusId as NodeId | null;
    const focus = id && index.byId.has(id) && focusDepth !== null ? { id, depth: focusDepth } : null;
    return visibleNodes(index, { focus, collapsed: collapsed as ReadonlySet<NodeId> });
  }, [index, focusId, focusDepth, collapsed]);

  // The badge of each collapsed node: how many nodes it hides now.
  useEffect(() => {
    if (!index || collapsed.size === 0) return;
    const hidden = hiddenByCollapse(index, collapsed as ReadonlySet<NodeId>);
    useGraphViewStore.setState({ hiddenUnder: new Map([...collapsed].map((id) => [id, hiddenBelow(index, id as NodeId, hidden)])) });
  }, [index, collapsed]);

  // In focus mode, the neighbourhood's own layout (useFocusLayout.ts).
  const focusKey = visible && focusId ? `${focusId}:${focusDepth}` : null;
  const focusOf = focusKey && focusId && focusDepth !== null && visible ? { key: focusKey, id: focusId, depth: focusDepth, size: visible.size } : null;
  const drawn = useFocusLayout(focusOf, collapsed, positions);
  const drawnPositions = drawn.positions;
  const drawnPositionsRef = useRef(drawnPositions);
  // Leaving a focus drawn at its own layout: the view moves with the focused node, so it
  // stays where it was on screen and the person keeps their place in the whole graph.
  const lastDrawn = useRef<{ own: boolean; focusId: string | null }>({ own: false, focusId: null });
  useLayoutEffect(() => {
    const was = lastDrawn.current;
    lastDrawn.current = { own: drawn.own, focusId };
    const id = was.focusId;
    if (!was.own || drawn.own || id === null) return;
    const from = drawnPositionsRef.current[id];
    const to = drawnPositions[id];
    if (!from || !to) return;
    const { x, y, zoom } = flow.getViewport();
    void flow.setViewport({ x: x + (from.x - to.x) * zoom, y: y + (from.y - to.y) * zoom, zoom });
  }, [drawn.own, drawnPositions, focusId, flow]);
  useLayoutEffect(() => {
    drawnPositionsRef.current = drawnPositions;
  }, [drawnPositions]);

  // Worked out again when a layout arrives, not when the analysis does: a graph of a new
  // shape is drawn once, with its positions, and until then the last one stays (the
  // graph's data-version is still its version). Drawn at the old positions, a 62k-node
  // paste made the page render every node twice.
  const shown = useMemo(() => {
    const { analysis, index: graphIndex } = useDocumentStore.getState();
    return shownNodes(analysis?.graph, graphIndex, drawnPositions, showHelpers, visible);
  }, [drawnPositions, showHelpers, visible]);

  // React Flow's objects, made when first drawn and kept while the shown nodes are: a node
  // that stays drawn keeps its identity, so React Flow does not take it in again.
  const flowObjects = useMemo(() => ({ nodes: new Map<string, Node>(), edges: new Map<string, Edge>() }), [shown]);
  const flowNodeOf = useCallback(
    (i: number): Node => {
      const n = shown.nodes[i]!;
      let node = flowObjects.nodes.get(n.id);
      if (!node) flowObjects.nodes.set(n.id, (node = flowNode(n, { x: shown.boxes[i * 4]!, y: shown.boxes[i * 4 + 1]! })));
      return node;
    },
    [shown, flowObjects],
  );
  const edgesShown = useMemo(() => {
    const { analysis, index: graphIndex } = useDocumentStore.getState();
    return shownEdges(analysis?.graph, graphIndex, shown);
  }, [shown]);
  /** The edges whose ends `drawn` holds both of (every shown one for 'all'): flags by index, not lookups by id. */
  const edgesBetween = useCallback(
    (drawn: ReadonlySet<string> | 'all'): Edge[] => {
      const { graphEdges, ends, which } = edgesShown;
      const flag = new Uint8Array(shown.ids.length);
      if (drawn === 'all') flag.fill(1);
      else
        for (const id of drawn) {
          const i = shown.at.get(id);
          if (i !== undefined) flag[i] = 1;
        }
      const out: Edge[] = [];
      for (let k = 0; k < ends.length / 2; k++) {
        if (!flag[ends[k * 2]!] || !flag[ends[k * 2 + 1]!]) continue;
        const e = graphEdges[which ? which[k]! : k]!;
        let edge = flowObjects.edges.get(e.id);
        if (!edge) flowObjects.edges.set(e.id, (edge = { id: e.id, source: e.from, target: e.to, type: 'justification', data: { tentative: e.tentative, kind: e.kind } }));
        out.push(edge);
      }
      return out;
    },
    [shown, edgesShown, flowObjects],
  );

  // A large graph that is new (a paste, an opened file: thousands of nodes more or fewer
  // than the last) is indexed for culling in a task after the one that takes it in, so the
  // two do not make one long frame; nothing is drawn as elements in between. An edit keeps
  // its drawn nodes throughout (a focused node keeps its focus).
  const [cullFor, setCullFor] = useState<ShownNodes | null>(null);
  const lastCount = useRef(0);
  // Decided once per shown graph: a render that follows in the same task (another store's
  // update) must not find it "not new" and index it there after all.
  const fresh = useMemo(() => shown.ids.length > CULL_FROM && Math.abs(shown.ids.length - lastCount.current) > FRESH_GRAPH, [shown]);
  useEffect(() => {
    lastCount.current = shown.ids.length;
    if (!fresh) return;
    let live = true;
    void nextTask().then(() => live && setCullFor(shown));
    return () => {
      live = false;
    };
  }, [shown, fresh]);
  const cullPending = fresh && cullFor !== shown;

  // A large graph: React Flow draws what is in and around the view, a canvas the overview.
  const cullIndex = useMemo(
    () => (shown.ids.length <= CULL_FROM ? null : cullPending ? 'pending' : cullIndexOf(shown.ids, shown.boxes, edgesShown.ends, shown.at)),
    [shown, edgesShown, cullPending],
  );
  const drawnIds = useViewportCulling(cullIndex);
  const overview = cullIndex !== null && cullIndex !== 'pending' && drawnIds === null;
  const nodes = useMemo(() => {
    if (drawnIds === null) return [];
    // In document order, as the keyboard moves through them.
    const drawn = drawnIds === 'all' ? shown.ids.map((_, i) => i) : [...drawnIds].map((id) => shown.at.get(id)).filter((i) => i !== undefined).sort((a, b) => a - b);
    return drawn.map(flowNodeOf);
  }, [shown, drawnIds, flowNodeOf]);
  const edges = useMemo(() => (drawnIds === null ? [] : edgesBetween(drawnIds)), [drawnIds, edgesBetween]);

  /**
   * Frames the boxes of `ids` (every shown node when null), from the layout's positions
   * rather than React Flow's nodes: of a large graph it holds only those near the view.
   * Animated while the graph is drawn whole; a large one jumps (each frame of a glide
   * would mount what it passes).
   */
  const flowStore = useStoreApi();
  const fitTo = useCallback(
    (ids: readonly string[] | null, animate: boolean, anchorId: string | null = null) => {
      const { width, height, domNode } = flowStore.getState();
      const bounds = boundsOfShown(shown, ids ? new Set(ids) : null);
      if (!bounds) return;
      const anchor = anchorId !== null && shown.at.has(anchorId) ? boundsOfShown(shown, new Set([anchorId])) : null;
      const viewport = frameFor({ bounds, anchor, width, height, coveredBelow: coveredBelowOf(domNode) });
      if (viewport) void flow.setViewport(viewport, animate && shown.ids.length <= CULL_FROM ? { duration: 200 } : undefined);
    },
    [shown, flow, flowStore],
  );

  /** A document opened: fitted, but never below a zoom where its nodes' text reads (readableFrame.ts). */
  const openView = useCallback(() => {
    const { width, height, domNode } = flowStore.getState();
    const bounds = boundsOfShown(shown, null);
    const viewport = bounds ? openFrame({ bounds, width, height, coveredBelow: coveredBelowOf(domNode) }) : null;
    if (viewport) void flow.setViewport(viewport);
  }, [shown, flow, flowStore]);

  /**
   * Fit: the selected node and its neighbours when one is selected, else everything — which
   * for a large graph is an overview at the compact level of detail, never a page of text
   * too small to read.
   */
  const fit = useCallback(() => {
    const selected = useDocumentStore.getState().selection.id as NodeId | null;
    const ids = selected && index?.byId.has(selected) ? [...neighbourhood(index, selected, 1)].filter((id) => shown.at.has(id)) : [];
    fitTo(ids.length > 0 ? ids : null, true, ids.length > 0 ? selected : null);
  }, [shown, fitTo, index]);

  // Entering focus mode, or moving it to another node or depth, frames what is now drawn,
  // and again when the focus's own layout arrives — that alone: an edit while in focus
  // mode leaves the view where the person put it.
  const fitToRef = useRef(fitTo);
  fitToRef.current = fitTo;
  const focusFramed = focusKey ? `${focusKey}:${drawn.own}` : null;
  useEffect(() => {
    if (!focusFramed) return;
    requestAnimationFrame(() => fitToRef.current(null, true, focusId));
  }, [focusFramed, focusId]);


  // Fit the view when a document's first layout arrives (and again when the real layout
  // replaces a large graph's draft).
  const fittedFor = useRef<string | null>(null);
  const openSeq = useDocumentStore((s) => s.openRequest?.seq ?? 0);
  const draft = useDocumentStore((s) => s.layoutInfo?.draft === true);
  // A document opened anew starts with nothing collapsed.
  const docName = useDocumentStore((s) => s.name);
  const minimapColor = useMinimapColor();
  useEffect(() => expandAll(), [docName, openSeq]);
  useEffect(() => {
    const key = `${openSeq}${draft ? ':draft' : ''}`;
    if (shown.ids.length === 0 || fittedFor.current === key || fittedFor.current === `${openSeq}`) return;
    fittedFor.current = key;
    // A session reopened where it was left; otherwise fit the whole graph.
    const restore = useSessionsStore.getState().restoreViewport;
    if (restore) {
      // Where the user left it stays, whatever the layout that follows a draft.
      fittedFor.current = `${openSeq}`;
      useSessionsStore.setState({ restoreViewport: null });
      requestAnimationFrame(() => void flow.setViewport(restore));
    } else requestAnimationFrame(() => openView());
  }, [shown, openSeq, draft, flow, openView]);

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
  const known = useRef<{ key: string; ids: ReadonlyMap<string, number>; positions: typeof positions } | null>(null);
  useEffect(() => {
    // A focus's own layout arriving is a new picture, framed above, not a node moved.
    const key = `${openSeq}:${showHelpers}:${drawn.own}`;
    const prev = known.current;
    known.current = { key, ids: shown.at, positions: drawnPositions };
    if (!prev || prev.key !== key || prev.ids.size === 0) return;
    const added = shown.ids.filter((id) => !prev.ids.has(id));
    const selected = useDocumentStore.getState().selection.id;
    const was = selected ? prev.positions[selected] : undefined;
    const now = selected ? drawnPositions[selected] : undefined;
    const selectedMoved = !!was && !!now && (was.x !== now.x || was.y !== now.y);
    const target = selected && (selectedMoved || added.includes(selected)) ? selected : added.length > 0 && added.length <= MAX_REVEAL_ADDED ? added[added.length - 1]! : null;
    if (target) requestAnimationFrame(() => revealClear(target));
  }, [shown, drawnPositions, drawn.own, openSeq, showHelpers, revealClear]);

  // Keyboard: nodes are focusable in document order (edges are not). Focusing one brings
  // it clear of the overlays; Enter or Space selects it as a click does; the arrows,
  // Home and End move to the previous, next, first or last node; Escape clears the selection.
  const focusNode = useCallback((id: string, tries = 10) => {
    const el = hostRef.current?.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
    if (el) el.focus({ preventScroll: true });
    // Past RENDER_ALL_LIMIT only nodes in view are drawn: bring it in, then focus it once drawn.
    else if (tries > 0) {
      if (tries === 10) revealClear(id);
      requestAnimationFrame(() => focusNode(id, tries - 1));
    }
  }, [revealClear]);

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

  const onNodeClick: NodeMouseHandler = (_e, node) => selectNode(node.id, 'graph');

  // In the overview a click on a shape selects its node, as a click on the node does.
  const onPaneClick = (e: { clientX: number; clientY: number }) => {
    const index = overview && cullIndex !== null ? cullIndex : null;
    const at = index ? flow.screenToFlowPosition({ x: e.clientX, y: e.clientY }) : null;
    // A shape is a few pixels across: a click within 4 px of one is on it.
    const hit = at && index ? itemNear(index, at.x, at.y, 4 / flow.getZoom()) : null;
    selectNode(hit?.id ?? null, 'graph');
  };

  return (
    <div
      ref={hostRef}
      className="graph-host"
      role="region"
      aria-label="graph"
      data-region=""
      // F6 into the graph lands on the selected node (chrome/regions.ts), else on the first.
      data-region-entry=".react-flow__node:has(.is-selected)"
      data-testid="graph"
      data-version={graphVersion}
      data-layout-method={layoutInfo?.method ?? ''}
      data-layout-draft={layoutInfo?.draft ? 'true' : 'false'}
      data-layout-ms={layoutInfo ? Math.round(layoutInfo.ms) : ''}
      data-lod={lod}
      data-visible-nodes={shown.ids.length}
      data-drawn-nodes={nodes.length}
      data-overview={overview ? 'true' : 'false'}
      data-focus={focusKey ? focusId ?? '' : ''}
      data-focus-layout={focusKey ? (drawn.own ? 'own' : 'whole') : ''}
      data-collapsed-count={collapsed.size}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodeClick={onNodeClick}
        onPaneClick={onPaneClick}
        onMoveEnd={(_e, viewport) => saveViewport(viewport)}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        edgesFocusable={false}
        autoPanOnNodeFocus={false}
        // React Flow listens for these keys on the whole window and takes them from any
        // element it does not know as a text field, Monaco's EditContext input among them
        // (Space never reached the editor). Nothing here is selectable, deletable or
        // draggable, so none of them is needed: no listener is installed at all.
        deleteKeyCode={null}
        selectionKeyCode={null}
        multiSelectionKeyCode={null}
        panActivationKeyCode={null}
        zoomActivationKeyCode={null}
        onlyRenderVisibleElements={false}
        // Far enough out that Fit can frame a trace of thousands of beliefs (drawn as shapes then).
        minZoom={0.01}
        maxZoom={2}
        attributionPosition="top-right"
        colorMode={theme}
      >
        <ArrowMarkers />
        <Background gap={24} size={1} color="var(--dots)" />
        {overview && cullIndex !== null && <OverviewCanvas index={cullIndex} />}
        {cullIndex === null && <MiniMap pannable zoomable nodeColor={minimapColor} maskColor="var(--minimap-mask)" />}
        <Controls showInteractive={false} showFitView={false}>
          <ControlButton onClick={fit} title="Fit: the selected node and its neighbours, or the whole graph" aria-label="fit view" data-testid="fit-view">
            <svg viewBox="0 0 32 30" aria-hidden>
              <path d="M3.7 11.3V4.1h7.2V1H2.3C1.5 1 1 1.6 1 2.4V11h2.7zM28.3 11.3V4.1h-7.2V1h8.6c.8 0 1.3.6 1.3 1.4V11h-2.7zM3.7 18.7v7.2h7.2V29H2.3c-.8 0-1.3-.6-1.3-1.4V19h2.7zM28.3 18.7v7.2h-7.2V29h8.6c.8 0 1.3-.6 1.3-1.4V19h-2.7z" />
            </svg>
          </ControlButton>
        </Controls>
        <Panel position="top-left">
          <GraphViewPanel />
        </Panel>
      </ReactFlow>
      <CascadeDock />
      {empty && <EmptyDocument language={language} />}
    </div>
  );
}

export function GraphPane() {
  return (
    <ReactFlowProvider>
      <GraphCanvas />
    </ReactFlowProvider>
  );
}

/** How much of the graph's bottom the drop zones cover (0 when they are not there). */
function coveredBelowOf(graph: HTMLElement | null | undefined): number {
  const dock = graph?.parentElement?.querySelector('.cascade-dock');
  if (!graph || !dock) return 0;
  const view = graph.getBoundingClientRect();
  const covered = view.bottom - dock.getBoundingClientRect().top;
  return covered > 0 && covered < view.height ? covered : 0;
}
