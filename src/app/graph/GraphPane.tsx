/**
 * The trace as a DAG: React Flow over positions from the layout worker. The node list is
 * rebuilt only when the graph's shape or its positions change; content and confidence
 * edits flow into the memoized nodes through the store.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Background, Controls, MiniMap, Position, ReactFlow, ReactFlowProvider, useReactFlow } from '@xyflow/react';
import type { Edge, Node, NodeHandle, NodeMouseHandler } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { NODE_HEIGHT, NODE_WIDTH } from '../../core/layout/layoutTypes.ts';
import { selectNode, useDocumentStore } from '../../store/documentStore.ts';
import { BeliefNode } from './BeliefNode.tsx';
import { ArrowMarkers, JustificationEdge } from './JustificationEdge.tsx';
import { minimapColor } from './bandColours.ts';

const nodeTypes = { belief: BeliefNode };
const edgeTypes = { justification: JustificationEdge };
/**
 * Every node has the same size and handles, so React Flow is told them up front: it then
 * never has to render every node once to measure it, which for a 20k-node trace would
 * mount 20k elements just to throw them away.
 */
const NODE_SIZE = { width: NODE_WIDTH, height: NODE_HEIGHT };
const NODE_HANDLES: NodeHandle[] = [
  { type: 'target', position: Position.Top, x: NODE_WIDTH / 2, y: 0, width: 1, height: 1 },
  { type: 'source', position: Position.Bottom, x: NODE_WIDTH / 2, y: NODE_HEIGHT, width: 1, height: 1 },
];
/** Contract §4: up to this many nodes, every node is rendered after the view fits. */
const RENDER_ALL_LIMIT = 200;
/** The minimap draws every node; past this many it costs more than it shows. */
const MINIMAP_LIMIT = 1500;

function GraphCanvas() {
  const structureKey = useDocumentStore((s) => s.analysis?.structureKey ?? '');
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
      if (p) out.push({ id: n.id, type: 'belief', position: p, data: {}, width: NODE_WIDTH, height: NODE_HEIGHT, measured: NODE_SIZE, handles: NODE_HANDLES });
    }
    return out;
  }, [structureKey, positions]);

  const edges = useMemo<Edge[]>(() => {
    const graph = useDocumentStore.getState().analysis?.graph;
    if (!graph) return [];
    return graph.edges
      .filter((e) => positions[e.from] && positions[e.to])
      .map((e) => ({ id: e.id, source: e.from, target: e.to, type: 'justification', data: { tentative: e.tentative } }));
  }, [structureKey, positions]);

  // Fit the view when a document's first layout arrives.
  const fittedFor = useRef<string | null>(null);
  const openSeq = useDocumentStore((s) => s.openRequest?.seq ?? 0);
  useEffect(() => {
    const key = `${openSeq}`;
    if (nodes.length === 0 || fittedFor.current === key) return;
    fittedFor.current = key;
    requestAnimationFrame(() => void flow.fitView({ padding: 0.12, maxZoom: 1.1 }));
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
