/**
 * The Monaco editor. It owns the text: every change bumps the document version and goes
 * to the validation worker through the pipeline. Markers, the selected-line highlight
 * and cursor-driven selection are kept in sync with the store here.
 */
import { useEffect, useRef } from 'react';
import type { editor as Editor } from 'monaco-editor/editor';
import { monaco } from '../monaco/monacoSetup.ts';
import { useDocumentStore, selectNode } from '../../store/documentStore.ts';
import { getPipeline } from '../../store/pipelineInstance.ts';
import { applyMarkers } from './applyMarkers.ts';
import { WARRANT_THEME, defineWarrantTheme } from '../monaco/warrantTheme.ts';
import { editorLanguageOf, ensureLanguages } from '../monaco/ensureLanguages.ts';
import { saveTextSoon, showNotice } from '../../store/browserSessions.ts';
import { formatBytes, limitPhrase, MAX_DOCUMENT_BYTES, pasteOverLimit } from '../../core/text/inputLimits.ts';
import { setActiveEditor } from './activeEditor.ts';
import { TAB_FOCUS_HINT } from './tabFocusHint.ts';
import { nodeAtLine } from '../../core/graph/graphIndex.ts';

export function EditorPane() {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorVersion = useDocumentStore((s) => s.editorVersion);

  useEffect(() => {
    const host = hostRef.current!;
    ensureLanguages();
    defineWarrantTheme(monaco);
    const state = useDocumentStore.getState();
    const model = monaco.editor.createModel('', editorLanguageOf(state.language), monaco.Uri.parse(`inmemory://warrant/document`));
    const editor = monaco.editor.create(host, {
      model,
      theme: WARRANT_THEME,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      fontFamily: "'JetBrains Mono', 'DejaVu Sans Mono', Menlo, Consolas, monospace",
      wordWrap: 'off',
      renderWhitespace: 'selection',
      scrollBeyondLastLine: false,
      fixedOverflowWidgets: true,
      stopRenderingLineAfter: 2000,
      maxTokenizationLineLength: 4000,
      'semanticHighlighting.enabled': false,
      glyphMargin: false,
      lineNumbersMinChars: 3,
      ariaLabel: `Editor. ${TAB_FOCUS_HINT}`,
    });
    setActiveEditor(editor);
    const pipeline = getPipeline();
    let suppressCursor = false;

    const onChange = model.onDidChangeContent(() => {
      const text = model.getValue();
      pipeline.edit(text);
      saveTextSoon(text);
    });

    // A paste that would take the document past the input limit is refused, as opening
    // such a file is (src/core/text/inputLimits.ts): caught before Monaco sees it.
    const onPaste = (e: ClipboardEvent) => {
      const pasted = e.clipboardData?.getData('text/plain') ?? '';
      const over = pasteOverLimit({ length: model.getValueLength(), text: () => model.getValue() }, pasted);
      if (over === null) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      showNotice(`The paste was refused: with it the document would be ${formatBytes(over)}; ${limitPhrase(MAX_DOCUMENT_BYTES, 'document')}.`);
    };
    host.addEventListener('paste', onPaste, true);

    // Cursor → selection, for every move except our own reveal of a selected node.
    const onCursor = editor.onDidChangeCursorPosition((e) => {
      if (suppressCursor) return;
      const graph = useDocumentStore.getState().analysis?.graph;
      const id = graph ? (nodeAtLine(graph, e.position.lineNumber)?.id ?? null) : null;
      if (id && id !== useDocumentStore.getState().selection.id) selectNode(id, 'editor');
    });

    // Store → editor: open requests, markers, and revealing the selected node's line.
    let decorations: Editor.IEditorDecorationsCollection | null = editor.createDecorationsCollection();
    const unsubscribe = useDocumentStore.subscribe((s, prev) => {
      if (s.openRequest && s.openRequest !== prev.openRequest) {
        pipeline.resetDocument();
        monaco.editor.setModelLanguage(model, editorLanguageOf(s.openRequest.language));
        model.setValue(s.openRequest.text);
        editor.setPosition({ lineNumber: 1, column: 1 });
        editor.revealLine(1);
      }
      if (s.analysis !== prev.analysis && s.analysis && s.analysis.version === s.editorVersion) {
        applyMarkers(monaco, model, s.analysis.diagnostics);
      }
      if (s.selection !== prev.selection || s.views !== prev.views) {
        const id = s.selection.id;
        const node = id ? s.views.get(id)?.node : undefined;
        decorations?.set(
          node
            ? [{ range: new monaco.Range(node.range.line, 1, node.range.endLine, 1), options: { isWholeLine: true, className: 'selected-belief-line', linesDecorationsClassName: 'selected-belief-gutter' } }]
            : [],
        );
        if (node && s.selection !== prev.selection && s.selection.source !== 'editor') {
          suppressCursor = true;
          editor.revealLineInCenterIfOutsideViewport(node.range.line);
          editor.setPosition({ lineNumber: node.range.line, column: node.range.column });
          suppressCursor = false;
        }
      }
    });

    // A document opened before this editor mounted (e.g. restored on start) is loaded now.
    const pendingOpen = useDocumentStore.getState().openRequest;
    if (pendingOpen) {
      monaco.editor.setModelLanguage(model, editorLanguageOf(pendingOpen.language));
      model.setValue(pendingOpen.text);
    }

    return () => {
      unsubscribe();
      host.removeEventListener('paste', onPaste, true);
      onChange.dispose();
      onCursor.dispose();
      decorations?.clear();
      decorations = null;
      setActiveEditor(null);
      editor.dispose();
      model.dispose();
    };
  }, []);

  // `nokey`: React Flow's key handlers skip events from inside it. Monaco's input is an
  // EditContext div, which they would not otherwise take for a text field.
  return <div className="editor-host nokey" data-testid="editor" data-version={editorVersion} ref={hostRef} />;
}
