/**
 * Loads Monaco from the local package (no CDN): the editor core, the editor features
 * the page uses (editorFeatures.ts), its editor worker, and the JSON language service (for FormalProposal
 * documents) with its worker, each worker through Vite's `?worker` import. No other
 * bundled language services are loaded; Warrant registers its own languages.
 */
import * as monaco from 'monaco-editor/editor';
import './editorFeatures.ts';
import 'monaco-editor/language/json/monaco.contribution';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

self.MonacoEnvironment = {
  // Monaco names the worker it wants by its label: the JSON service asks for 'json'.
  getWorker: (_moduleId: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

export { monaco };
export type Monaco = typeof monaco;

// No model colours its bracket pairs. The editors' own option does not reach their models,
// which then keep a bracket tree of the whole text and parse it again at every frame that
// draws lines: in a 60 MB log being written, 20–70 ms of main-thread time a frame.
monaco.editor.onDidCreateModel((model) => model.updateOptions({ bracketColorizationOptions: { enabled: false, independentColorPoolPerBracketType: false } }));
