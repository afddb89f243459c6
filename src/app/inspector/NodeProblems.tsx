/** The selected node's diagnostics in the inspector; each reveals its place in the editor. */
import type { Diagnostic } from '../../core/text/diagnostic.ts';
import { revealInEditor } from '../editor/activeEditor.ts';

export function NodeProblems({ problems }: { problems: readonly Diagnostic[] }) {
  if (problems.length === 0) return null;
  return (
    <section>
      <h2>Problems</h2>
      <ul className="inspector-problems">
        {problems.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows of one list rebuilt whole for each version (or the words of one label): the position is the row's identity
          <li key={i} className={`sev-${p.severity}`}>
            <button onClick={() => revealInEditor(p.range.line, p.range.column, p.file)}>
              <code>{p.code}</code> {p.message}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
