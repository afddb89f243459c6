/**
 * What a person's action on a drawn Mnema log would do, in the page's terms: the page's
 * action (refute a claim, retract an evidence record) becomes the log's user op, and the
 * session's preview (mnemaSession.ts: the op, its cascade, re-derivation) is read back as
 * what falls, what would be reviewed, every node's state and every value that moves.
 */
import type { LifecycleState } from '../oplog/lifecycle.ts';
import type { UserAction } from '../oplog/userAction.ts';
import type { PosteriorMove } from '../session/whatIfPrior.ts';
import type { MnemaAction } from './mnemaActions.ts';
import type { MnemaDocument } from './mnemaDocument.ts';
import { MnemaSession } from './mnemaSession.ts';

export interface LogActionPreview {
  readonly invalidated: readonly string[];
  readonly pendingReview: readonly string[];
  /** Every node that would not be active. */
  readonly states: Readonly<Record<string, LifecycleState>>;
  /** Claims whose served value would move. */
  readonly changed: Readonly<Record<string, PosteriorMove>>;
  readonly refusal: string | null;
}

/** Why the page shows the effect and writes nothing: the log is written by the command line. */
export const PREVIEW_ONLY = (command: string): string => `preview only: the page does not write to a Mnema log yet — \`warrant cascade LOG.jsonl ${command}\` does`;

export function previewLogAction(doc: MnemaDocument, action: UserAction): LogActionPreview {
  const refused = (refusal: string): LogActionPreview => ({ invalidated: [], pendingReview: [], states: doc.states, changed: {}, refusal });
  const op = doc.opOf.get(action.target);
  if (!op) return refused(`${action.target} is not in the log`);
  const isClaim = doc.derivation.claims.has(op);
  let mnema: MnemaAction;
  let command: string;
  if (action.kind === 'refute' && isClaim) {
    mnema = { kind: 'refute', key: action.target };
    command = `--refute '${action.target}'`;
  } else if (action.kind === 'retract' && !isClaim) {
    mnema = { kind: 'retract', evidence: op };
    command = `--retract ${op}`;
  } else if (action.kind === 'correct' && isClaim) {
    return refused(`a Mnema correction replaces the claim's payload: \`warrant cascade LOG.jsonl --correct '${action.target}=PAYLOAD_JSON'\``);
  } else return refused(`${action.kind} does not apply to ${isClaim ? 'a derived claim' : 'an evidence record'} of a Mnema log`);
  const session = new MnemaSession();
  session.open('preview', doc.derivation.ops);
  const preview = session.preview(mnema, doc.derivation.ops[0]?.author ?? '', 'graph');
  if (preview.refusal) return refused(preview.refusal);
  const states: Record<string, LifecycleState> = { ...doc.states };
  const changed: Record<string, PosteriorMove> = {};
  for (const [key, { before, after }] of Object.entries(preview.changes)) {
    if (!after || after.state === 'active') delete states[key];
    else states[key] = after.state;
    if (before && after && before.confidence !== after.confidence) changed[key] = { before: before.confidence, after: after.confidence };
  }
  if (mnema.kind === 'retract') states[action.target] = 'retracted';
  return { invalidated: preview.invalidated, pendingReview: preview.pending.map((p) => p.identity_key), states, changed, refusal: PREVIEW_ONLY(command) };
}
