/**
 * The Monaco editor. It owns the text: every change bumps the document version and goes
 * to the validation worker through the pipeline. Markers, the selected-line highlight
 * and cursor-driven selection are kept in sync with the store here. A project (a Gaia
 * package's files) has one model per file (projectModels.ts): the editor shows the
 * active file's, each file gets its own diagnostics as markers, and a node or problem
 * in another file opens that file.
 */
import { useEffect, useRef } from 'react';
import type { editor as Editor } from 'monaco-editor/editor';
import { monaco } from '../monaco/monacoSetup.ts';
import { useDocumentStore, selectNode } from '../../store/document/documentStore.ts';
import { getPipeline } from '../../store/pipeline/pipelineInstance.ts';
import { applyMarkers } from './applyMarkers.ts';
import { warrantTheme } from '../monaco/warrantTheme.ts';
import { ensureLanguages } from '../monaco/ensureLanguages.ts';
import { editorLanguageOf } from '../monaco/editorLanguage.ts';
import { readTypedText, textChanged } from '../../store/session/textSaving.ts';
import { ModelTextReader } from '../../store/session/modelTextReader.ts';
import { showNotice } from '../../store/session/sessionNotices.ts';
import { documentKindOf, formatBytes, limitPhrase, pasteOverLimit } from '../../core/text/inputLimits.ts';
import { languageRow, textLimitOf } from '../../core/languages/languageTable.ts';
import { keptByPaste } from './keptByPaste.ts';
import { setActiveEditor } from './activeEditor.ts';
import { TAB_FOCUS_HINT } from './tabFocusHint.ts';
import { nodeAtFileLine, nodeAtLine } from '../../core/graph/graphIndex.ts';
import type { Project } from '../../store/project/projectStore.ts';
import { setActiveFile, updateFile, useProjectStore } from '../../store/project/projectStore.ts';
import { disposeProjectModels, projectModel, projectModels, syncProjectModels } from './projectModels.ts';
import { nextTask } from '../../store/pipeline/nextTask.ts';
import { type LargePaste, startLargeEdit, startLargePaste } from './largePaste.ts';
import { setLargeEditHandler } from '../../store/document/editorInstance.ts';
import { keepEditorSelection, restoreEditorSelection } from './keptSelection.ts';
import { whenGraphShows } from '../../store/pipeline/graphShown.ts';
import { useViewSettings } from '../../store/view/viewSettings.ts';

/** An edit no larger than this, each way, is typing rather than a paste. */
const KEY_SIZED = 8;

