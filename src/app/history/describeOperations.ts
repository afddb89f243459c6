/**
 * The session log in plain words, for the history panel: each user operation with the
 * invalidations it caused folded into it ("you refuted b2 → b4, b6, b7 invalidated"),
 * in the session's one vocabulary (sessionWords.ts).
 */
import type { OpId, SignedOperation } from '../../core/oplog/operation.ts';
import { meaningOf, recordedText } from '../../core/session/sessionWords.ts';
import { unreachable } from '../../core/unreachable.ts';

export interface HistoryEntry {
  readonly id: OpId;
  readonly at: string;
  readonly text: string;
  /** The belief the entry is about, for selecting it. */
  readonly target: string | null;
  readonly kind: SignedOperation['body']['kind'];
}

export function describeOperations(log: readonly SignedOperation[]): HistoryEntry[] {
  const fallen = new Map<string, string[]>();
  for (const op of log) {
    if (op.body.kind !== 'claim_invalidation') continue;
    const list = fallen.get(op.body.cause);
    if (list) list.push(op.body.target);
    else fallen.set(op.body.cause, [op.body.target]);
  }
  const byId = new Map(log.map((op) => [op.id, op]));
  const entries: HistoryEntry[] = [];
  for (const op of log) {
    const b = op.body;
    const consequences = fallen.get(op.id);
    const tail = consequences ? ` → ${listIds(consequences)} invalidated` : '';
    const entry = (text: string, target: string | null) => entries.push({ id: op.id, at: op.at, text: text + tail, target, kind: b.kind });
    switch (b.kind) {
      case 'revision':
        // A revision that changed no belief and invalidated nothing is noise in the history.
        if (consequences || b.changed?.length) entry(`you edited ${b.changed?.length ? `${listIds(b.changed)} in the text` : 'the text'}`, null);
        break;
      case 'claim_refutation':
        entry(recordedText({ meaning: 'refute', target: b.target }), b.target);
        break;
      case 'claim_correction':
        entry(recordedText({ meaning: 'correct', target: b.target, value: b.value }), b.target);
        break;
      case 'evidence_retraction':
        entry(recordedText({ meaning: 'retract', target: b.target }), b.target);
        break;
      case 'withdrawal': {
        const withdrawn = byId.get(b.withdraws)?.body.kind;
        const meaning = meaningOf('withdraw', withdrawn === 'claim_invalidation' ? 'hold' : null);
        entry(recordedText({ meaning, target: b.target, ...(withdrawn ? { withdrawn } : {}) }), b.target);
        break;
      }
      case 'contradiction_resolution':
        entry(
          b.resolution === 'accept-both'
            ? `you accepted both sides of ${b.contradiction}`
            : b.resolution === 'deprecate'
              ? `you deprecated ${b.deprecated ?? '?'} in ${b.contradiction}`
              : `you merged ${b.deprecated ?? '?'} into ${b.kept ?? '?'} (${b.contradiction})`,
          b.deprecated ?? null,
        );
        break;
      case 'claim_invalidation':
        // Shown with the operation that caused it.
        break;
      case 'member_addition':
        entry(`${b.member.slice(8, 20)}… may now write to this session`, null);
        break;
      case 'review_decision':
        entry(`you ${b.decision === 'needs_inputs' ? 'marked as needing inputs' : b.decision} ${b.action_label?.split('::').pop() ?? b.target} in review`, null);
        break;
      case 'proposal_acceptance':
        entry(`you accepted proposal ${b.proposal_id} into the world (${b.verdict}, ${b.solver})`, null);
        break;
      default:
        unreachable(b, 'operation');
    }
  }
  return entries;
}

/** A few ids, then how many more: a long edit stays one readable line. */
function listIds(ids: readonly string[]): string {
  return ids.length <= 4 ? ids.join(', ') : `${ids.slice(0, 4).join(', ')} and ${ids.length - 4} more`;
}
