/**
 * What the graph draws, derived from the document store: the nodes focus mode and
 * collapsing leave visible (src/core/graph/graphView.ts), at their positions (the whole
 * graph's layout, or a focus's own: useFocusLayout.ts), as React Flow's nodes and edges —
 * of a large graph only those in and around the view (useViewportCulling.ts). The node
 * list is rebuilt only when the graph's shape or its positions change; content and
 * confidence edits flow into the memoized nodes through the store.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useReactFlow } from '@xyflow/react';
import type { Edge, Node } from '@xyflow/react';
import { useShallow } from 'zustand/react/shallow';
import type { GraphIndex } from '../../core/graph/graphIndex.ts';
import type { NodeId } from '../../core/graph/reasoningGraph.ts';
import { hiddenBelow, hiddenByCollapse, visibleNodes } from '../../core/graph/graphView.ts';
import type { Positions } from '../../core/layout/layoutTypes.ts';
import type { CullIndex } from '../../core/layout/viewportCulling.ts';
import { cullIndexSteps } from '../../core/layout/viewportCulling.ts';
import type { ShownNodes } from '../../core/layout/shownGraph.ts';
import { shownEdges, shownNodes } from '../../core/layout/shownGraph.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { nextTask } from '../../store/pipeline/nextTask.ts';
import { useGraphViewStore } from '../../store/view/graphViewStore.ts';
import { flowNode } from './flowNode.ts';
import { useFocusLayout } from './useFocusLayout.ts';
import { useViewportCulling } from './useViewportCulling.ts';

/** docs/contract.md §4: up to this many nodes, every node is rendered after the view fits. */
export const RENDER_ALL_LIMIT = 200;
/**
 * Past this many nodes React Flow is given only those in and around the view
 * (useViewportCulling.ts), and an overview is drawn on a canvas (OverviewCanvas.tsx):
 * its own culling looks at every node and edge on every frame of a pan, and Fit of a
 * thousand nodes mounted a thousand elements (a frame of 0.7 s). Its minimap shows only
 * the nodes it is given, so it is drawn only while it is given all of them.
 */
export const CULL_FROM = RENDER_ALL_LIMIT;
/** A shown graph this many nodes larger or smaller than the last is a new one (culled a task later). */
const FRESH_GRAPH = 1000;

export interface ShownGraph {
  readonly index: GraphIndex | null;
  readonly showHelpers: boolean;
  readonly collapsed: ReadonlySet<string>;
  /** The selected node while focus mode is on, else null. */
  readonly focusId: string | null;
  /** The focus (node and depth) while one is drawn, else null. */
  readonly focusKey: string | null;
  /** The shown nodes, in document order, with their boxes. */
  readonly shown: ShownNodes;
  /** Where each node is drawn, and whether that is a focus's own layout. */
  readonly drawnPositions: Positions;
  readonly drawnPositionsRef: RefObject<Positions>;
  readonly ownLayout: boolean;
  /** React Flow's nodes and edges: those drawn as elements. */
  readonly nodes: Node[];
  readonly edges: Edge[];
  /** A large graph's culling index (null: every node is drawn). */
  readonly cullIndex: CullIndex | 'pending' | null;
  /** The graph is drawn as an overview on a canvas. */
  readonly overview: boolean;
}

export function useShownGraph(): ShownGraph {
  const { focusDepth, collapsed } = useGraphViewStore(useShallow((s) => ({ focusDepth: s.focusDepth, collapsed: s.collapsed })));
  const { showHelpers, positions, index, focusId } = useDocumentStore(
    useShallow((s) => ({ showHelpers: s.showHelpers, positions: s.positions, index: s.index, focusId: focusDepth !== null ? s.selection.id : null })),
  );
  const flow = useReactFlow();

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

  // A large graph is indexed for culling in a task after the one that takes in its nodes
  // and positions, so the two do not make one long frame (at 100,000 nodes each is tens
  // of milliseconds). Meanwhile an edit's graph (records appended, a belief typed) is
  // culled by the last index, so what is drawn stays; a graph that is new (a paste, an
  // opened file: thousands of nodes more or fewer than the last) draws nothing as elements.
  const [culled, setCulled] = useState<{ readonly shown: ShownNodes; readonly index: CullIndex } | null>(null);
  const lastCount = useRef(0);
  // Decided once per shown graph: a render that follows in the same task (another store's
  // update) must not find it "not new" and draw it by the last index after all.
  const fresh = useMemo(() => shown.ids.length > CULL_FROM && Math.abs(shown.ids.length - lastCount.current) > FRESH_GRAPH, [shown]);
  useEffect(() => {
    lastCount.current = shown.ids.length;
    if (shown.ids.length <= CULL_FROM) return;
    let live = true;
    void (async () => {
      // In steps, a task each: the index of 100,000 nodes made at once held the page 50–100 ms.
      const steps = cullIndexSteps(shown.ids, shown.boxes, edgesShown.ends, shown.at);
      for (;;) {
        await nextTask();
        if (!live) return;
        const step = steps.next();
        if (step.done) return setCulled({ shown, index: step.value });
      }
    })();
    return () => {
      live = false;
    };
  }, [shown, edgesShown]);

  // A large graph: React Flow draws what is in and around the view, a canvas the overview.
  const cullIndex: CullIndex | 'pending' | null = shown.ids.length <= CULL_FROM ? null : culled?.shown === shown ? culled.index : fresh || !culled ? 'pending' : culled.index;
  const drawnIds = useViewportCulling(cullIndex);
  const overview = cullIndex !== null && cullIndex !== 'pending' && drawnIds === null;
  const nodes = useMemo(() => {
    if (drawnIds === null) return [];
    // In document order, as the keyboard moves through them.
    const drawn =
      drawnIds === 'all'
        ? shown.ids.map((_, i) => i)
        : [...drawnIds]
            .map((id) => shown.at.get(id))
            .filter((i) => i !== undefined)
            .sort((a, b) => a - b);
    return drawn.map(flowNodeOf);
  }, [shown, drawnIds, flowNodeOf]);
  const edges = useMemo(() => (drawnIds === null ? [] : edgesBetween(drawnIds)), [drawnIds, edgesBetween]);

  return { index, showHelpers, collapsed, focusId, focusKey, shown, drawnPositions, drawnPositionsRef, ownLayout: drawn.own, nodes, edges, cullIndex, overview };
}
