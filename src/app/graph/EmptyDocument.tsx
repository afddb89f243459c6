/**
 * What an empty document shows where its graph would be: a first document in three
 * lines (the language table's example), to insert as an edit, and the samples to open.
 */
import { languageRow } from '../../core/languages/languageTable.ts';
import type { Language } from '../../core/graph/reasoningGraph.ts';
import { newSession } from '../../store/session/sessionList.ts';
import { setHelpOpen } from '../../store/view/viewSettings.ts';
import { activeEditor } from '../editor/activeEditor.ts';
import { SAMPLES, fetchSample } from '../chrome/sampleCatalog.ts';
import { MnemaLogPanel } from '../inspector/MnemaLogPanel.tsx';
import { useDocumentStore } from '../../store/document/documentStore.ts';

function insertExample(example: string): void {
  const editor = activeEditor();
  const model = editor?.getModel();
  if (!editor || !model) return;
  // One edit at the end of what is there (a comment line stays), undoable as one step.
  const end = model.getFullModelRange().getEndPosition();
  const before = model.getValue().length > 0 && !model.getValue().endsWith('\n') ? '\n' : '';
  editor.executeEdits('example', [{ range: { startLineNumber: end.lineNumber, startColumn: end.column, endLineNumber: end.lineNumber, endColumn: end.column }, text: before + example }]);
  editor.pushUndoStop();
  editor.focus();
}

export function EmptyDocument({ language }: { language: Language }) {
  const row = languageRow(language);
  const version = useDocumentStore((s) => s.analysis?.version ?? 0);
  // A log is not typed: it starts with evidence brought in.
  if (row.ownLog) {
    return (
      <div className="empty-document" data-testid="empty-document">
        <h2>{row.documentKind.replace(/^a /, 'This ')} holds no evidence yet</h2>
        <p>Bring in a calendar, notes, photos or JSON Lines records: they are read here, signed with this device's key, and the derivers run on them. Nothing is written before Append.</p>
        <MnemaLogPanel version={version} />
      </div>
    );
  }
  if (row.example === null) return null;
  return (
    <div className="empty-document" data-testid="empty-document">
      <h2>
        {row.documentKind.replace(/^a /, 'This ').replace(/^an /, 'This ')} has no {row.terms.items} yet
      </h2>
      <p>Start with three lines:</p>
      <pre data-testid="empty-example">{row.example}</pre>
      <div className="empty-actions">
        <button className="primary" data-testid="empty-insert-example" onClick={() => insertExample(row.example!)}>
          Insert this example
        </button>
        <button data-testid="empty-help" onClick={() => setHelpOpen(true)}>
          Help and shortcuts (F1)
        </button>
      </div>
      <p>Or open a sample:</p>
      <ul className="empty-samples">
        {SAMPLES.map((s) => (
          <li key={s.file}>
            <button className="link-button" data-testid={`empty-sample-${s.file}`} onClick={() => void fetchSample(s.file).then((text) => newSession(s.file, text))}>
              {s.title}
            </button>{' '}
            <span>— {s.summary}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
