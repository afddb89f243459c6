/**
 * A session's log read against one document: the user ops are applied in replay order
 * through the cascade, which yields the final standing ops and states and, per belief,
 * the history an explanation shows — refuted, corrected, retracted, withdrawn,
 * invalidated (with the op that caused it), and the revisions that touched it.
 *
 * An op that does not apply to this document (its target is not a belief here, a
 * retraction of a belief that now has justifications, a withdrawal of something not
 * standing) is skipped and reported in `skipped`, never half-applied.
 */
import type { CascadeSession, CascadeTrigger } from './cascade.ts';
import { applyOperation, openCascadeSession } from './cascade.ts';
import type { DependencyIndex } from './dependencyIndex.ts';
import { resolveTarget } from './dependencyIndex.ts';
import type { OperationKind, OpId, SignedOperation, UnsignedOperation } from './operation.ts';

export type HistoryEventName = 'revision' | 'refuted' | 'corrected' | 'retracted' | 'withdrawn' | 'invalidated';

export interface HistoryEvent {
  readonly op_id: OpId;
  readonly event: HistoryEventName;
  readonly at: string;
  /** The corrected value. */
  readonly value?: number;
  /** For `invalidated`: the op whose cascade caused it. */
  readonly cause?: { readonly op_id: OpId; readonly kind: OperationKind };
  readonly note?: string;
}

export interface SessionReplay {
  readonly session: CascadeSession;
  /** Node id → its events, in log order. */
  readonly history: ReadonlyMap<string, readonly HistoryEvent[]>;
  readonly skipped: readonly { readonly op_id: OpId; readonly reason: string; readonly message: string }[];
}

const EVENT: Partial<Record<OperationKind, HistoryEventName>> = {
  claim_refutation: 'refuted',
  claim_correction: 'corrected',
  evidence_retraction: 'retracted',
  withdrawal: 'withdrawn',
};

/** An op with its id: a SignedOperation, or an unsigned one the caller has addressed. */
export type AddressedOperation = UnsignedOperation & { readonly id: OpId };

export function replaySession(
  index: DependencyIndex,
  ops: readonly (SignedOperation | AddressedOperation)[],
  options: {
    /** For a revision op: the beliefs it touched; by default the op's own `changed` list. */
    readonly touchedBy?: (revision: AddressedOperation) => readonly string[];
  } = {},
): SessionReplay {
  const session = openCascadeSession(index);
  const history = new Map<string, HistoryEvent[]>();
  const skipped: { op_id: OpId; reason: string; message: string }[] = [];
  const kindOf = new Map<OpId, OperationKind>();
  const logged = new Set<string>();
  const push = (id: string, e: HistoryEvent) => {
    const list = history.get(id);
    if (list) list.push(e);
    else history.set(id, [e]);
  };
  for (const op of ops) {
    const body = op.body;
    kindOf.set(op.id, body.kind);
    if (body.kind === 'revision') {
      const touched = options.touchedBy ? options.touchedBy(op) : (body.changed ?? []);
      for (const id of touched) push(resolveTarget(index, id) ?? id, { op_id: op.id, event: 'revision', at: op.at });
      continue;
    }
    if (body.kind === 'claim_invalidation') {
      // Recorded by the engine: shown unless the cascade below already gave the same event.
      const target = resolveTarget(index, body.target) ?? body.target;
      const key = `${target}\u0000${body.cause}`;
      if (!logged.has(key)) {
        logged.add(key);
        const kind = kindOf.get(body.cause);
        push(target, { op_id: op.id, event: 'invalidated', at: op.at, ...(kind ? { cause: { op_id: body.cause, kind } } : {}) });
      }
      continue;
    }
    if (body.kind === 'contradiction_resolution') continue;
    const outcome = applyOperation(session, { id: op.id, body } as CascadeTrigger);
    if (!outcome.ok) {
      skipped.push({ op_id: op.id, reason: outcome.reason, message: outcome.message });
      continue;
    }
    const { report } = outcome;
    push(report.target, {
      op_id: op.id,
      event: EVENT[body.kind]!,
      at: op.at,
      ...(body.kind === 'claim_correction' ? { value: body.value } : {}),
      ...(body.note !== undefined ? { note: body.note } : {}),
    });
    for (const inv of report.invalidations) {
      const key = `${inv.target}\u0000${op.id}`;
      if (logged.has(key)) continue;
      logged.add(key);
      push(inv.target, { op_id: op.id, event: 'invalidated', at: op.at, cause: { op_id: op.id, kind: body.kind } });
    }
  }
  return { session, history, skipped };
}
