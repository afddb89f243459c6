/**
 * Gaia's review records for the open package (issue 45 item 5): each action a reviewer
 * judges — a strategy or operator with its warrant, a compose, an observation — with Gaia's
 * audit question, its status under the session's decisions and the belief of the claim it
 * establishes. Accept and Reject append a signed `review_decision` op to the session's log,
 * as resolving a contradiction does; a rejected strategy or operator leaves inference
 * (src/core/gaia/review/reviewGate.ts) and the graph's beliefs follow (reviewedIr.ts).
 * The records and their statuses are worked out in the validation worker beside the
 * package's analysis (src/core/gaia/review/reviewPanelView.ts): the page asks and draws.
 */
import { useEffect, useMemo, useState } from 'react';
import { decisionBody } from '../../core/gaia/review/reviewDecisionOps.ts';
import type { ReviewDecisionValue, ReviewStatus } from '../../core/gaia/review/reviewGate.ts';
import type { ReviewItem } from '../../core/gaia/review/reviewItems.ts';
import type { ReviewPanelView } from '../../core/gaia/review/reviewPanelView.ts';
import { selectNode, useDocumentStore } from '../../store/document/documentStore.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';
import { getSession } from '../../store/session/sessionInstance.ts';
import { askUntilAnswered } from '../askUntilAnswered.ts';
import { useShownFlag } from '../../store/session/shownFlags.ts';

/** The test id of a record: its target id with anything but letters, digits, `_` and `-` made `_`. */
export const reviewTestId = (item: ReviewItem): string => item.target_id.replace(/[^A-Za-z0-9_-]/g, '_');

const STATUS_WORD: Readonly<Record<ReviewStatus, string>> = { unreviewed: 'unreviewed', accepted: 'accepted', rejected: 'rejected', needs_inputs: 'needs inputs' };

function Item({ item, status, belief, nodeId }: { item: ReviewItem; status: ReviewStatus; belief: number | undefined; nodeId: string | undefined }) {
  const id = reviewTestId(item);
  const decide = (decision: ReviewDecisionValue) => void getSession().recordReview(decisionBody(item, decision));
  // The conclusion's CRT flag, as the inspector shows it (the one stamp, reintroductionFlag.ts).
  const flag = useShownFlag(nodeId ?? null);
  return (
    <li className={`review-item is-${status}`} data-testid={`review-item-${id}`} data-status={status} data-target={item.target_id} data-reintroduced-claim={flag.reintroduced_claim ? 'true' : 'false'}>
      <div>
        <strong>{item.action}</strong> {item.action_label.split('::').pop()} <span className="muted">· {STATUS_WORD[status]}</span>
        {item.conclusion !== null && (
          <>
            {' → '}
            {nodeId !== undefined ? (
              <button className="link" onClick={() => selectNode(nodeId, 'inspector')}>
                {item.conclusion.split('::').pop()}
              </button>
            ) : (
              item.conclusion.split('::').pop()
            )}
            {belief !== undefined && (
              <span className="muted" data-testid={`review-belief-${id}`}>
                {' '}
                belief {belief.toFixed(3)}
              </span>
            )}
          </>
        )}
      </div>
      <div className="muted prose">{item.audit_question}</div>
      {flag.caveat && (
        <p className="caveat" data-testid={`review-caveat-${id}`}>
          ⚠ {flag.caveat}
        </p>
      )}
      {!item.gates_inference && <div className="muted">Listed for judgement; Gaia’s inference does not depend on it.</div>}
      <div className="inspector-actions">
        <button data-testid={`review-accept-${id}`} aria-pressed={status === 'accepted'} disabled={status === 'accepted'} onClick={() => decide('accepted')}>
          Accept
        </button>
        <button data-testid={`review-reject-${id}`} aria-pressed={status === 'rejected'} disabled={status === 'rejected'} onClick={() => decide('rejected')}>
          Reject
        </button>
        <button data-testid={`review-needs-inputs-${id}`} aria-pressed={status === 'needs_inputs'} disabled={status === 'needs_inputs'} onClick={() => decide('needs_inputs')}>
          Needs inputs
        </button>
      </div>
    </li>
  );
}

/** The panel's records of the version on screen under the session's log, as the worker worked them out (null until it answers). */
function useReviewPanelView(): ReviewPanelView | null {
  const version = useDocumentStore((s) => s.analysis?.version ?? null);
  const log = useLifecycleStore((s) => s.log);
  const [view, setView] = useState<ReviewPanelView | null>(null);
  useEffect(() => {
    if (version === null) return;
    return askUntilAnswered(() => getSession().reviewPanel(version), setView);
  }, [version, log]);
  return view;
}

export function ReviewPanel() {
  const graph = useDocumentStore((s) => s.analysis?.graph);
  const posteriors = useDocumentStore((s) => s.posteriors);
  const view = useReviewPanelView();
  const nodeOf = useMemo(() => new Map((graph?.nodes ?? []).flatMap((n) => (n.qid !== undefined ? [[n.qid, n.id] as const] : []))), [graph]);
  const records = view?.records ?? [];
  const counts = view?.counts ?? { unreviewed: 0, accepted: 0, rejected: 0, needs_inputs: 0 };
  return (
    <div className="review" data-testid="review-panel" data-unreviewed={counts.unreviewed} data-accepted={counts.accepted} data-rejected={counts.rejected} data-needs-inputs={counts.needs_inputs}>
      <p className="audit">
        {records.length} review {records.length === 1 ? 'record' : 'records'} · {counts.accepted} accepted, {counts.rejected} rejected, {counts.unreviewed} unreviewed. A rejected warrant leaves
        inference; a review never sets a prior.
      </p>
      {records.length === 0 ? (
        <p className="muted">
          {view === null ? 'Reading the review records…' : view.compiled ? 'No review records: this package marks no action for review.' : 'Review records are for a compiled Gaia package.'}
        </p>
      ) : (
        <ul className="contradiction-list">
          {records.map(({ item, status }) => {
            const nodeId = item.conclusion !== null ? nodeOf.get(item.conclusion) : undefined;
            return <Item key={`${item.target_kind}:${item.target_id}`} item={item} status={status} belief={nodeId !== undefined ? posteriors.get(nodeId) : undefined} nodeId={nodeId} />;
          })}
        </ul>
      )}
    </div>
  );
}
