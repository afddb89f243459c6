/**
 * The trace as a DAG: React Flow over positions from the layout worker. The node list is
 * rebuilt only when the graph's shape or its positions change; content and confidence
 * edits flow into the memoized nodes through the store.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Background, Controls, MiniMap, Position, ReactFlow, ReactFlowProvider, useReactFlow } from '@xyflow/react';
import type { Edge, Node, NodeHandle, NodeMouseHandler } from '@xyflow/react';
import type { GraphNode } from '../../core/graph/reasoningGraph.ts';
import { boxOf } from '../../core/layout/nodeBox.ts';
import '@xyflow/react/dist/style.css';
import { NODE_HEIGHT, NODE_WIDTH } from '../../core/layout/layoutTypes.ts';
import { selectNode, useDocumentStore } from '../../store/documentStore.ts';
import { BeliefNode } from './BeliefNode.tsx';
import { ClaimNode } from './ClaimNode.tsx';
import { ContextNode } from './ContextNode.tsx';
import { FactorNode } from './FactorNode.tsx';
import { ArrowMarkers, JustificationEdge } from './JustificationEdge.tsx';
import { minimapColor } from './bandColours.ts';
import { CascadeDock } from '../cascade/CascadeDock.tsx';
import { saveViewport, useSessionsStore } from '../../store/browserSessions.ts';

const nodeTypes = { belief: BeliefNode, claim: ClaimNode, factor: FactorNode, context: ContextNode };
const edgeTypes = { justification: JustificationEdge };
/**
 * Node sizes and handles are told to React Flow up front: it then never renders every
 * node once to measure it, which for a 20k-node trace would mount 20k elements just to
 * throw them away. Each kind of node has one fixed box (nodeBox.ts).
 */
const boxCache = new Map<string, { measured: { width: number; height: number }; handles: NodeHandle[] }>();

function sizing(node: GraphNode) {
  const box = boxOf(node);
  const key = `${box.width}x${box.height}`;
  let cached = boxCache.get(key);
  if (!cached) {
    cached = {
      measured: { width: box.width, height: box.height },
      handles: [
        { type: 'target', position: Position.Top, x: box.width / 2, y: 0, width: 1, height: 1 },
        { type: 'source', position: Position.Bottom, x: box.width / 2, y: box.height, width: 1, height: 1 },
      ],
    };
    boxCache.set(key, cached);
  }
  return cached;
}

function nodeType(node: GraphNode): string {
  if (node.kind === 'belief') return 'belief';
  if (node.kind === 'factor') return 'factor';
  if (node.kind === 'note' || node.kind === 'question') return 'context';
  return 'claim';
}

/** docs/contract.md §4: up to this many nodes, every node is rendered after the view fits. */
const RENDER_ALL_LIMIT = 200;
/** The minimap draws every node; past this many it costs more than it shows. */
const MINIMAP_LIMIT = 1500;

function GraphCanvas() {
  const structureKey = useDocumentStore((s) => s.analysis?.structureKey ?? '');
  const showHelpers = useDocumentStore((s) => s.showHelpers);
  const positions = useDocumentStore((s) => s.positions);
  const graphVersion = useDocumentStore((s) => s.graphVersion);
  const layoutInfo = useDocumentStore((s) => s.layoutInfo);
  const flow = useReactFlow();

  const nodes = useMemo<Node[]>(() => {
    const graph = useDocumentStore.getState().analysis?.graph;
    if (!graph) return [];
    const out: Node[] = [];
    for (const n of graph.nodes) {
      const p = positions[n.id];
      if (!p || (n.helper && !showHelpers)) continue;
      const size = sizing(n);
      out.push({ id: n.id, type: nodeType(n), position: p, data: {}, width: size.measured.width, height: size.measured.height, measured: size.measured, handles: size.handles });
    }
    return out;
  }, [structureKey, positions, showHelpers]);

  const edges = useMemo<Edge[]>(() => {
    const graph = useDocumentStore.getState().analysis?.graph;
    if (!graph) return [];
    return graph.edges
      .filter((e) => positions[e.from] && positions[e.to])
      .map((e) => ({ id: e.id, source: e.from, target: e.to, type: 'justification', data: { tentative: e.tentative, kind: e.kind } }));
  }, [structureKey, positions]);

  // Fit the view when a document's first layout arrives.
  const fittedFor = useRef<string | null>(null);
  const openSeq = useDocumentStore((s) => s.openRequest?.seq ?? 0);
  useEffect(() => {
    const key = `${openSeq}`;
    if (nodes.length === 0 || fittedFor.current === key) return;
    fittedFor.current = key;
    // A session reopened where it was left; otherwise fit the whole graph.
    const restore = useSessionsStore.getState().restoreViewport;
    if (restore) {
      useSessionsStore.setState({ restoreViewport: null });
      requestAnimationFrame(() => void flow.setViewport(restore));
    } else requestAnimationFrame(() => void flow.fitView({ padding: 0.12, maxZoom: 1.1 }));
  }, [nodes, openSeq, flow]);

  // Bring a node selected elsewhere (editor, inspector, problems) into view.
  useEffect(
    () =>
      useDocumentStore.subscribe((s, prev) => {
        if (s.selection === prev.selection || !s.selection.id || s.selection.source === 'graph') return;
        const p = s.positions[s.selection.id];
        if (!p) return;
        const node = flow.getInternalNode(s.selection.id);
        const { x, y, zoom } = flow.getViewport();
        const pane = document.querySelector('[data-testid=graph]')?.getBoundingClientRect();
        if (pane) {
          const sx = p.x * zoom + x;
          const sy = p.y * zoom + y;
          const inside = sx >= 0 && sy >= 0 && sx + NODE_WIDTH * zoom <= pane.width && sy + NODE_HEIGHT * zoom <= pane.height;
          if (inside && node) return;
        }
        void flow.setCenter(p.x + NODE_WIDTH / 2, p.y + NODE_HEIGHT / 2, { zoom: Math.max(zoom, 0.6), duration: 250 });
      }),
    [flow],
  );

  const onNodeClick: NodeMouseHandler = (_e, node) => selectNode(node.id, 'graph');

  return (
    <div
      className="graph-host"
      data-testid="graph"
      data-version={graphVersion}
      data-layout-method={layoutInfo?.method ?? ''}
      data-layout-ms={layoutInfo ? Math.round(layoutInfo.ms) : ''}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodeClick={onNodeClick}
        onPaneClick={() => selectNode(null, 'graph')}
        onMoveEnd={(_e, viewport) => saveViewport(viewport)}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        onlyRenderVisibleElements={nodes.length > RENDER_ALL_LIMIT}
        minZoom={0.05}
        maxZoom={2}
        attributionPosition="top-right"
        colorMode="dark"
      >
        <ArrowMarkers />
        <Background gap={24} size={1} color="#263041" />
        {nodes.length <= MINIMAP_LIMIT && <MiniMap pannable zoomable nodeColor={minimapColor} maskColor="rgba(10,14,20,0.7)" />}
        <Controls showInteractive={false} />
      </ReactFlow>
      <CascadeDock />
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
