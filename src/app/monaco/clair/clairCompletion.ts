/** Completion in CLAIR: the entries of src/core/editing/completions.ts, as Monaco's items. */
import type { languages as Languages } from 'monaco-editor/editor';
import { CLAIR_TRIGGERS, clairCompletions } from '../../../core/editing/completions.ts';
import type { Monaco } from '../monacoSetup.ts';
import type { LanguageHost } from '../languageHost.ts';
import { toMonacoItems } from '../completionItems.ts';

export function clairCompletionProvider(monaco: Monaco, host: LanguageHost): Languages.CompletionItemProvider {
  return {
    triggerCharacters: [...CLAIR_TRIGGERS],
    provideCompletionItems(model, position) {
      const lineBefore = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const word = model.getWordUntilPosition(position);
      const place = { line: position.lineNumber, column: position.column, lineBefore, wordStart: word.startColumn, wordEnd: position.column };
      return toMonacoItems(monaco, position.lineNumber, clairCompletions(place, host.latest(), host.views()));
    },
  };
}
