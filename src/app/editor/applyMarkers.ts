/** Diagnostics → Monaco markers (squiggles). Counts stay exact; squiggles are capped. */
import type { editor as Editor } from 'monaco-editor/editor';
import type { Diagnostic } from '../../core/text/diagnostic.ts';
import type { Monaco } from '../monaco/monacoSetup.ts';

/** More squiggles than this slow the editor without helping anyone. */
export const MAX_MARKERS = 5000;
export const MARKER_OWNER = 'warrant';

export function applyMarkers(monaco: Monaco, model: Editor.ITextModel, diagnostics: readonly Diagnostic[]): void {
  const S = monaco.MarkerSeverity;
  const markers: Editor.IMarkerData[] = [];
  for (const d of diagnostics) {
    if (markers.length >= MAX_MARKERS) break;
    markers.push({
      severity: d.severity === 'error' ? S.Error : d.severity === 'warning' ? S.Warning : S.Info,
      code: d.code,
      message: d.message,
      source: 'warrant',
      startLineNumber: d.range.line,
      startColumn: d.range.column,
      endLineNumber: d.range.endLine,
      endColumn: d.range.endColumn,
    });
  }
  // A clean document stays clean keystroke after keystroke: setting no markers again would
  // only make Monaco redo its marker decorations. Markers that exist are always set again,
  // since an edit may have moved the squiggles Monaco drew for the old ones.
  if (markers.length === 0 && clean.has(model)) return;
  if (markers.length === 0) clean.add(model);
  else clean.delete(model);
  monaco.editor.setModelMarkers(model, MARKER_OWNER, markers);
}

/** Models whose last markers set were none. */
const clean = new WeakSet<Editor.ITextModel>();
