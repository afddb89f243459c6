/**
 * Loads Monaco from the local package (no CDN): the editor core, its standard editor
 * features, and its one editor worker through Vite's `?worker` import. No bundled
 * language services are loaded; Warrant registers its own languages.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';

self.MonacoEnvironment = {
  getWorker: () => new EditorWorker(),
};

export { monaco };
export type Monaco = typeof monaco;
