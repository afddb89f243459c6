/** Hover on a belief id: the text of src/core/editing/hoverText.ts, for the id the worker finds there. */
import type { languages as Languages } from 'monaco-editor/editor';
import { beliefHover } from '../../../core/editing/hoverText.ts';
import type { Monaco } from '../monacoSetup.ts';
import { shownFlagOf } from '../../../store/session/shownFlags.ts';
import type { LanguageHost } from '../languageHost.ts';

export function clairHoverProvider(monaco: Monaco, host: LanguageHost): Languages.HoverProvider {
  return {
    async provideHover(_model, position) {
      const use = await host.symbolAt(position.lineNumber, position.column).catch(() => null);
      if (!use) return null;
      const r = use.range;
      const range = new monaco.Range(r.line, r.column, r.endLine, r.endColumn);
      const view = host.views().get(use.id);
      const references = view ? (await host.usesOf(use.id)).filter((u) => u.kind !== 'definition').length : 0;
      return { range, contents: [{ value: beliefHover(use.id, view, references, shownFlagOf(use.id)) }] };
    },
  };
}
