/** The session's history: its operation log in plain words, newest first. */
import { useMemo } from 'react';
import { selectNode } from '../../store/document/documentStore.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';
import { describeOperations } from './describeOperations.ts';

export function HistoryPanel() {
  const log = useLifecycleStore((s) => s.log);
  const review = useLifecycleStore((s) => s.review);
  const entries = useMemo(() => describeOperations(log).reverse(), [log]);
  if (entries.length === 0) return <p className="muted problems-empty">No operations yet: refute, correct or retract a belief and it is recorded here.</p>;
  return (
    <>
      {review.length > 0 && (
        <div className="review-list" data-testid="review-list">
          <strong>To review:</strong> what these rest on changed under your assertion —{' '}
          {review.map((id, i) => (
            <span key={id}>
              {i > 0 && ', '}
              <button className="link" onClick={() => selectNode(id, 'inspector')}>
                {id}
              </button>
            </span>
          ))}
        </div>
      )}
      <HistoryList entries={entries} />
    </>
  );
}

function HistoryList({ entries }: { entries: ReturnType<typeof describeOperations> }) {
  return (
    <ul className="history-list" data-testid="history">
      {entries.map((e) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut to the node the row names; from the keyboard the same node is reached in the graph or by its id in the editor
        <li key={e.id} className={`history-${e.kind}`} onClick={() => e.target && selectNode(e.target, 'inspector')} title={`${e.id}\n${e.at}`}>
          <time dateTime={e.at}>{new Date(e.at).toLocaleTimeString()}</time>
          <span>{e.text}</span>
        </li>
      ))}
    </ul>
  );
}
