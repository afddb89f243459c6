/** Completion in Gaia modules: the entries of src/core/editing/completions.ts, as Monaco's items. */
import type { languages as Languages } from 'monaco-editor/editor';
import { GAIA_TRIGGERS, gaiaCompletions } from '../../../core/editing/completions.ts';
import type { Monaco } from '../monacoSetup.ts';
import type { LanguageHost } from '../languageHost.ts';
import { toMonacoItems } from '../completionItems.ts';

export function gaiaCompletionProvider(monaco: Monaco, host: LanguageHost): Languages.CompletionItemProvider {
  return {
    triggerCharacters: [...GAIA_TRIGGERS],
    provideCompletionItems(model, position) {
      const before = model.getValueInRange(new monaco.Range(Math.max(1, position.lineNumber - 80), 1, position.lineNumber, position.column));
      const word = model.getWordUntilPosition(position);
      const lineBefore = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const place = { line: position.lineNumber, column: position.column, lineBefore, wordStart: word.startColumn, wordEnd: word.endColumn };
      return toMonacoItems(monaco, position.lineNumber, gaiaCompletions(place, before, host.latest()));
    },
  };
}
