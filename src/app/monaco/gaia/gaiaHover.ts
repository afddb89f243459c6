/**
 * Hover on a name in a Gaia module: a knowledge node's text or a verb's, from
 * src/core/editing/hoverText.ts.
 */
import type { languages as Languages } from 'monaco-editor/editor';
import { gaiaNodeHover, verbHover } from '../../../core/editing/hoverText.ts';
import { verbNamed } from '../../../core/editing/gaiaVocabulary.ts';
import type { Monaco } from '../monacoSetup.ts';
import { shownFlagOf } from '../../../store/session/shownFlags.ts';
import type { LanguageHost } from '../languageHost.ts';

export function gaiaHoverProvider(monaco: Monaco, host: LanguageHost): Languages.HoverProvider {
  return {
    async provideHover(model, position) {
      const word = model.getWordAtPosition(position);
      if (!word) return null;
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      const use = await host.symbolAt(position.lineNumber, position.column).catch(() => null);
      const id = use?.id ?? word.word;
      const view = host.views().get(id);
      if (view) return { range, contents: [{ value: gaiaNodeHover(view, host.latest(), host.posterior(id), shownFlagOf(id)) }] };
      const verb = verbNamed(word.word);
      return verb ? { range, contents: [{ value: verbHover(verb) }] } : null;
    },
  };
}
