/**
 * The rounds of the intuition loop, one row each as it ends: which assertions were
 * active (and which were added in that round), what the solver answered, and how long
 * the round took. Without intuition there is one round with everything active.
 */
import type { RoundRecord } from '../../core/proposal/index.ts';

/** Ids shown inline before the rest are summarised (a round may activate thousands). */
const SHOWN_IDS = 12;

function IdList({ ids }: { ids: readonly string[] }) {
  const shown = ids.slice(0, SHOWN_IDS);
  return (
    <span className="round-ids" title={ids.join(' ')}>
      {shown.join(' ')}
      {ids.length > SHOWN_IDS && <span className="muted"> … +{ids.length - SHOWN_IDS} more</span>}
    </span>
  );
}

export function RoundsTable({ rounds, running }: { rounds: readonly RoundRecord[]; running: boolean }) {
  return (
    <div className="rounds" data-testid="rounds" data-count={rounds.length}>
      <h2>
        Rounds{' '}
        <span className="muted">
          — {rounds.length}
          {running ? ' so far' : ''}
        </span>
      </h2>
      {rounds.length === 0 && <p className="muted">{running ? 'The first round is running…' : 'No round ran.'}</p>}
      {rounds.length > 0 && (
        <table className="rounds-table">
          <thead>
            <tr>
              <th>#</th>
              <th>active</th>
              <th>added this round</th>
              <th>answer</th>
              <th>time</th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((r) => (
              <tr key={r.round} data-testid={`round-${r.round}`} data-answer={r.answer} data-active={r.active.length}>
                <td>{r.round}</td>
                <td title={r.active.join(' ')}>{r.active.length}</td>
                <td>
                  <IdList ids={r.added} />
                </td>
                <td>
                  <code className={`answer-${r.answer}`}>{r.answer}</code>
                </td>
                <td>{r.ms} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
