/**
 * Where the view of the graph is put: fitted when a document opens (never below a zoom
 * where its text reads: readableFrame.ts) or restored where a session was left, framed
 * when focus mode moves, and the Fit button (the selected node and its neighbours, or
 * everything).
 */
import { useCallback, useEffect, useRef } from 'react';
import { useReactFlow, useStoreApi } from '@xyflow/react';
import { useShallow } from 'zustand/react/shallow';
import type { GraphIndex } from '../../core/graph/graphIndex.ts';
import type { NodeId } from '../../core/graph/reasoningGraph.ts';
import { nodeAtOrAboveLine } from '../../core/graph/graphIndex.ts';
import { neighbourhood } from '../../core/graph/graphView.ts';
import type { ShownNodes } from '../../core/layout/shownGraph.ts';
import { boundsOfShown } from '../../core/layout/shownGraph.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { activeEditor } from '../../store/document/editorInstance.ts';
import { useActiveEditor } from '../editor/activeEditor.ts';
import { useProjectStore } from '../../store/project/projectStore.ts';
import { useSessionsStore } from '../../store/session/sessionsStore.ts';
import { expandAll } from '../../store/view/graphViewStore.ts';
import { frameFor, openFrame } from './readableFrame.ts';
import { languageRow } from '../../core/languages/languageTable.ts';
import { CULL_FROM } from './useShownGraph.ts';

export interface GraphFitInput {
  readonly shown: ShownNodes;
  readonly index: GraphIndex | null;
  readonly focusKey: string | null;
  readonly focusId: string | null;
  readonly ownLayout: boolean;
}

/**
 * Fits the view as documents open and focus moves; returns the Fit button's action, what
 * to call when the person moves the view themselves, and the open document's sequence number.
 */
