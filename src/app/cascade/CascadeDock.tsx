/**
 * The cascade dock under the graph: two drop zones (refute, correct) while nothing is
 * previewed, and while a preview is shown, what it would do (in the session's words,
 * sessionWords.ts) with Commit and Cancel. Nothing is written until Commit; Cancel leaves
 * no trace. From the keyboard: a preview started by a key lands the focus on Commit
 * (dockFocus.ts); Escape anywhere in the page cancels it, and so does moving on to
 * something else — a theme change, a search.
 */
import { languageRow } from '../../core/languages/languageTable.ts';
import { useEffect, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { getSession } from '../../store/session/sessionInstance.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';
import { selectNode, useDocumentStore } from '../../store/document/documentStore.ts';
import { useSimilarityStore } from '../../store/similarity/similarityStore.ts';
import { useThemeStore } from '../theme/themeStore.ts';
import { carriesNode, draggedNode } from './nodeDrag.ts';

/** Lines of what re-derivation would produce shown in the dock; the rest are counted. */
const OUTCOME_SHOWN = 6;
import { dockShouldTakeFocus, returnFocusFromDock } from './dockFocus.ts';

function DropZone({ kind, label, short, hint }: { kind: 'refute' | 'correct'; label: string; short: string; hint: string }) {
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const id = draggedNode(e);
    if (!id) return;
    const session = getSession();
    if (kind === 'refute') void session.previewAction({ kind: 'refute', target: id, source: 'graph' });
    else if (languageRow(useDocumentStore.getState().language).ownLog) {
      // A claim of a log is corrected with a payload: its editor opens in the inspector, and previews from the served one.
      selectNode(id, 'graph');
      useLifecycleStore.setState({ correctingPayload: id });
    } else void session.previewAction({ kind: 'correct', target: id, value: session.currentValueOf(id), source: 'graph' });
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged nodes; from the keyboard the inspector's Refute and Correct buttons start the same preview
    <div
      className={`dropzone dropzone-${kind}${over ? ' is-over' : ''}`}
      data-testid={`dropzone-${kind}`}
      title={hint}
      onDragOver={(e) => {
        if (!carriesNode(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      {/* The short words stand in on a narrow pane (styles.css). */}
      <span className="dropzone-long">{label}</span>
      <span className="dropzone-short">{short}</span>
    </div>
  );
}

export function CascadeDock() {
  const preview = useLifecycleStore((s) => s.preview);
  const previewing = useLifecycleStore((s) => s.previewing);
  const notice = useLifecycleStore((s) => s.notice);
  const hasDocument = useDocumentStore((s) => s.analysis !== null);
  // What moves, in the language's word: Gaia's posteriors, a Mnema log's confidences.
  const computed = useDocumentStore((s) => languageRow(s.language).terms.computed);
  const dockRef = useRef<HTMLDivElement>(null);
  const commitRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (preview && dockShouldTakeFocus()) (preview.refusal ? cancelRef : commitRef).current?.focus();
  }, [preview]);
  const open = preview !== null || previewing !== null;
  useEffect(() => (open ? cancelOnLeave(dockRef) : undefined), [open]);
  if (!hasDocument) return null;
  if (!preview) {
    return (
      <div className="cascade-dock">
        <DropZone kind="refute" label="Drop a node here to refute it" short="Drop: refute" hint="Preview what falls if this belief is false" />
        <DropZone kind="correct" label="Drop here to correct it" short="Drop: correct" hint="Preview a new confidence or prior, then adjust it in the inspector" />
        {previewing && <span className="muted">computing the cascade…</span>}
        {!previewing && notice && (
          <span className="status-error" role="status">
            {notice}
          </span>
        )}
      </div>
    );
  }
  const invalidated = [...preview.invalidated];
  const cancel = () => {
    getSession().cancelPreview();
    returnFocusFromDock(dockRef.current);
  };
  return (
    <div ref={dockRef} className="cascade-dock is-previewing" data-testid="cascade-preview" role="region" aria-label="cascade preview" data-region="">
      <div className="cascade-summary" role="status">
        <strong>Preview: {preview.text}</strong>
        {preview.refusal && <span className="status-error">{preview.refusal}</span>}
        {/* A refusal may still come with what the action would do (a Mnema log, shown and not written). */}
        {(!preview.refusal || invalidated.length > 0 || preview.changed.size > 0) && (
          <span>
            {invalidated.length === 0 ? 'invalidates nothing' : `invalidates ${invalidated.length}: ${invalidated.slice(0, 8).join(', ')}${invalidated.length > 8 ? ', …' : ''}`}
            {preview.changed.size > 0 && ` · ${preview.changed.size} ${computed}${preview.changed.size === 1 ? ' moves' : 's move'}`}
            {preview.pendingReview.length > 0 && ` · to review: ${preview.pendingReview.join(', ')}`}
          </span>
        )}
        {preview.outcome && preview.outcome.length > 0 && (
          <ul className="cascade-outcome" data-testid="cascade-outcome" aria-label="what re-derivation would produce">
            {preview.outcome.slice(0, OUTCOME_SHOWN).map((line) => (
              <li key={line}>{line}</li>
            ))}
            {preview.outcome.length > OUTCOME_SHOWN && <li>and {preview.outcome.length - OUTCOME_SHOWN} more</li>}
          </ul>
        )}
      </div>
      <button
        ref={commitRef}
        type="button"
        data-testid="cascade-commit"
        className="primary"
        disabled={preview.refusal !== null}
        onClick={() => {
          void getSession().commitPreview();
          returnFocusFromDock(dockRef.current);
        }}
      >
        Commit
      </button>
      <button ref={cancelRef} type="button" data-testid="cascade-cancel" onClick={cancel}>
        Cancel
      </button>
    </div>
  );
}

/**
 * While a preview is open: Escape anywhere in the page cancels it (before the editor, the
 * graph or a menu sees the key: with a preview open, Escape means "not this"), and so
 * does a theme change or a search, which leave the preview behind. Returns the undo.
 */
function cancelOnLeave(dockRef: { readonly current: HTMLElement | null }): () => void {
  const cancel = () => {
    getSession().cancelPreview();
    returnFocusFromDock(dockRef.current);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    e.preventDefault();
    e.stopPropagation();
    cancel();
  };
  window.addEventListener('keydown', onKey, true);
  const unsubscribe = [
    useThemeStore.subscribe((s, prev) => {
      if (s.theme !== prev.theme || s.preference !== prev.preference) cancel();
    }),
    useSimilarityStore.subscribe((s, prev) => {
      if (s.searchText !== prev.searchText) cancel();
    }),
  ];
  return () => {
    window.removeEventListener('keydown', onKey, true);
    for (const u of unsubscribe) u();
  };
}
