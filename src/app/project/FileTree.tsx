/**
 * The files of the open project (a Gaia package), beside the editor: folders first, each
 * folder foldable; clicking a file shows it in the editor, ready to type in. Each file carries the count
 * of its errors and warnings from the current analysis.
 */
import { useMemo, useState } from 'react';
import { compareTreePaths } from '../../core/gaia/package/projectFiles.ts';
import type { Diagnostic } from '../../core/text/diagnostic.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { setActiveFile, useProjectStore } from '../../store/project/projectStore.ts';
import { activeEditor } from '../editor/activeEditor.ts';

interface Folder {
  readonly name: string;
  readonly path: string;
  readonly folders: Folder[];
  readonly files: string[];
}

function treeOf(paths: readonly string[]): Folder {
  const root: Folder = { name: '', path: '', folders: [], files: [] };
  for (const path of [...paths].sort(compareTreePaths)) {
    const parts = path.split('/');
    let at = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const sub = parts.slice(0, i + 1).join('/');
      let next = at.folders.find((f) => f.path === sub);
      if (!next) at.folders.push((next = { name: parts[i]!, path: sub, folders: [], files: [] }));
      at = next;
    }
    at.files.push(path);
  }
  return root;
}

function countsByFile(diagnostics: readonly Diagnostic[]): Map<string, { errors: number; warnings: number }> {
  const out = new Map<string, { errors: number; warnings: number }>();
  for (const d of diagnostics) {
    if (!d.file || d.severity === 'info') continue;
    const c = out.get(d.file) ?? { errors: 0, warnings: 0 };
    if (d.severity === 'error') c.errors++;
    else c.warnings++;
    out.set(d.file, c);
  }
  return out;
}

export function FileTree() {
  const name = useProjectStore((s) => s.project?.name ?? '');
  const files = useProjectStore((s) => s.project?.files);
  const active = useProjectStore((s) => s.project?.active ?? null);
  // The tree changes shape only when files are added or removed, not on every keystroke.
  const pathsKey = files ? [...files.keys()].join('\n') : '';
  const tree = useMemo(() => treeOf(pathsKey === '' ? [] : pathsKey.split('\n')), [pathsKey]);
  const diagnostics = useDocumentStore((s) => s.analysis?.diagnostics);
  const counts = useMemo(() => countsByFile(diagnostics ?? []), [diagnostics]);
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (path: string) => setClosed((c) => (c.has(path) ? new Set([...c].filter((p) => p !== path)) : new Set([...c, path])));

  const renderFolder = (folder: Folder, depth: number) => (
    <>
      {folder.folders.map((f) => (
        <li key={`d:${f.path}`}>
          <button className="tree-folder" style={{ paddingLeft: 8 + depth * 12 }} data-testid={`folder-${f.path}`} aria-expanded={!closed.has(f.path)} onClick={() => toggle(f.path)}>
            <span className="tree-twisty">{closed.has(f.path) ? '▸' : '▾'}</span>
            {f.name}
          </button>
          {!closed.has(f.path) && <ul>{renderFolder(f, depth + 1)}</ul>}
        </li>
      ))}
      {folder.files.map((path) => {
        const c = counts.get(path);
        const label = path.slice(path.lastIndexOf('/') + 1);
        return (
          <li key={`f:${path}`}>
            <button
              className={`tree-file${path === active ? ' on' : ''}`}
              style={{ paddingLeft: 20 + depth * 12 }}
              data-testid={`file-${path}`}
              data-active={path === active ? 'true' : 'false'}
              data-error-count={c?.errors ?? 0}
              data-warning-count={c?.warnings ?? 0}
              title={path}
              onClick={() => {
                setActiveFile(path);
                activeEditor()?.focus();
              }}
            >
              <span className="tree-name">{label}</span>
              {c && c.errors > 0 && <span className="tree-count sev-error">{c.errors}</span>}
              {c && c.errors === 0 && c.warnings > 0 && <span className="tree-count sev-warning">{c.warnings}</span>}
            </button>
          </li>
        );
      })}
    </>
  );

  return (
    <nav className="file-tree" data-testid="project-tree" aria-label="Files of the package">
      <header className="file-tree-head" title="the package opened as a project">
        {name}
      </header>
      <ul>{renderFolder(tree, 0)}</ul>
    </nav>
  );
}
