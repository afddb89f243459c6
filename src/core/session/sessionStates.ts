/**
 * What a session's log makes of each belief, as the page draws it and the picture
 * exports show it: the lifecycle state of every belief that is not `active` (contract
 * §1.3) and the value of each standing correction. Both come from the session model's
 * fold, so the page (through the validation worker) and `warrant export --ops` agree.
 */
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import { buildDependencyIndex } from '../oplog/dependencyIndex.ts';
import type { LifecycleState } from '../oplog/lifecycle.ts';
import { correctedValues } from './sessionActions.ts';
import type { LoggedOperation, SessionModel, SkippedOperation } from './sessionModel.ts';
import { foldSession } from './sessionModel.ts';

export interface SessionStates {
  /** Beliefs that are not `active`; a missing entry is `active`. */
  readonly states: ReadonlyMap<string, LifecycleState>;
  /** Beliefs with a standing correction → the corrected value. */
  readonly corrected: ReadonlyMap<string, number>;
}

/** No session, or a log with nothing standing: every belief active. */
export const NO_STATES: SessionStates = { states: new Map(), corrected: new Map() };

/** Only the beliefs that are not active: a large trace with few operations carries little. */
export function notActive(states: ReadonlyMap<string, LifecycleState>): Map<string, LifecycleState> {
  const out = new Map<string, LifecycleState>();
  for (const [id, state] of states) if (state !== 'active') out.set(id, state);
  return out;
}

export function sessionStatesOf(model: SessionModel): SessionStates {
  return { states: notActive(model.states), corrected: correctedValues(model) };
}

/** A log (verified, in replay order) folded over a graph: the states it leaves, and the ops that did not fit. */
export function statesOfLog(graph: ReasoningGraph, ops: readonly LoggedOperation[]): { states: SessionStates; skipped: readonly SkippedOperation[] } {
  const model = foldSession(buildDependencyIndex(graph), ops);
  return { states: sessionStatesOf(model), skipped: model.skipped };
}

/** A belief's state under `s`. */
export function stateIn(s: SessionStates, id: string): LifecycleState {
  return s.states.get(id) ?? 'active';
}
