/** Registers the CLAIR language and all its editor features with Monaco, once. */
import type { IDisposable } from 'monaco-editor/editor';
import type { Monaco } from '../monacoSetup.ts';
import type { LanguageHost } from '../languageHost.ts';
import { clairCodeActionProvider } from './clairCodeActions.ts';
import { clairCompletionProvider } from './clairCompletion.ts';
import { clairFormattingProvider } from './clairFormatting.ts';
import { clairHoverProvider } from './clairHover.ts';
import { clairLanguageConfiguration, clairMonarch } from './clairMonarch.ts';
import { clairDefinitionProvider, clairHighlightProvider, clairReferenceProvider, clairSymbolProvider } from './clairNavigation.ts';
import { clairRenameProvider } from './clairRename.ts';
import { languageRow } from '../../../core/languages/languageTable.ts';

export const CLAIR_LANGUAGE_ID = languageRow('clair').monacoLanguage;

export function registerClair(monaco: Monaco, host: LanguageHost): IDisposable[] {
  const L = monaco.languages;
  const id = CLAIR_LANGUAGE_ID;
  L.register({ id, extensions: ['.clair'], aliases: ['CLAIR', 'clair'] });
  return [
    L.setMonarchTokensProvider(id, clairMonarch),
    L.setLanguageConfiguration(id, clairLanguageConfiguration),
    L.registerCompletionItemProvider(id, clairCompletionProvider(monaco, host)),
    L.registerHoverProvider(id, clairHoverProvider(monaco, host)),
    L.registerDefinitionProvider(id, clairDefinitionProvider(monaco, host)),
    L.registerReferenceProvider(id, clairReferenceProvider(monaco, host)),
    L.registerDocumentHighlightProvider(id, clairHighlightProvider(monaco, host)),
    L.registerDocumentSymbolProvider(id, clairSymbolProvider(monaco, host)),
    L.registerRenameProvider(id, clairRenameProvider(monaco, host)),
    L.registerDocumentFormattingEditProvider(id, clairFormattingProvider(monaco, host)),
    L.registerCodeActionProvider(id, clairCodeActionProvider(monaco, host), { providedCodeActionKinds: ['quickfix'] }),
  ];
}
