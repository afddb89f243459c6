/**
 * Lifecycle states (docs/contract.md §1.3): a function of the user operations still standing
 * and the graph. A belief with a standing refutation, correction or retraction shows
 * it; a belief a revision holds for review is `invalidated`; any other belief is
 * `invalidated` iff one of its justifiers is not `active`; otherwise it is `active`. Nothing here is stored: states are recomputed from the
 * standing ops, so withdrawing an op restores exactly what was there before.
 *
 * In a session whose log records when beliefs appeared (a `Timeline`), an invalidation
 * reaches only beliefs that existed when the op causing it was recorded (issue 43): a
 * justifier that is not active counts against a belief only if its state comes from an
 * op recorded after the belief first appeared. A belief typed under a corrected one was
 * written knowing the correction, and is `active`. Without a timeline (the command line's
 * `cascade`, a log that records no appearances) every belief is there from the start and
 * the rule is the contract's as written.
 */
import type { DependencyIndex } from './dependencyIndex.ts';
import { justifiersOf } from './dependencyIndex.ts';
import type { CorrectionBody, OpId, RefutationBody, RetractionBody } from './operation.ts';

/** The lifecycle states (contract §1.3), declared here once: every other list and type derives from it. */
export const LIFECYCLE_STATES = ['active', 'corrected', 'refuted', 'invalidated', 'retracted'] as const;
export type LifecycleState = (typeof LIFECYCLE_STATES)[number];

/** The user op standing on a target: a replayed SignedOperation fits, and so does an unsigned op with its id. */
export interface StandingAssertion {
  readonly id: OpId;
  readonly body: CorrectionBody | RefutationBody | RetractionBody;
}

/** target (node id) → the assertion standing on it. */
export type Standing = ReadonlyMap<string, StandingAssertion>;

/**
 * Review holds: beliefs a revision invalidated (something they rest on was rewritten),
 * node id → the `claim_invalidation` op that holds them. A held belief is `invalidated`
 * until the hold is withdrawn (the person reviewed it), unless a user assertion on it
 * says otherwise; what rests on it follows by the ordinary rule.
 */
export type Held = ReadonlyMap<string, OpId>;

const NO_HOLDS: Held = new Map();

/** The state each kind of standing assertion gives its target. */
export const ASSERTED_STATE = {
  claim_correction: 'corrected',
  claim_refutation: 'refuted',
  evidence_retraction: 'retracted',
} as const satisfies Readonly<Record<StandingAssertion['body']['kind'], LifecycleState>>;

/** The state a standing assertion gives its target. */
export function assertedState(a: StandingAssertion): LifecycleState {
  return ASSERTED_STATE[a.body.kind];
}

/** The kind of assertion standing on a belief in `state`, or null when the state is not one an assertion gives. */
export function assertionOfState(state: LifecycleState): StandingAssertion['body']['kind'] | null {
  for (const [kind, s] of Object.entries(ASSERTED_STATE)) if (s === state) return kind as StandingAssertion['body']['kind'];
  return null;
}

/**
 * When beliefs appeared and ops were recorded, as positions in the session's log (replay
 * order): what lets an invalidation reach only beliefs that existed before its cause.
 */
export interface Timeline {
  /** Node → the position of the revision it first appeared in; absent: there from the session's start. */
  readonly born: ReadonlyMap<string, number>;
  /** Op id → its position in the log; absent: after every op (an op being previewed). */
  readonly position: ReadonlyMap<OpId, number>;
}

/** No appearances recorded: every belief there from the start (the contract's rule as written). */
export const NO_TIMELINE: Timeline = { born: new Map(), position: new Map() };

/**
 * Since when each node that is not active has been so: the position of the latest op its
 * state comes from (its own assertion or hold, or, for an invalidated belief, the latest
 * cause reaching it through its justifiers). Absent for active nodes; read as "after
 * every op" when absent for one that is not.
 */
export type Since = ReadonlyMap<string, number>;

/** A node's state and since when (`-Infinity` for an active node). */
export interface Settled {
  readonly state: LifecycleState;
  readonly since: number;
}

const ACTIVE: Settled = { state: 'active', since: -Infinity };

