/** Registers Warrant's languages with Monaco once, wired to the document pipeline. */
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { getPipeline } from '../../store/pipeline/pipelineInstance.ts';
import { registerClair } from './clair/registerClair.ts';
import { registerGaia } from './gaia/registerGaia.ts';
import { registerProposal } from './proposal/registerProposal.ts';
import { registerMnema } from './mnema/registerMnema.ts';
import { registerSmtlib } from './smtlib/smtlibMonarch.ts';
import type { LanguageHost } from './languageHost.ts';
import { monaco } from './monacoSetup.ts';
import { projectFileOf, projectModel } from '../editor/projectModels.ts';
import { revealInProject } from '../../store/project/projectStore.ts';

let registered = false;

const host: LanguageHost = {
  latest: () => useDocumentStore.getState().analysis,
  current: () => getPipeline().whenCurrent(),
  views: () => useDocumentStore.getState().views,
  format: (text) => getPipeline().format(text),
  symbolAt: (line, column) => getPipeline().symbolAt(line, column),
  usesOf: (id) => getPipeline().usesOf(id),
  posterior: (id) => useDocumentStore.getState().posteriors.get(id),
  projectFileOf: (uri) => projectFileOf(uri),
  projectUri: (file) => projectModel(file)?.uri.toString() ?? null,
  projectSymbolAt: (file, line, column) => getPipeline().projectSymbolAt(file, line, column),
  projectReferences: (file, line, column) => getPipeline().projectReferences(file, line, column),
  projectRename: (file, line, column, newName) => getPipeline().projectRename(file, line, column, newName),
};

export function ensureLanguages(): void {
  if (registered) return;
  registered = true;
  registerClair(monaco, host);
  registerGaia(monaco, host);
  registerProposal();
  registerMnema(monaco);
  registerSmtlib(monaco);
  // Go to definition (and a reference picked in the peek view) in another file of a
  // project: show that file and put the cursor where it leads.
  monaco.editor.registerEditorOpener({
    openCodeEditor(_source, resource, selectionOrPosition) {
      const file = projectFileOf(resource);
      if (file === null) return false;
      const r = selectionOrPosition && 'startLineNumber' in selectionOrPosition ? selectionOrPosition : null;
      const p = selectionOrPosition && 'lineNumber' in selectionOrPosition ? selectionOrPosition : null;
      const range = r
        ? { line: r.startLineNumber, column: r.startColumn, endLine: r.endLineNumber, endColumn: r.endColumn }
        : p
          ? { line: p.lineNumber, column: p.column, endLine: p.lineNumber, endColumn: p.column }
          : { line: 1, column: 1, endLine: 1, endColumn: 1 };
      revealInProject(file, range);
      return true;
    },
  });
}
