/**
 * What a person's action on a drawn Mnema log would do, in the page's terms: the page's
 * action (refute a claim, retract an evidence record) becomes the log's user op, and the
 * session's preview (mnemaSession.ts: the op, its cascade, re-derivation) is read back as
 * what falls, what would be reviewed, every node's state and every value that moves, and
 * what Commit would append (mnemaWrite.ts).
 */
import type { LifecycleState } from '../oplog/lifecycle.ts';
import type { ActionKind, UserAction } from '../oplog/userAction.ts';
import type { PosteriorMove } from '../session/whatIfPrior.ts';
import type { MnemaAction } from './mnemaActions.ts';
import type { MnemaDocument } from './mnemaDocument.ts';
import type { JsonObject } from './mnemaBodies.ts';
import type { LogWrite } from './mnemaWrite.ts';
import { asWrite, documentSession } from './mnemaWrite.ts';
import type { MemoShelf } from './derivationMemo.ts';
import type { MnemaPreview } from './mnemaSession.ts';
import { bandOf } from '../graph/confidenceBands.ts';

export interface LogActionPreview {
  readonly invalidated: readonly string[];
  readonly pendingReview: readonly string[];
  /** Every node that would not be active. */
  readonly states: Readonly<Record<string, LifecycleState>>;
  /** Claims whose served value would move. */
  readonly changed: Readonly<Record<string, PosteriorMove>>;
  /**
   * What re-derivation would produce, in words, one line a claim: each key the cascade
   * invalidates that is derived again from what is left, each new key, each value that
   * moves or is replaced. Empty when nothing is derived anew.
   */
  readonly outcome: readonly string[];
  /** Why it cannot be written (the effect may still be shown: a log this device may not write to). */
  readonly refusal: string | null;
  /** What Commit appends, to be signed by the page (null: refused). */
  readonly write: LogWrite | null;
}

/**
 * The person's actions that apply to a node of a Mnema log, by what it is and its state:
 * a claim is refuted or corrected (a refuted one only has its refutation withdrawn), an
 * evidence record is retracted, and a standing refutation, correction or retraction is
 * withdrawn. The inspector's buttons and the previews ask this one rule.
 */
export function logActionsFor(isClaim: boolean, state: LifecycleState): ActionKind[] {
  if (!isClaim) return state === 'retracted' ? ['withdraw'] : ['retract'];
  if (state === 'refuted') return ['withdraw'];
  return state === 'corrected' ? ['refute', 'correct', 'withdraw'] : ['refute', 'correct'];
}

const DOES_NOT_APPLY: Readonly<Record<ActionKind, (isClaim: boolean) => string>> = {
  refute: (isClaim) => (isClaim ? 'it is refuted already: withdraw the refutation first' : 'an evidence record is retracted, not refuted'),
  correct: (isClaim) => (isClaim ? 'a refuted claim is not corrected: withdraw the refutation first' : 'an evidence record is retracted, not corrected'),
  retract: (isClaim) => (isClaim ? 'a derived claim is refuted or corrected, not retracted' : 'it is retracted already'),
  withdraw: () => "it has no refutation, correction or retraction of the person's to withdraw",
};

/** The page's action as the log's own op, or why it does not apply. */
function mnemaActionOf(doc: MnemaDocument, action: UserAction): MnemaAction | string {
  const op = doc.opOf.get(action.target);
  if (!op) return `${action.target} is not in the log`;
  const isClaim = doc.derivation.claims.has(op);
  if (!logActionsFor(isClaim, doc.states[action.target] ?? 'active').includes(action.kind)) return DOES_NOT_APPLY[action.kind](isClaim);
  switch (action.kind) {
    case 'refute':
      return { kind: 'refute', key: action.target };
    case 'retract':
      return { kind: 'retract', evidence: op };
    case 'correct':
      if (!action.payload) return "a correction replaces the claim's payload: write the person's payload in the inspector's Correct editor";
      return { kind: 'correct', key: action.target, payload: action.payload as JsonObject };
    case 'withdraw': {
      const entry = isClaim ? doc.derivation.keys.get(action.target) : undefined;
      const standing = isClaim ? (entry?.refutation ?? entry?.correction) : doc.derivation.retracted.get(op);
      return standing ? { kind: 'withdraw', op: standing.id } : DOES_NOT_APPLY.withdraw(isClaim);
    }
  }
}

