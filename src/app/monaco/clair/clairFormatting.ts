/**
 * Format document: the printer's canonical text, computed in the worker, applied as
 * per-line edits so the cursor and undo history stay where they were.
 */
import type { editor as Editor, languages as Languages } from 'monaco-editor/editor';
import type { Monaco } from '../monacoSetup.ts';
import type { LanguageHost } from '../languageHost.ts';

export function clairFormattingProvider(monaco: Monaco, host: LanguageHost): Languages.DocumentFormattingEditProvider {
  return {
    displayName: 'CLAIR canonical form',
    async provideDocumentFormattingEdits(model) {
      const before = model.getValue();
      const after = await host.format(before);
      if (after === null || after === before) return [];
      return lineEdits(monaco, model, after);
    },
  };
}

function lineEdits(monaco: Monaco, model: Editor.ITextModel, formatted: string): Languages.TextEdit[] {
  const newLines = formatted.split('\n');
  if (newLines[newLines.length - 1] === '') newLines.pop();
  const oldCount = model.getLineCount();
  const edits: Languages.TextEdit[] = [];
  const common = Math.min(oldCount, newLines.length);
  for (let i = 0; i < common; i++) {
    const line = i + 1;
    const old = model.getLineContent(line);
    if (old !== newLines[i]) edits.push({ range: new monaco.Range(line, 1, line, old.length + 1), text: newLines[i]! });
  }
  if (newLines.length < oldCount) {
    // Trailing blank lines collapse: remove what the printer dropped, keeping one newline.
    const lastKept = Math.max(1, newLines.length);
    edits.push({
      range: new monaco.Range(lastKept, model.getLineMaxColumn(lastKept), oldCount, model.getLineMaxColumn(oldCount)),
      text: newLines.length === 0 ? '' : '\n',
    });
  } else if (newLines.length > oldCount) {
    edits.push({
      range: new monaco.Range(oldCount, model.getLineMaxColumn(oldCount), oldCount, model.getLineMaxColumn(oldCount)),
      text: '\n' + newLines.slice(oldCount).join('\n'),
    });
  }
  return edits;
}
