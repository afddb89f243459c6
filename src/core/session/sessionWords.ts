/**
 * The one vocabulary of a session, so the inspector, the cascade preview, the history,
 * the explanation text and the CLI say the same thing: what each action is called, what
 * its preview says it will do, how it is recorded, and how an op is named.
 *
 * The four user operations (userAction.ts) are five meanings to a person: a withdrawal
 * lifts a standing refutation, correction or retraction ("withdraw"), or, when nothing
 * stands, a revision's hold on a belief ("review": the person looked at it again after
 * the text it rests on changed). Which one is decided by the same rule that makes the
 * withdrawal's body (sessionActions.ts `operationFor`): the standing op first.
 */
import type { OperationKind, OpId } from '../oplog/operation.ts';
import type { ActionKind } from '../oplog/userAction.ts';

export type ActionMeaning = Exclude<ActionKind, 'withdraw'> | 'withdraw' | 'review';

/** What stands on a belief, as the words need it: the kind of the standing op, or a hold, or nothing. */
export type Standing = 'claim_refutation' | 'claim_correction' | 'evidence_retraction' | 'hold' | null;

/** What an action on a belief means, given what stands on it. */
export function meaningOf(kind: ActionKind, standing: Standing): ActionMeaning {
  return kind === 'withdraw' && standing === 'hold' ? 'review' : kind;
}

interface Words {
  /** The button. */
  readonly label: string;
  /** The button's tooltip. */
  readonly hint: string;
  /** The history event an explanation lists for it. */
  readonly event: 'refuted' | 'corrected' | 'retracted' | 'withdrawn' | 'reviewed';
}

export const ACTION_WORDS: Readonly<Record<ActionMeaning, Words>> = {
  refute: { label: 'Refute…', hint: 'Preview what falls if this is false', event: 'refuted' },
  correct: { label: 'Correct…', hint: 'Preview a new value', event: 'corrected' },
  retract: { label: 'Retract…', hint: 'Preview withdrawing this evidence', event: 'retracted' },
  withdraw: { label: 'Withdraw…', hint: 'Preview removing the refutation, correction or retraction standing on this belief', event: 'withdrawn' },
  review: { label: 'Mark reviewed…', hint: 'Something this rests on was rewritten: preview marking it reviewed', event: 'reviewed' },
};

/** The noun for a standing user op. */
export function assertionNoun(kind: OperationKind | undefined): string {
  switch (kind) {
    case 'claim_refutation':
      return 'refutation';
    case 'claim_correction':
      return 'correction';
    case 'evidence_retraction':
      return 'retraction';
    default:
      return 'assertion';
  }
}

/** One action on `target` in words, in the imperative (`preview`) or as recorded (`done`). */
export interface ActionPhrase {
  readonly meaning: ActionMeaning;
  readonly target: string;
  /** The corrected value. */
  readonly value?: number;
  /** A correction that replaces a payload (a Mnema claim): the payload in one line. */
  readonly payload?: string;
  /** For a withdrawal: the kind of the op it withdraws. */
  readonly withdrawn?: OperationKind;
}

export function previewText(a: ActionPhrase): string {
  switch (a.meaning) {
    case 'refute':
      return `refute ${a.target}`;
    case 'correct':
      return `correct ${a.target} to ${a.payload ?? (a.value ?? 0).toFixed(2)}`;
    case 'retract':
      return `retract ${a.target}`;
    case 'withdraw':
      return `withdraw the ${assertionNoun(a.withdrawn)} of ${a.target}`;
    case 'review':
      return `mark ${a.target} reviewed`;
  }
}

export function recordedText(a: ActionPhrase): string {
  switch (a.meaning) {
    case 'refute':
      return `you refuted ${a.target}`;
    case 'correct':
      return `you corrected ${a.target} to ${(a.value ?? 0).toFixed(2)}`;
    case 'retract':
      return `you retracted ${a.target}`;
    case 'withdraw':
      return `you withdrew the ${assertionNoun(a.withdrawn)} of ${a.target}`;
    case 'review':
      return `you reviewed ${a.target} after the text it rests on changed`;
  }
}

/** What an op of `kind` is, as the cause of an invalidation ("invalidated by a refutation"). */
export function causeNoun(kind: OperationKind): string {
  switch (kind) {
    case 'revision':
      return 'an edit of the text';
    case 'claim_invalidation':
      return 'a hold for review';
    case 'withdrawal':
      return 'a withdrawal';
    case 'contradiction_resolution':
      return 'a resolution';
    case 'member_addition':
      return 'a new member';
    case 'review_decision':
      return 'a review decision';
    case 'proposal_acceptance':
      return "an acceptance into the session's world";
    default:
      return `a ${assertionNoun(kind)}`;
  }
}

/**
 * An op's id as text shows it: `op 6ea9c1d2`. The stored id is `b3:` + BLAKE3 hex, and
 * `b3:6ea9…` read like belief b3; the word `op` and the first eight hex digits cannot be
 * mistaken for a belief id. JSON keeps the whole id.
 */
export function opLabel(id: OpId | string): string {
  const hex = id.startsWith('b3:') ? id.slice(3) : id;
  return `op ${hex.slice(0, 8)}`;
}
