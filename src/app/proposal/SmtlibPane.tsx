/**
 * The SMT-LIB2 the proposal emits in the chosen mode, read-only, coloured by the
 * SMT-LIB highlighter. When a gate stops the proposal nothing is emitted, and the pane
 * says which gate and why instead of showing an old script.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { editor as Editor } from 'monaco-editor/editor';
import { monaco } from '../monaco/monacoSetup.ts';
import { ensureLanguages } from '../monaco/ensureLanguages.ts';
import { SMTLIB_LANGUAGE_ID } from '../monaco/smtlib/smtlibMonarch.ts';
import { warrantTheme } from '../monaco/warrantTheme.ts';
import { plural } from '../plural.ts';
import type { ModeScript } from './useModeScript.ts';

export function SmtlibPane({ script }: { script: ModeScript | null }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Editor.IStandaloneCodeEditor | null>(null);

  useEffect(() => {
    ensureLanguages();
    const model = monaco.editor.createModel('', SMTLIB_LANGUAGE_ID, monaco.Uri.parse('inmemory://warrant/emitted.smt2'));
    const editor = monaco.editor.create(hostRef.current!, {
      model,
      readOnly: true,
      domReadOnly: true,
      theme: warrantTheme(monaco),
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 12,
      fontFamily: "'JetBrains Mono', 'DejaVu Sans Mono', Menlo, Consolas, monospace",
      wordWrap: 'on',
      wrappingIndent: 'indent',
      scrollBeyondLastLine: false,
      lineNumbersMinChars: 3,
      glyphMargin: false,
      folding: false,
      renderLineHighlight: 'none',
      'semanticHighlighting.enabled': false,
      stopRenderingLineAfter: 4000,
    });
    editorRef.current = editor;
    return () => {
      editorRef.current = null;
      editor.dispose();
      model.dispose();
    };
  }, []);

  const text = script?.smtlib ?? '';
  const bytes = useMemo(() => new TextEncoder().encode(text).length, [text]);
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model && model.getValue() !== text) model.setValue(text);
  }, [text]);

  const stopped = script !== null && script.smtlib === null;
  return (
    <section className="smtlib-pane" data-testid="smtlib" data-version={script?.version ?? 0} data-mode={script?.mode ?? ''} data-gate={script?.gate ?? ''} data-bytes={bytes}>
      <header className="pane-head">
        <span className="pane-title">SMT-LIB2</span>
        <span className="muted">{script ? (script.smtlib ? `${script.mode} mode · ${plural(text.split('\n').length - 1, 'line')} · deterministic` : 'nothing emitted') : 'emitting…'}</span>
      </header>
      <div className="smtlib-body">
        <div className="smtlib-editor" ref={hostRef} hidden={stopped} />
        {stopped && (
          <div className="smtlib-stopped" data-testid="smtlib-stopped">
            <strong>Stopped at the {script.gate} gate.</strong> Nothing is emitted or sent to a solver until it passes.
            {script.problem && (
              <p>
                <code>{script.problem}</code>
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
