/** Registers Warrant's languages with Monaco once, wired to the document pipeline. */
import { useDocumentStore } from '../../store/documentStore.ts';
import { getPipeline } from '../../store/pipelineInstance.ts';
import { registerClair } from './clair/registerClair.ts';
import { registerGaia } from './gaia/registerGaia.ts';
import { registerProposal } from './proposal/registerProposal.ts';
import { registerSmtlib } from './smtlib/smtlibMonarch.ts';
import type { Language } from '../../core/graph/reasoningGraph.ts';
import { languageRow } from '../../core/languages/languageTable.ts';
import type { LanguageHost } from './languageHost.ts';
import { monaco } from './monacoSetup.ts';

let registered = false;

const host: LanguageHost = {
  latest: () => useDocumentStore.getState().analysis,
  current: () => getPipeline().whenCurrent(),
  views: () => useDocumentStore.getState().views,
  format: (text) => getPipeline().format(text),
  symbolAt: (line, column) => getPipeline().symbolAt(line, column),
  usesOf: (id) => getPipeline().usesOf(id),
  posterior: (id) => useDocumentStore.getState().posteriors.get(id),
};

export function ensureLanguages(): void {
  if (registered) return;
  registered = true;
  registerClair(monaco, host);
  registerGaia(monaco, host);
  registerProposal();
  registerSmtlib(monaco);
}

/** The Monaco language of a document (the language table's; a FormalProposal is edited as JSON). */
export function editorLanguageOf(language: Language): string {
  return languageRow(language).monacoLanguage;
}