export function useGraphFit({ shown, index, focusKey, focusId, ownLayout }: GraphFitInput): { fit: () => void; movedByHand: () => void; openSeq: number } {
  const flow = useReactFlow();
  const flowStore = useStoreApi();
  /** The view follows a graph typed or pasted afresh as it grows (below), until the person moves it or asks for Fit. */
  const following = useRef(false);

  /**
   * Frames the boxes of `ids` (every shown node when null), from the layout's positions
   * rather than React Flow's nodes: of a large graph it holds only those near the view.
   * Animated while the graph is drawn whole; a large one jumps (each frame of a glide
   * would mount what it passes).
   */
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

  /**
   * A document opened: fitted, but never below a zoom where its nodes' text reads
   * (readableFrame.ts). `keepId`: a node kept in view as well (the belief being typed).
   */
  const openView = useCallback(
    (keepId: string | null = null) => {
      const { width, height, domNode } = flowStore.getState();
      // A language may open on the nodes that matter most (the language table's `opensOn`).
      const { language, views } = useDocumentStore.getState();
      const kind = languageRow(language).opensOn;
      const wanted = kind ? new Set([...views.values()].filter((v) => v.node.kind === kind).map((v) => v.node.id as string)) : null;
      const first = wanted ? shown.ids.find((id) => wanted.has(id)) : undefined;
      const bounds = (wanted && boundsOfShown(shown, wanted)) ?? boundsOfShown(shown, null);
      const framing = { width, height, coveredBelow: coveredBelowOf(domNode) };
      const keep = keepId !== null && shown.at.has(keepId) ? boundsOfShown(shown, new Set([keepId])) : null;
      // On its first such node, readable, when they do not all fit (what it rests on is above it).
      const viewport = !bounds ? null : first !== undefined ? frameFor({ ...framing, bounds, anchor: boundsOfShown(shown, new Set([first])) }) : openFrame({ ...framing, bounds }, keep);
      if (viewport) void flow.setViewport(viewport);
    },
    [shown, flow, flowStore],
  );

  /**
   * Fit: the selected node and its neighbours when one is selected, else everything — which
   * for a large graph is an overview at the compact level of detail, never a page of text
   * too small to read.
   */
  const fit = useCallback(() => {
    following.current = false;
    const selected = useDocumentStore.getState().selection.id as NodeId | null;
    const ids = selected && index?.byId.has(selected) ? [...neighbourhood(index, selected, 1)].filter((id) => shown.at.has(id)) : [];
    fitTo(ids.length > 0 ? ids : null, true, ids.length > 0 ? selected : null);
  }, [shown, fitTo, index]);

  // Entering focus mode, or moving it to another node or depth, frames what is now drawn,
  // and again when the focus's own layout arrives — that alone: an edit while in focus
  // mode leaves the view where the person put it.
  const fitToRef = useRef(fitTo);
  fitToRef.current = fitTo;
  const focusFramed = focusKey ? `${focusKey}:${ownLayout}` : null;
  useEffect(() => {
    if (!focusFramed) return;
    // Focus mode is the person placing the view: a graph typed afresh is no longer followed.
    following.current = false;
    requestAnimationFrame(() => fitToRef.current(null, true, focusId));
  }, [focusFramed, focusId]);

  // Fit the view when a document's first layout arrives (and again when the real layout
  // replaces a large graph's draft).
  const fittedFor = useRef<string | null>(null);
  const { openSeq, draft, docName } = useDocumentStore(useShallow((s) => ({ openSeq: s.openRequest?.seq ?? 0, draft: s.layoutInfo?.draft === true, docName: s.name })));
  // A document opened anew starts with nothing collapsed.
  useEffect(() => expandAll(), [docName, openSeq]);
  // The shown graph the open fit acted on: the refit below leaves that one to it.
  const openedWith = useRef<ShownNodes | null>(null);
  useEffect(() => {
    const key = `${openSeq}${draft ? ':draft' : ''}`;
    if (shown.ids.length === 0 || fittedFor.current === key || fittedFor.current === `${openSeq}`) return;
    fittedFor.current = key;
    openedWith.current = shown;
    // A session reopened where it was left; otherwise fit the whole graph.
    const restore = useSessionsStore.getState().restoreViewport;
    if (restore) {
      // Where the user left it stays, whatever the layout that follows a draft.
      fittedFor.current = `${openSeq}`;
      useSessionsStore.setState({ restoreViewport: null });
      requestAnimationFrame(() => void flow.setViewport(restore));
    } else requestAnimationFrame(() => openView());
  }, [shown, openSeq, draft, flow, openView]);

  // A graph replaced whole in the open document — emptied and typed afresh, or pasted
  // over — is framed as an opened one is: the old view (say, a nine-belief sample
  // fitted into a narrow pane) would show the new beliefs as ids, or not at all. While
  // it grows the view keeps framing it, until the person moves the view themselves; an
  // edit of a graph that keeps any node otherwise leaves the view where they put it,
  // unless it leaves nothing in view (a large paste undone: the view stayed where the
  // paste's beliefs were, below the few that are left).
  const previous = useRef<{ readonly shown: ShownNodes; readonly seq: number } | null>(null);
  // The text emptied or replaced whole by an edit: the graph that follows is typed afresh,
  // even when no empty graph was drawn in between (typing fast on a busy machine, the
  // emptied text and the first keys are analysed as one version) or its ids are the old ones.
  const replacedByEdit = useRef(false);
  const editor = useActiveEditor();
  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model) return;
    let length = model.getValueLength();
    const changed = editor.onDidChangeModelContent((e) => {
      const before = length;
      length = editor.getModel()?.getValueLength() ?? 0;
      if (e.isFlush) return;
      if (length === 0 || (before > 0 && e.changes.some((c) => c.rangeOffset === 0 && c.rangeLength === before))) replacedByEdit.current = true;
    });
    const swapped = editor.onDidChangeModel(() => {
      length = editor.getModel()?.getValueLength() ?? 0;
    });
    return () => {
      changed.dispose();
      swapped.dispose();
    };
  }, [editor]);
  useEffect(() => {
    const before = previous.current;
    previous.current = { shown, seq: openSeq };
    if (!before || before.seq !== openSeq) following.current = replacedByEdit.current = false;
    if (!before || before.seq !== openSeq || fittedFor.current === null || openedWith.current === shown || shown.ids.length === 0) return;
    const replaced = replacedByEdit.current || before.shown.ids.length === 0 || !shown.ids.some((id) => before.shown.at.has(id));
    replacedByEdit.current = false;
    if (replaced) following.current = true;
    // Framed as it grows, the belief being typed stays in view even when the graph no longer fits readably.
    if (following.current || nothingInView(shown, flow.getViewport(), flowStore.getState())) requestAnimationFrame(() => openView(following.current ? beliefAtCursor() : null));
  }, [shown, openSeq, openView, flow, flowStore]);
  const movedByHand = useCallback(() => {
    following.current = false;
  }, []);

  return { fit, movedByHand, openSeq };
}

/** The belief at or above the editor's cursor in a one-file document (the one being typed), or null. */
function beliefAtCursor(): string | null {
  const line = activeEditor()?.getPosition()?.lineNumber;
  const graph = useDocumentStore.getState().analysis?.graph;
  if (line === undefined || !graph || useProjectStore.getState().project) return null;
  return nodeAtOrAboveLine(graph, line)?.id ?? null;
}

/** True when the box around every shown node lies wholly outside the pane's view. */
function nothingInView(shown: ShownNodes, view: { readonly x: number; readonly y: number; readonly zoom: number }, pane: { readonly width: number; readonly height: number }): boolean {
  const box = boundsOfShown(shown, null);
  if (!box || pane.width <= 0 || pane.height <= 0 || !(view.zoom > 0)) return false;
  const left = -view.x / view.zoom;
  const top = -view.y / view.zoom;
  return box.x > left + pane.width / view.zoom || box.x + box.width < left || box.y > top + pane.height / view.zoom || box.y + box.height < top;
}

/** How much of the graph's bottom the drop zones cover (0 when they are not there). */
function coveredBelowOf(graph: HTMLElement | null | undefined): number {
  const dock = graph?.parentElement?.querySelector('.cascade-dock');
  if (!graph || !dock) return 0;
  const view = graph.getBoundingClientRect();
  const covered = view.bottom - dock.getBoundingClientRect().top;
  return covered > 0 && covered < view.height ? covered : 0;
}