/** The position of op `id` in `timeline` (after every op when it is not in the log). */
export function positionOf(timeline: Timeline, id: OpId): number {
  return timeline.position.get(id) ?? Infinity;
}

/** Whether `timeline` records any appearance: without one, since-when never matters. */
export function hasBirths(timeline: Timeline): boolean {
  return timeline.born.size > 0;
}

/**
 * The state of one node and since when, given its justifiers' (looked up through
 * `stateOf` and `sinceOf`). This is the rule itself; everything else is bookkeeping
 * around it. A justifier that is not active counts only when its state comes from an op
 * recorded after the node appeared.
 */
export function settleNode(
  index: DependencyIndex,
  standing: Standing,
  held: Held,
  timeline: Timeline,
  id: string,
  stateOf: (id: string) => LifecycleState,
  sinceOf: (id: string) => number | undefined,
): Settled {
  const asserted = standing.get(id);
  if (asserted) return { state: assertedState(asserted), since: positionOf(timeline, asserted.id) };
  const hold = held.get(id);
  if (hold !== undefined) return { state: 'invalidated', since: positionOf(timeline, hold) };
  const born = timeline.born.get(id) ?? -Infinity;
  let since = -Infinity;
  for (const j of justifiersOf(index, id)) {
    if (stateOf(j) === 'active') continue;
    const t = sinceOf(j) ?? Infinity;
    if (t > born && t > since) since = t;
  }
  return since === -Infinity ? ACTIVE : { state: 'invalidated', since };
}

/**
 * The state of one node given its justifiers' states (looked up through `stateOf`), every
 * belief there from the start: the contract's rule as written.
 */
export function stateFrom(index: DependencyIndex, standing: Standing, id: string, stateOf: (id: string) => LifecycleState, held: Held = NO_HOLDS): LifecycleState {
  return settleNode(index, standing, held, NO_TIMELINE, id, stateOf, () => undefined).state;
}

/**
 * States of every node of the index (helpers included), in O(nodes + edges): a
 * depth-first walk settles justifiers before what they justify. On a justification
 * cycle (only in a document with errors) a justifier still being settled counts as
 * active, so the result is defined whatever the input.
 */
export function computeStates(index: DependencyIndex, standing: Standing, held: Held = NO_HOLDS, timeline: Timeline = NO_TIMELINE): Map<string, LifecycleState> {
  return computeLifecycle(index, standing, held, timeline).states;
}

/** computeStates, with since when each node that is not active has been so. */
export function computeLifecycle(
  index: DependencyIndex,
  standing: Standing,
  held: Held = NO_HOLDS,
  timeline: Timeline = NO_TIMELINE,
): { states: Map<string, LifecycleState>; since: Map<string, number> } {
  const states = new Map<string, LifecycleState>();
  const since = new Map<string, number>();
  const settling = new Set<string>();
  const lookup = (id: string): LifecycleState => states.get(id) ?? 'active';
  const sinceOf = (id: string): number | undefined => since.get(id);
  for (const root of index.position.keys()) {
    if (states.has(root)) continue;
    // Explicit stack: (node, next justifier to look at).
    const stack: { id: string; next: number }[] = [{ id: root, next: 0 }];
    settling.add(root);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const js = standing.has(top.id) || held.has(top.id) ? [] : justifiersOf(index, top.id);
      if (top.next < js.length) {
        const j = js[top.next++]!;
        if (!states.has(j) && !settling.has(j)) {
          settling.add(j);
          stack.push({ id: j, next: 0 });
        }
        continue;
      }
      const settled = settleNode(index, standing, held, timeline, top.id, lookup, sinceOf);
      states.set(top.id, settled.state);
      if (settled.state !== 'active') since.set(top.id, settled.since);
      settling.delete(top.id);
      stack.pop();
    }
  }
  return { states, since };
}

/** The states of the listed beliefs, in document order, as `cascade --json` prints them. */
export function listedStates(index: DependencyIndex, states: ReadonlyMap<string, LifecycleState>): Record<string, LifecycleState> {
  const out: Record<string, LifecycleState> = {};
  for (const id of index.beliefs) out[id] = states.get(id) ?? 'active';
  return out;
}
