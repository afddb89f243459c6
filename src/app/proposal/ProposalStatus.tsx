/**
 * A proposal's lifecycle status in its session's world — the `proposal_acceptance` ops of
 * the session's log, so the world is stored with the session and shared through its team
 * room: proposed, contested with its reasons (a failed gate — the registry gate against
 * the world's registry too — or listed ambiguities), or accepted; and Accept, which signs
 * an acceptance into the session's log, offered only for a proof of the text as it stands
 * and nothing contesting it. The validation worker reads the proposal and works all of it
 * out (src/core/proposal/worldStatusView.ts): the page only asks and draws. The page does
 * not check the proposal against the accepted knowledge with a solver (`warrant prove --world` does).
 */
import { useEffect, useState } from 'react';
import type { ProveMode, WorldStatusView } from '../../core/proposal/index.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { useProofStore } from '../../store/proof/proofStore.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';
import { getSession } from '../../store/session/sessionInstance.ts';
import { askUntilAnswered } from '../askUntilAnswered.ts';

export function ProposalStatus({ mode }: { mode: ProveMode }) {
  const version = useDocumentStore((s) => s.analysis?.version ?? null);
  const log = useLifecycleStore((s) => s.log);
  const run = useProofStore((s) => s.run);
  const [shown, setShown] = useState<{ version: number; view: WorldStatusView } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const result = run?.status === 'done' && run.version === version ? run.result : null;

  useEffect(() => {
    if (version === null) return;
    const proof = result ? { mode: result.mode, verdict: result.verdict, solver: result.solver } : null;
    return askUntilAnswered(
      () => getSession().proposalWorld(version, mode, proof),
      (view) => setShown({ version, view }),
    );
  }, [version, log, mode, result]);

  if (!shown) return null;
  const { view } = shown;
  // Accept signs what the worker planned for the version on screen, and only for it.
  const current = shown.version === version;
  const refusal = current ? view.refusal : 'the proposal is being read again';
  const accept = async () => {
    if (refusal !== null || !view.acceptance) return;
    const written = await getSession().recordAcceptance(view.acceptance);
    setMessage(typeof written === 'string' ? written : `accepted as op ${written.id.slice(0, 15)}…`);
  };

  return (
    <div className={`proposal-status status-${view.status}`} data-testid="proposal-lifecycle" data-status={view.status} data-accepted={view.accepted} data-symbols={view.symbols}>
      <span className="proposal-status-word">{view.status}</span>
      <span className="muted">
        {' '}
        in this session's world ({view.accepted} accepted, {view.symbols} {view.symbols === 1 ? 'symbol' : 'symbols'})
      </span>
      {view.reasons.length > 0 && (
        <ul className="proposal-status-reasons">
          {view.reasons.map((r) => (
            <li key={`${r.kind}:${r.code ?? ''}:${r.line ?? ''}:${r.column ?? ''}:${r.message}`} data-kind={r.kind}>
              {r.line !== undefined && <span className="muted">{`${r.line}:${r.column ?? 1} `}</span>}
              {r.message}
            </li>
          ))}
        </ul>
      )}
      {view.status !== 'accepted' && (
        <button type="button" data-testid="proposal-accept" disabled={refusal !== null} title={refusal ?? 'sign an acceptance of this proof into the session'} onClick={() => void accept()}>
          Accept
        </button>
      )}
      {message && <span className="muted"> {message}</span>}
      {view.problems.length > 0 && <span className="muted"> {view.problems.join('; ')}</span>}
    </div>
  );
}