/**
 * What `action` would do to the document's log, by `author`: the session's preview (the op,
 * its cascade, the re-derivation) read back as what falls, what would be reviewed, every
 * node's state and every value that moves, with the write Commit would sign. `fresh`: the
 * session id an empty log is founded with; `rules`: the person's rule tables, which derive
 * beside the built-in derivers; `shelf`: memos of earlier versions, so the re-derivation
 * starts from the watermark (derivationMemo.ts).
 */
export function previewLogAction(doc: MnemaDocument, action: UserAction, author: string, fresh = 'mnema-session', rules: readonly string[] = [], shelf: MemoShelf | null = null): LogActionPreview {
  const refused = (refusal: string): LogActionPreview => ({ invalidated: [], pendingReview: [], states: doc.states, changed: {}, outcome: [], refusal, write: null });
  const mnema = mnemaActionOf(doc, action);
  if (typeof mnema === 'string') return refused(mnema);
  const session = documentSession(doc, fresh, rules, shelf);
  const planned = asWrite(doc, session, session.preview(mnema, author, action.source), author);
  const preview = planned.preview;
  if (preview.refusal) return refused(preview.refusal);
  const states: Record<string, LifecycleState> = { ...doc.states };
  const changed: Record<string, PosteriorMove> = {};
  for (const [key, { before, after }] of Object.entries(preview.changes)) {
    if (!after || after.state === 'active') delete states[key];
    else states[key] = after.state;
    if (before && after && before.confidence !== after.confidence) changed[key] = { before: before.confidence, after: after.confidence };
  }
  if (mnema.kind === 'retract') states[action.target] = 'retracted';
  if (mnema.kind === 'withdraw' && doc.states[action.target] === 'retracted') delete states[action.target];
  const outcome = outcomeLines(preview.changes, new Set(preview.invalidated), mnema.kind === 'refute' || mnema.kind === 'correct' ? mnema.key : null);
  return { invalidated: preview.invalidated, pendingReview: preview.pending.map((p) => p.identity_key), states, changed, outcome, refusal: planned.refusal, write: planned.write };
}

/** Digits (2 to 4) that tell `c` from `other` when both are printed. */
function digitsApart(c: number, other: number | null): number {
  let digits = 2;
  while (digits < 4 && other !== null && other !== c && c.toFixed(digits) === other.toFixed(digits)) digits++;
  return digits;
}

/** `0.61 (probable)`, told apart from `other`. */
const served = (c: number, other: number | null = null): string => `${c.toFixed(digitsApart(c, other))} (${bandOf(c)})`;

/**
 * What re-derivation would produce, one line a key (the target of the person's own op
 * aside: the preview's first line says what happens to it), in key order:
 * - a key the cascade invalidates that stands again: derived again from what is left;
 * - a key that is not served now and would be: new;
 * - a key whose served payload would change (not the target's own correction): a new value;
 * - a key whose confidence alone moves: from → to.
 */
export function outcomeLines(changes: MnemaPreview['changes'], invalidated: ReadonlySet<string>, target: string | null): string[] {
  const lines: string[] = [];
  for (const key of Object.keys(changes).sort()) {
    if (key === target) continue;
    const { before, after } = changes[key]!;
    if (!after || after.state !== 'active') continue;
    const wasServed = before !== null && before.state !== 'invalidated' && before.state !== 'refuted';
    if (invalidated.has(key))
      lines.push(`${key} derived again from what is left: ${served(after.confidence, wasServed ? before.confidence : null)}${wasServed ? `, was ${served(before.confidence, after.confidence)}` : ''}`);
    else if (!wasServed) lines.push(`${key} new: ${served(after.confidence)}`);
    else if (JSON.stringify(before.payload) !== JSON.stringify(after.payload)) lines.push(`${key} derived with another value: ${served(after.confidence)}`);
    else if (before.confidence !== after.confidence)
      lines.push(`${key} moves ${before.confidence.toFixed(digitsApart(before.confidence, after.confidence))} → ${served(after.confidence, before.confidence)}`);
  }
  return lines;
}
