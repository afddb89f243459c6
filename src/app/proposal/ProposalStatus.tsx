/**
 * A proposal's lifecycle status in the page's world (worldStore.ts): proposed,
 * contested with its reasons (a failed gate — the registry gate against the world's
 * registry too — or listed ambiguities), or accepted; and Accept, which signs an
 * acceptance into the world, offered only for a proof of the text as it stands and
 * nothing contesting it. The page does not check the proposal against the accepted
 * knowledge with a solver (`warrant prove --world` does).
 */
import { useMemo, useState } from 'react';
import type { ProveMode } from '../../core/proposal/index.ts';
import { acceptanceBody, acceptanceRefusal, readInWorld, statusInWorld } from '../../core/proposal/index.ts';
import type { OpId } from '../../core/oplog/operation.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { useProofStore } from '../../store/proof/proofStore.ts';
import { acceptIntoWorld, useWorldStore } from '../../store/proof/worldStore.ts';
import { activeEditor } from '../editor/activeEditor.ts';

/** Past this many characters the page does not read the proposal a second time for its status. */
const MAX_STATUS_TEXT = 300_000;

export function ProposalStatus({ mode }: { mode: ProveMode }) {
  const version = useDocumentStore((s) => s.analysis?.version ?? null);
  const { ops, session, problem } = useWorldStore();
  const run = useProofStore((s) => s.run);
  const [message, setMessage] = useState<string | null>(null);

  const read = useMemo(() => {
    if (version === null) return null;
    const text = activeEditor()?.getValue();
    if (text === undefined || text.length > MAX_STATUS_TEXT) return null;
    return readInWorld(text, { ops, session }, mode);
  }, [version, ops, session, mode]);
  if (!read) return null;
  const { status, reasons } = statusInWorld(read, null);

  const result = run?.status === 'done' && run.version === version ? run.result : null;
  const refusal = result
    ? acceptanceRefusal({ status, contested_reasons: reasons, mode: result.mode, verdict: result.verdict, proposal_hash: read.hash })
    : 'run the proposal first: only a proof of the text as it stands can be accepted';
  const accept = async () => {
    if (refusal !== null || !result?.verdict || !read.document || !read.hash) return;
    const written = await acceptIntoWorld(acceptanceBody(read.document, read.hash as OpId, result.mode, result.verdict, result.solver));
    setMessage(typeof written === 'string' ? written : `accepted as op ${written.id.slice(0, 15)}…`);
  };

  return (
    <div className={`proposal-status status-${status}`} data-testid="proposal-lifecycle" data-status={status}>
      <span className="proposal-status-word">{status}</span>
      <span className="muted"> in this browser's world ({read.world.acceptances.length} accepted)</span>
      {reasons.length > 0 && (
        <ul className="proposal-status-reasons">
          {reasons.map((r) => (
            <li key={`${r.kind}:${r.code ?? ''}:${r.message}`} data-kind={r.kind}>
              {r.message}
            </li>
          ))}
        </ul>
      )}
      {status !== 'accepted' && (
        <button type="button" data-testid="proposal-accept" disabled={refusal !== null} title={refusal ?? 'sign an acceptance of this proof into the world'} onClick={() => void accept()}>
          Accept
        </button>
      )}
      {message && <span className="muted"> {message}</span>}
      {problem && <span className="muted"> {problem}</span>}
    </div>
  );
}
