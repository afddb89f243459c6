/**
 * Format document: the printer's canonical text, computed in the worker, applied as the
 * per-line edits of src/core/editing/formattingEdits.ts.
 */
import type { languages as Languages } from 'monaco-editor/editor';
import { formattingEdits } from '../../../core/editing/formattingEdits.ts';
import type { Monaco } from '../monacoSetup.ts';
import type { LanguageHost } from '../languageHost.ts';

export function clairFormattingProvider(monaco: Monaco, host: LanguageHost): Languages.DocumentFormattingEditProvider {
  return {
    displayName: 'CLAIR canonical form',
    async provideDocumentFormattingEdits(model) {
      const before = model.getValue();
      const after = await host.format(before);
      if (after === null) return [];
      return formattingEdits(before, after).map((e) => ({ range: new monaco.Range(e.range.line, e.range.column, e.range.endLine, e.range.endColumn), text: e.text }));
    },
  };
}
