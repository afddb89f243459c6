/**
 * One Monaco model per file of the open project (a Gaia package's files): `.py` modules
 * as Gaia, the rest as plain text. Models are named `warrant-project://p<seq>/<path>`,
 * so the editor's language features, markers and cross-file edits (rename, go to
 * definition) find the file a model shows, and a model of a closed project is never
 * taken for one of the open project.
 */
import type { editor as Editor, IDisposable, Uri } from 'monaco-editor/editor';
import { projectFileLanguage } from '../../core/gaia/package/projectFiles.ts';
import type { Project } from '../../store/project/projectStore.ts';
import { languageRow } from '../../core/languages/languageTable.ts';
import { monaco } from '../monaco/monacoSetup.ts';

const SCHEME = 'warrant-project';

let models = new Map<string, Editor.ITextModel>();
let listeners: IDisposable[] = [];
let modelsSeq = -1;

function uriOf(seq: number, path: string): Uri {
  return monaco.Uri.from({ scheme: SCHEME, authority: `p${seq}`, path: `/${path}` });
}

/** The project file a model shows (by its URI), or null for any other model. */
export function projectFileOf(uri: Uri | string): string | null {
  const parsed = typeof uri === 'string' ? monaco.Uri.parse(uri) : uri;
  if (parsed.scheme !== SCHEME || parsed.authority !== `p${modelsSeq}`) return null;
  const path = parsed.path.replace(/^\//, '');
  return models.has(path) ? path : null;
}

/** The model of a file of the open project. */
export function projectModel(path: string): Editor.ITextModel | undefined {
  return models.get(path);
}

/** Every model of the open project, by path. */
export function projectModels(): ReadonlyMap<string, Editor.ITextModel> {
  return models;
}

/**
 * Builds the models of a newly opened project (dropping the previous project's), or for
 * the same project makes each model hold its file's text. `onChange` hears every edit.
 */
export function syncProjectModels(project: Project, onChange: (path: string, text: string) => void): void {
  if (project.seq !== modelsSeq) {
    disposeProjectModels();
    modelsSeq = project.seq;
    const next = new Map<string, Editor.ITextModel>();
    for (const [path, text] of project.files) {
      const language = projectFileLanguage(path);
      const model = monaco.editor.createModel(text, language ? languageRow(language).monacoLanguage : 'plaintext', uriOf(project.seq, path));
      listeners.push(model.onDidChangeContent(() => onChange(path, model.getValue())));
      next.set(path, model);
    }
    models = next;
    return;
  }
  // Texts changed from outside the editor (a session reloaded): bring the models up to them.
  for (const [path, text] of project.files) {
    const model = models.get(path);
    if (model && model.getValue() !== text) model.setValue(text);
  }
}

export function disposeProjectModels(): void {
  for (const l of listeners) l.dispose();
  for (const m of models.values()) m.dispose();
  listeners = [];
  models = new Map();
  modelsSeq = -1;
}