export function EditorPane() {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorVersion = useDocumentStore((s) => s.editorVersion);
  const activeFile = useProjectStore((s) => s.project?.active ?? null);

  useEffect(() => {
    const host = hostRef.current!;
    ensureLanguages();
    const state = useDocumentStore.getState();
    const model = monaco.editor.createModel('', editorLanguageOf(state.language), monaco.Uri.parse(`inmemory://warrant/document`));
    const editor = monaco.editor.create(host, {
      model,
      theme: warrantTheme(monaco),
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      fontFamily: "'JetBrains Mono', 'DejaVu Sans Mono', Menlo, Consolas, monospace",
      wordWrap: useViewSettings.getState().wordWrap ? 'on' : 'off',
      placeholder: languageRow(state.language).placeholder,
      // Trailing spaces only: drawing the spaces of a selection measures each one in the
      // DOM, 40–60 ms of the frame after Ctrl+A in a large trace.
      renderWhitespace: 'trailing',
      scrollBeyondLastLine: false,
      fixedOverflowWidgets: true,
      stopRenderingLineAfter: 2000,
      maxTokenizationLineLength: 4000,
      'semanticHighlighting.enabled': false,
      // Colouring bracket pairs parses the whole document for brackets: 30 ms of the frame
      // after a 3,000-belief paste, for colours a trace does not need (matching stays).
      bracketPairColorization: { enabled: false },
      guides: { bracketPairs: false, indentation: false },
      glyphMargin: false,
      lineNumbersMinChars: 3,
      ariaLabel: `Editor. ${TAB_FOCUS_HINT}`,
    });
    setActiveEditor(editor, monaco);
    // F1 opens Warrant's help (HelpPanel); the editor's command palette moves to Ctrl+Shift+P.
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.KeyP, () => editor.trigger('keyboard', 'editor.action.quickCommand', null));
    const unsubscribeWrap = useViewSettings.subscribe((s, prev) => {
      if (s.wordWrap !== prev.wordWrap) editor.updateOptions({ wordWrap: s.wordWrap ? 'on' : 'off' });
    });
    // The empty editor's invitation is the document's language's (a new Mnema log is not asked for beliefs).
    let placeholder = languageRow(state.language).placeholder;
    const unsubscribePlaceholder = useDocumentStore.subscribe((s) => {
      const wanted = languageRow(s.language).placeholder;
      if (wanted === placeholder) return;
      placeholder = wanted;
      editor.updateOptions({ placeholder });
    });
    const pipeline = getPipeline();
    let suppressCursor = false;
    // A reload brings back where the cursor and selection were (keptSelection.ts); putting
    // them back is no cursor move of the person's: it selects no node by itself.
    const stopKeeping = keepEditorSelection(editor);
    const restoreSelection = () => {
      suppressCursor = true;
      restoreEditorSelection(editor);
      suppressCursor = false;
    };

    // A large paste's slices (largePaste.ts): the pipeline has the whole text already.
    let slicing = false;
    // The last edit was the size of a key (a character, a closed pair, Enter, a deletion).
    let keyed = false;
    // A keystroke costs the same in a trace of ten lines or ten thousand: the pipeline is
    // given the edit's changes, and the whole text is read only to be saved, a while later.
    const reader = new ModelTextReader(model);
    // During a fill the text is the fill's (the editor has part of it yet).
    const readText = () => filling?.text ?? reader.read();
    const onChange = model.onDidChangeContent((e) => {
      reader.edited(e.isFlush ? 0 : Math.min(...e.changes.map((c) => c.rangeOffset)));
      // A whole text set from outside (an opened document) or a large paste's slice: the
      // pipeline has it already, and it is no keystroke (nothing is selected at the cursor).
      if (e.isFlush || slicing) {
        keyed = false;
        return;
      }
      keyed = e.changes.every((c) => c.text.length <= KEY_SIZED && c.rangeLength <= KEY_SIZED);
      pipeline.editChanges(
        e.changes.map((c) => ({ offset: c.rangeOffset, length: c.rangeLength, text: c.text })),
        model.getValueLength(),
        () => model.getValue(),
      );
      textChanged(readText);
    });
    // The editor keeps one line ending and no byte-order mark: an opened text it stores
    // otherwise is sent again as stored, so the changes typed next apply to what it holds.
    const loadOpened = (text: string) => {
      model.setValue(text);
      if ((text.includes('\r') || text.charCodeAt(0) === 0xfeff) && model.getValue() !== text) pipeline.edit(model.getValue());
      // The editor holds the opened text as it is: its parts are read from it, not from the editor.
      else reader.opened(text);
    };

    // The large paste still filling the editor, if any: a key pressed meanwhile puts the
    // rest of it in first (largePaste.ts), so the key lands where the person sees the
    // paste end, and is never dropped by the read-only fill.
    let filling: { readonly text: string; finish(): void } | null = null;
    /** Who waits for the fill to be whole (the save: editorInstance.ts editorFilled). */
    let whenFilled: { readonly promise: Promise<void>; readonly resolve: () => void } | null = null;
    const filled = () => {
      filling = null;
      delete host.dataset.filling;
      whenFilled?.resolve();
      whenFilled = null;
    };
    const finishFilling = () => {
      const f = filling;
      if (!f) return;
      filled();
      f.finish();
    };
    const onKeyFirst = (e: KeyboardEvent) => {
      if (e.key !== 'Shift' && e.key !== 'Control' && e.key !== 'Alt' && e.key !== 'Meta') finishFilling();
    };
    host.addEventListener('keydown', onKeyFirst, true);

    /**
     * Starts filling the editor in slices (a large paste, or a large edit from outside):
     * the whole text goes to the pipeline and to saving at once. While it fills,
     * `data-filling` says so, set before the first slice goes in (in this task): its
     * cursor move is not the person's and must not select the belief on the line it ends at.
     */
    const startFill = (start: (turn: () => Promise<void>, rest: () => Promise<void>) => LargePaste | null, madeByWorker = false): LargePaste | null => {
      host.dataset.filling = 'true';
      let version = Infinity;
      const large = start(
        () => pipeline.turn(),
        () => whenGraphShows(version),
      );
      if (!large) {
        delete host.dataset.filling;
        return null;
      }
      filling = large;
      // Coloured or not by the size it fills to, before its first slice goes in (a microtask later).
      const colouring = editorLanguageOf(useDocumentStore.getState().language, large.text.length);
      if (model.getLanguageId() !== colouring) monaco.editor.setModelLanguage(model, colouring);
      // A log write the validation worker signed is already in its copy of the text: it is only told the version.
      version = madeByWorker ? pipeline.editMadeByWorker(large.text) : pipeline.edit(large.text);
      // Saved once it is in the editor, read from it in parts (src/store/session/modelTextReader.ts).
      textChanged(readText);
      void large.done.finally(() => {
        if (filling === large) filled();
      });
      return large;
    };

    // A paste that would take the document past the input limit is refused, as opening
    // such a file is (src/core/text/inputLimits.ts): caught before Monaco sees it. A large
    // one within the limit is analysed at once and fills the editor in slices.
    const onPaste = (e: ClipboardEvent) => {
      // A paste over one still filling: the first is whole in the editor before this one reads it.
      finishFilling();
      const pasted = e.clipboardData?.getData('text/plain') ?? '';
      const shown = editor.getModel() ?? model;
      // A Mnema log has a log's room (languageTable.ts textLimitOf).
      const limit = textLimitOf(useDocumentStore.getState().language);
      const over = pasteOverLimit(keptByPaste(shown, shown === editor.getModel() ? editor.getSelections() : null), pasted, limit);
      if (over === null) {
        const large = startFill((turn, rest) => startLargePaste(monaco, editor, model, pasted, (on) => (slicing = on), turn, rest));
        if (!large) return;
        e.preventDefault();
        e.stopImmediatePropagation();
        return;
      }
      e.preventDefault();
      e.stopImmediatePropagation();
      showNotice(`The paste was refused: with it the document would be ${formatBytes(over)}; ${limitPhrase(limit, documentKindOf(limit))}.`);
    };
    host.addEventListener('paste', onPaste, true);

    // A large edit from outside (a log write of thousands of ops, editorText.ts) goes in as
    // a large paste does: the whole text to the pipeline now, the editor filled in slices.
    setLargeEditHandler({
      put: (start, end, parts, text, madeByWorker) =>
        startFill((turn, rest) => startLargeEdit(monaco, editor, model, { start, end, parts, text }, (on) => (slicing = on), turn, rest), madeByWorker) !== null,
      filling: () => filling?.text ?? null,
      filled: () => {
        if (!filling) return null;
        if (!whenFilled) {
          let resolve = () => {};
          const promise = new Promise<void>((r) => (resolve = r));
          whenFilled = { promise, resolve };
        }
        return whenFilled.promise;
      },
      finish: finishFilling,
    });

    // Cursor → selection, for every move except our own reveal of a selected node.
    // The belief under the cursor is selected in a task of its own, after the editor has
    // moved the cursor and painted: selecting redraws the inspector and moves the graph,
    // which at 10k beliefs made a click in the editor one long task. Moves in between
    // (keys held down) select only the last line.
    let cursorLine: number | null = null;
    const selectAtCursor = () => {
      const line = cursorLine;
      cursorLine = null;
      if (line !== null) selectAtLine(line);
    };
    const selectAtLine = (line: number) => {
      const graph = useDocumentStore.getState().analysis?.graph;
      const file = useProjectStore.getState().project?.active ?? null;
      const at = graph ? (file !== null ? nodeAtFileLine(graph, file, line) : nodeAtLine(graph, line)) : null;
      const id = at?.id ?? null;
      if (id && id !== useDocumentStore.getState().selection.id) selectNode(id, 'editor');
    };
    const onCursor = editor.onDidChangeCursorPosition((e) => {
      // A large paste's slices move the cursor through lines the user never went to; a
      // text put in whole (a document opened, a session restored) puts it at the top
      // without the person going there — selecting line 1's node then raced the analysis.
      if (suppressCursor || host.dataset.filling !== undefined || e.reason === monaco.editor.CursorChangeReason.ContentFlush) return;
      if (cursorLine === null) void nextTask().then(selectAtCursor);
      cursorLine = e.position.lineNumber;
    });

    // A project: every file its own model; an edit of any file is a version of the package.
    const onProjectEdit = (path: string, text: string) => {
      const files = updateFile(path, text);
      if (files) pipeline.editProject(files);
    };
    const projectMarkers = () => {
      const a = useDocumentStore.getState().analysis;
      if (!a) return;
      for (const [path, m] of projectModels())
        applyMarkers(
          monaco,
          m,
          a.diagnostics.filter((d) => d.file === path),
        );
    };
    const showFile = (path: string) => {
      const m = projectModel(path);
      if (m && editor.getModel() !== m) {
        suppressCursor = true;
        editor.setModel(m);
        suppressCursor = false;
      }
    };
    // The pipeline analyses an opened project itself (DocumentPipeline.followOpens).
    const openProjectModels = (project: Project) => {
      syncProjectModels(project, onProjectEdit);
      showFile(project.active);
      editor.setPosition({ lineNumber: 1, column: 1 });
      editor.revealLine(1);
      restoreSelection();
    };
    const unsubscribeProject = useProjectStore.subscribe((s, prev) => {
      if (s.project !== prev.project) {
        if (!s.project) {
          if (editor.getModel() !== model) editor.setModel(model);
          disposeProjectModels();
        } else if (!prev.project || s.project.seq !== prev.project.seq) openProjectModels(s.project);
        else if (s.project.active !== prev.project.active) {
          showFile(s.project.active);
          markSelection(useDocumentStore.getState(), false);
        }
      }
      if (s.reveal && s.reveal !== prev.reveal) {
        const r = s.reveal.range;
        showFile(s.reveal.file);
        // The cursor lands there as if moved by hand: the node written there is selected.
        editor.setSelection(new monaco.Range(r.line, r.column, r.endLine, r.endColumn));
        editor.revealRangeInCenterIfOutsideViewport(new monaco.Range(r.line, r.column, r.endLine, r.endColumn));
        editor.focus();
      }
    });

    // Store → editor: open requests, markers, and revealing the selected node's line.
    let decorations: Editor.IEditorDecorationsCollection | null = editor.createDecorationsCollection();
    /** Highlights the selected node's lines; `reveal` also moves there (in a project, opening its file). */
    function markSelection(s: ReturnType<typeof useDocumentStore.getState>, reveal: boolean): void {
      const id = s.selection.id;
      const node = id ? s.views.get(id)?.node : undefined;
      const project = useProjectStore.getState().project;
      if (reveal && node && project && node.file && node.file !== project.active) setActiveFile(node.file);
      const shown = !project || node?.file === useProjectStore.getState().project?.active;
      const lines = node && shown ? new monaco.Range(node.range.line, 1, node.range.endLine, 1) : null;
      // Every keystroke brings new views: the highlight is set again only when its lines
      // change (Monaco keeps it on them through edits), not re-inserted into the model's
      // decorations each time — in a long document that cost ~10 ms a keystroke.
      const current = decorations?.length === 1 ? decorations.getRange(0) : null;
      const same = lines ? current?.equalsRange(lines) === true : decorations?.length === 0;
      if (!same) decorations?.set(lines ? [{ range: lines, options: { isWholeLine: true, className: 'selected-belief-line', linesDecorationsClassName: 'selected-belief-gutter' } }] : []);
      if (node && shown && reveal) {
        suppressCursor = true;
        editor.revealLineInCenterIfOutsideViewport(node.range.line);
        // In a project the statement that wrote the node is selected in its file.
        if (project) editor.setSelection(new monaco.Range(node.range.line, node.range.column, node.range.endLine, node.range.endColumn));
        else editor.setPosition({ lineNumber: node.range.line, column: node.range.column });
        suppressCursor = false;
      }
    }
    const unsubscribe = useDocumentStore.subscribe((s, prev) => {
      if (s.openRequest && s.openRequest !== prev.openRequest) {
        // The pipeline has the text already (DocumentPipeline.followOpens).
        // What was typed is read before it is replaced, for the session it belongs to.
        readTypedText();
        monaco.editor.setModelLanguage(model, editorLanguageOf(s.openRequest.language, s.openRequest.text.length));
        // Opening puts the cursor at the top: no move of the person's, so it selects nothing
        // (else whether line 1's node is selected depends on whether its analysis is in yet).
        suppressCursor = true;
        loadOpened(s.openRequest.text);
        editor.setPosition({ lineNumber: 1, column: 1 });
        editor.revealLine(1);
        suppressCursor = false;
        restoreSelection();
      }
      if (s.analysis !== prev.analysis && s.analysis && s.analysis.version === s.editorVersion) {
        if (useProjectStore.getState().project) projectMarkers();
        else applyMarkers(monaco, model, s.analysis.diagnostics);
        // A belief typed on the cursor's line is a node only once its analysis is in,
        // after the cursor last moved: it becomes the selection then, as if moved to.
        // (Typing only: a paste leaves the selection as it was.)
        const at = editor.getPosition();
        // Any current analysis, not only a new shape's: the one that first had the node
        // may have come while a cursor move was still to be looked at, against an older one.
        if (at && keyed && cursorLine === null && editor.hasTextFocus()) {
          // Enter after a belief leaves the cursor on a blank line: the belief just finished
          // is the one typed (else which stays selected depends on which analysis came last).
          const line = at.lineNumber > 1 && model.getLineContent(at.lineNumber).trim() === '' ? at.lineNumber - 1 : at.lineNumber;
          selectAtLine(line);
        }
      }
      if (s.selection !== prev.selection || s.views !== prev.views) {
        markSelection(s, s.selection !== prev.selection && s.selection.source !== 'editor');
      }
    });

    // A document opened before this editor mounted (e.g. restored on start) is loaded now.
    const pendingOpen = useDocumentStore.getState().openRequest;
    const pendingProject = useProjectStore.getState().project;
    if (pendingProject) openProjectModels(pendingProject);
    else if (pendingOpen) {
      monaco.editor.setModelLanguage(model, editorLanguageOf(pendingOpen.language, pendingOpen.text.length));
      loadOpened(pendingOpen.text);
      restoreSelection();
    }
    // Its analysis may be in already: the markers of the version on screen.
    const current = useDocumentStore.getState();
    if (current.analysis && current.analysis.version === current.editorVersion) {
      if (pendingProject) projectMarkers();
      else applyMarkers(monaco, model, current.analysis.diagnostics);
    }

    return () => {
      unsubscribe();
      unsubscribeWrap();
      unsubscribePlaceholder();
      unsubscribeProject();
      disposeProjectModels();
      host.removeEventListener('paste', onPaste, true);
      setLargeEditHandler(null);
      host.removeEventListener('keydown', onKeyFirst, true);
      onChange.dispose();
      readTypedText();
      // A save waiting for a fill reads what was read here.
      whenFilled?.resolve();
      onCursor.dispose();
      stopKeeping();
      decorations?.clear();
      decorations = null;
      setActiveEditor(null);
      editor.dispose();
      model.dispose();
    };
  }, []);

  // `nokey`: React Flow's key handlers skip events from inside it. Monaco's input is an
  // EditContext div, which they would not otherwise take for a text field.
  // `data-file`: in a project, the file shown (root-relative path).
  return <div className="editor-host nokey" data-testid="editor" data-version={editorVersion} data-file={activeFile ?? undefined} ref={hostRef} />;
}
