/** Registers the Gaia language (Python-flavoured package modules) and its editor features. */
import type { IDisposable } from 'monaco-editor/editor';
import type { Monaco } from '../monacoSetup.ts';
import type { LanguageHost } from '../languageHost.ts';
import { clairCodeActionProvider } from '../clair/clairCodeActions.ts';
import { clairDefinitionProvider, clairHighlightProvider, clairReferenceProvider } from '../clair/clairNavigation.ts';
import { clairRenameProvider } from '../clair/clairRename.ts';
import { gaiaCompletionProvider } from './gaiaCompletion.ts';
import { gaiaHoverProvider } from './gaiaHover.ts';
import { gaiaLanguageConfiguration, gaiaMonarch } from './gaiaMonarch.ts';
import { GAIA_NAMES } from '../../../core/editing/nameRules.ts';
import { languageRow } from '../../../core/languages/languageTable.ts';
import { projectDefinitionProvider, projectHighlightProvider, projectHoverProvider, projectReferenceProvider, projectRenameProvider } from './gaiaProjectNavigation.ts';

export const GAIA_LANGUAGE_ID = languageRow('gaia').monacoLanguage;

export function registerGaia(monaco: Monaco, host: LanguageHost): IDisposable[] {
  const L = monaco.languages;
  const id = GAIA_LANGUAGE_ID;
  L.register({ id, extensions: ['.gaia'], aliases: ['Gaia', 'gaia'] });
  return [
    L.setMonarchTokensProvider(id, gaiaMonarch),
    L.setLanguageConfiguration(id, gaiaLanguageConfiguration),
    L.registerCompletionItemProvider(id, gaiaCompletionProvider(monaco, host)),
    L.registerHoverProvider(
      id,
      projectHoverProvider(host, (h) => gaiaHoverProvider(monaco, h)),
    ),
    // Navigation, rename and quick fixes only ask the worker's symbol index and the
    // diagnostics' fixes, so the same providers serve both languages. In the files of a
    // project they ask the package's index across modules instead.
    L.registerDefinitionProvider(id, projectDefinitionProvider(monaco, host, clairDefinitionProvider(monaco, host))),
    L.registerReferenceProvider(id, projectReferenceProvider(monaco, host, clairReferenceProvider(monaco, host))),
    L.registerDocumentHighlightProvider(id, projectHighlightProvider(monaco, host, clairHighlightProvider(monaco, host))),
    L.registerRenameProvider(id, projectRenameProvider(monaco, host, clairRenameProvider(monaco, host, GAIA_NAMES))),
    L.registerCodeActionProvider(id, clairCodeActionProvider(monaco, host), { providedCodeActionKinds: ['quickfix'] }),
  ];
}
