/**
 * The contradiction ledger (docs/contract.md §3): every open contradiction with its sides and
 * rationale, and the ways to resolve it — accept both, deprecate one side, merge one
 * into the other — each recorded as an operation. The audit line shows how many
 * beliefs are presented with the flag and how many without it (always 0: every node,
 * inspector and explanation reads the same ledger).
 */
import { useContradictedStore } from '../../store/session/contradictedStore.ts';
import { selectNode } from '../../store/document/documentStore.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';
import type { LedgerEntry } from '../../store/session/lifecycleStore.ts';
import { getSession } from '../../store/session/sessionInstance.ts';
import { AuditAnswerPanel } from './AuditAnswerPanel.tsx';

function Side({ id }: { id: string }) {
  return (
    <button className="link" onClick={() => selectNode(id, 'inspector')}>
      {id}
    </button>
  );
}

function Entry({ entry }: { entry: LedgerEntry }) {
  const session = getSession();
  const [a, b] = entry.endpoints;
  const resolve = (resolution: 'accept-both' | 'deprecate' | 'merge', deprecated?: string, kept?: string) =>
    void session.resolveContradiction({ contradiction: entry.id, resolution, ...(deprecated ? { deprecated } : {}), ...(kept ? { kept } : {}) });
  return (
    <li className={`contradiction ${entry.resolved ? 'is-resolved' : 'is-open'}`} data-testid={`contradiction-${entry.id}`}>
      <div>
        <strong>{entry.kind === 'correction' ? 'your correction disagrees with the trace' : entry.kind}</strong>{' '}
        {entry.endpoints.map((e, i) => (
          <span key={e}>
            {i > 0 && ' ⟷ '}
            <Side id={e} />
          </span>
        ))}
        {entry.resolved && <span className="muted"> · resolved: {entry.resolved}</span>}
      </div>
      {entry.rationale && <div className="muted prose">{entry.rationale}</div>}
      {!entry.resolved && (
        <div className="inspector-actions">
          <button data-testid="resolve-accept-both" onClick={() => resolve('accept-both')}>
            Accept both
          </button>
          {entry.endpoints.map((e) => (
            <button key={e} data-testid={`resolve-deprecate-${e}`} onClick={() => resolve('deprecate', e)}>
              Deprecate {e}
            </button>
          ))}
          {a && b && (
            <button data-testid="resolve-merge" onClick={() => resolve('merge', b, a)}>
              Merge {b} into {a}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

export function ContradictionsPanel() {
  const entries = useLifecycleStore((s) => s.contradictions);
  const flagged = useContradictedStore((s) => s.ids);
  const open = entries.filter((e) => !e.resolved);
  const openEndpoints = new Set(open.flatMap((e) => e.endpoints));
  const unflagged = [...openEndpoints].filter((id) => !flagged.has(id)).length;
  return (
    <div className="contradictions">
      <p className="audit" data-testid="contradiction-audit" data-reintroduced={flagged.size} data-unflagged={unflagged}>
        {flagged.size} {flagged.size === 1 ? 'belief' : 'beliefs'} flagged as contradicted · {unflagged} unflagged · {open.length} open, {entries.length - open.length} resolved
      </p>
      {entries.length === 0 ? (
        <p className="muted">No contradictions.</p>
      ) : (
        <ul className="contradiction-list">
          {entries.map((e) => (
            <Entry key={e.id} entry={e} />
          ))}
        </ul>
      )}
      <AuditAnswerPanel />
    </div>
  );
}
