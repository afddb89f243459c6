/**
 * The trace as a DAG: React Flow over positions from the layout worker. By job: what is
 * drawn (useShownGraph.ts), where the view is put (useGraphFit.ts), bringing a node into
 * view (useRevealNode.ts), the keyboard (graphKeyboard.ts), the minimap and Fit control
 * (GraphMinimap.tsx); this composes them and carries the graph's page hooks.
 */
import { useRef } from 'react';
import { Background, Panel, ReactFlow, ReactFlowProvider, useReactFlow, useStore } from '@xyflow/react';
import type { NodeMouseHandler } from '@xyflow/react';
import { useShallow } from 'zustand/react/shallow';
import '@xyflow/react/dist/style.css';
import { selectNode, useDocumentStore } from '../../store/document/documentStore.ts';
import { BeliefNode } from './BeliefNode.tsx';
import { ClaimNode } from './ClaimNode.tsx';
import { ContextNode } from './ContextNode.tsx';
import { FactorNode } from './FactorNode.tsx';
import { ArrowMarkers, JustificationEdge } from './JustificationEdge.tsx';
import { CascadeDock } from '../cascade/CascadeDock.tsx';
import { saveViewport } from '../../store/session/sessionView.ts';
import { GraphViewPanel } from './GraphViewPanel.tsx';
import { lodOf } from './levelOfDetail.ts';
import { itemNear } from '../../core/layout/viewportCulling.ts';
import { EmptyDocument } from './EmptyDocument.tsx';
import { useThemeStore } from '../theme/themeStore.ts';
import { useShownGraph } from './useShownGraph.ts';
import { useGraphFit } from './useGraphFit.ts';
import { useRevealNode } from './useRevealNode.ts';
import { graphKeyboard } from './graphKeyboard.ts';
import { FitControl, GraphMinimap } from './GraphMinimap.tsx';

const nodeTypes = { belief: BeliefNode, claim: ClaimNode, factor: FactorNode, context: ContextNode };
const edgeTypes = { justification: JustificationEdge };

function GraphCanvas() {
  const { graphVersion, layoutInfo, language, empty } = useDocumentStore(
    useShallow((s) => ({
      graphVersion: s.graphVersion,
      layoutInfo: s.layoutInfo,
      language: s.language,
      // A document with nothing to draw (and nothing wrong): show how to start.
      empty: s.analysis !== null && s.analysis.version === s.editorVersion && s.analysis.graph.nodes.length === 0 && !s.analysis.diagnostics.some((d) => d.severity === 'error'),
    })),
  );
  // Level of detail: re-renders here only when the zoom crosses a level, never per frame.
  const lod = useStore((s) => lodOf(s.transform[2]));
  const theme = useThemeStore((s) => s.theme);
  const flow = useReactFlow();
  const hostRef = useRef<HTMLDivElement>(null);

  const graph = useShownGraph();
  const { shown, nodes, edges, cullIndex, overview, focusKey, focusId, ownLayout, collapsed } = graph;
  const { fit, movedByHand, openSeq } = useGraphFit(graph);
  const { revealClear, focusNode } = useRevealNode({ ...graph, hostRef, openSeq });
  const { onFocus, onKeyDown } = graphKeyboard(shown, focusNode, revealClear);

  const onNodeClick: NodeMouseHandler = (_e, node) => selectNode(node.id, 'graph');

  // In the overview a click on a shape selects its node, as a click on the node does.
  const onPaneClick = (e: { clientX: number; clientY: number }) => {
    const index = overview && cullIndex !== null ? cullIndex : null;
    const at = index ? flow.screenToFlowPosition({ x: e.clientX, y: e.clientY }) : null;
    // A shape is a few pixels across: a click within 4 px of one is on it.
    const hit = at && index && index !== 'pending' ? itemNear(index, at.x, at.y, 4 / flow.getZoom()) : null;
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
      data-focus={focusKey ? (focusId ?? '') : ''}
      data-focus-layout={focusKey ? (ownLayout ? 'own' : 'whole') : ''}
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
        // A move with an event is the person's own (a drag, a wheel, the zoom buttons); the view stops following a graph typed afresh.
        onMoveStart={(e) => e && movedByHand()}
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
        <GraphMinimap cullIndex={cullIndex} overview={overview} />
        <FitControl fit={fit} />
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
