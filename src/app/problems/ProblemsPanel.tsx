/**
 * The problems panel: every diagnostic of the current analysis, errors first within a
 * line — for a Gaia package, a failed inference too. Counts are exact; the list renders
 * a window of rows for very large documents. `data-version` is the version the whole
 * list belongs to (diagnosticsVersion): a Gaia version's only once its inference replied.
 * In a project (a package's files) the problems are grouped by file, and clicking one
 * opens its file at its range.
 */
import { useMemo, useState } from 'react';
import type { Diagnostic, Severity } from '../../core/text/diagnostic.ts';
import { countBySeverity } from '../../core/text/diagnostic.ts';
import { languageRow } from '../../core/languages/languageTable.ts';
import { diagnosticsVersion, selectNode, useDocumentStore } from '../../store/document/documentStore.ts';
import { revealInEditor } from '../editor/activeEditor.ts';
import { revealInProject, useProjectStore } from '../../store/project/projectStore.ts';

/** A project's problems in file order (those naming no file first), each file's in the order given. */
function byFile(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics
    .map((d, i) => ({ d, i }))
    .sort((a, b) => ((a.d.file ?? '') < (b.d.file ?? '') ? -1 : (a.d.file ?? '') > (b.d.file ?? '') ? 1 : a.i - b.i))
    .map((x) => x.d);
}

const PAGE = 500;

export function ProblemsPanel() {
  const analysis = useDocumentStore((s) => s.analysis);
  const version = useDocumentStore(diagnosticsVersion);
  const [filter, setFilter] = useState<Severity | 'all'>('all');
  const [shown, setShown] = useState(PAGE);
  const diagnostics = analysis?.diagnostics ?? [];
  const isProject = useProjectStore((s) => s.project !== null);
  const counts = useMemo(() => countBySeverity(diagnostics), [diagnostics]);
  const visible = useMemo(() => {
    const shownNow = filter === 'all' ? diagnostics : diagnostics.filter((d) => d.severity === filter);
    return isProject ? byFile(shownNow) : shownNow;
  }, [diagnostics, filter, isProject]);
  const perFile = useMemo(() => {
    const m = new Map<string, number>();
    if (isProject) for (const d of visible) m.set(d.file ?? '', (m.get(d.file ?? '') ?? 0) + 1);
    return m;
  }, [visible, isProject]);

  const open = (d: Diagnostic) => {
    if (d.file && useProjectStore.getState().project) {
      revealInProject(d.file, d.range);
      if (d.subject) selectNode(d.subject, 'problems');
      return;
    }
    if (d.subject) selectNode(d.subject, 'problems');
    revealInEditor(d.range.line, d.range.column);
  };

  return (
    <section className="problems" data-testid="diagnostics" data-error-count={counts.errors} data-warning-count={counts.warnings} data-version={version}>
      <header className="problems-head">
        <span className="problems-title">Problems</span>
        <button className={filter === 'all' ? 'on' : ''} onClick={() => setFilter('all')}>
          all {diagnostics.length}
        </button>
        <button className={`sev-error ${filter === 'error' ? 'on' : ''}`} onClick={() => setFilter('error')}>
          {counts.errors} error{counts.errors === 1 ? '' : 's'}
        </button>
        <button className={`sev-warning ${filter === 'warning' ? 'on' : ''}`} onClick={() => setFilter('warning')}>
          {counts.warnings} warning{counts.warnings === 1 ? '' : 's'}
        </button>
      </header>
      {visible.length === 0 ? (
        <p className="muted problems-empty">{analysis ? languageRow(analysis.language).noProblems : 'Analysing…'}</p>
      ) : (
        <ul className="problems-list">
          {visible.slice(0, shown).flatMap((d, i, rows) => [
            ...(isProject && (i === 0 || rows[i - 1]!.file !== d.file)
              ? [
                  // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; from the keyboard F8 and Shift+F8 in the editor walk the same problems
                  <li
                    key={`file:${d.file ?? ''}`}
                    className="problems-file"
                    data-testid={`problems-file-${d.file ?? ''}`}
                    onClick={() => d.file && revealInProject(d.file, { line: 1, column: 1, endLine: 1, endColumn: 1 })}
                  >
                    {d.file ?? 'the package'}
                    <span className="muted">{perFile.get(d.file ?? '')}</span>
                  </li>,
                ]
              : []),
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of one list rebuilt whole for each version (or the words of one label): the position is the row's identity
            // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; from the keyboard F8 and Shift+F8 in the editor walk the same problems
            <li key={i} className={`sev-${d.severity}`} data-file={d.file} onClick={() => open(d)} title={d.fixes?.length ? `quick fix: ${d.fixes[0]!.title}` : undefined}>
              {/** biome-ignore lint/a11y/useAriaPropsSupportedByRole: the icon's name is read in place of the glyph */}
              <span className="sev-icon" aria-label={d.severity}>
                {d.severity === 'error' ? '✖' : d.severity === 'warning' ? '▲' : 'ℹ'}
              </span>
              <span className="where">
                {d.range.line}:{d.range.column}
              </span>
              <code className="code">{d.code}</code>
              <span className="msg">{d.message}</span>
              {d.fixes?.length ? <span className="fix-hint">fix</span> : null}
            </li>,
          ])}
          {visible.length > shown && (
            <li className="more">
              <button onClick={() => setShown(shown + PAGE)}>
                show {Math.min(PAGE, visible.length - shown)} more of {visible.length - shown}
              </button>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
