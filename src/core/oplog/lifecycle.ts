/**
 * Lifecycle states (docs/contract.md §1.3): a function of the user operations still standing
 * and the graph. A belief with a standing refutation, correction or retraction shows
 * it; a belief a revision holds for review is `invalidated`; any other belief is
 * `invalidated` iff one of its justifiers is not `active`; otherwise it is `active`. Nothing here is stored: states are recomputed from the
 * standing ops, so withdrawing an op restores exactly what was there before.
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
 * The state of one node given its justifiers' states (looked up through `stateOf`).
 * This is the rule itself; everything else is bookkeeping around it.
 */
export function stateFrom(index: DependencyIndex, standing: Standing, id: string, stateOf: (id: string) => LifecycleState, held: Held = NO_HOLDS): LifecycleState {
  const asserted = standing.get(id);
  if (asserted) return assertedState(asserted);
  if (held.has(id)) return 'invalidated';
  for (const j of justifiersOf(index, id)) if (stateOf(j) !== 'active') return 'invalidated';
  return 'active';
}

/**
 * States of every node of the index (helpers included), in O(nodes + edges): a
 * depth-first walk settles justifiers before what they justify. On a justification
 * cycle (only in a document with errors) a justifier still being settled counts as
 * active, so the result is defined whatever the input.
 */
export function computeStates(index: DependencyIndex, standing: Standing, held: Held = NO_HOLDS): Map<string, LifecycleState> {
  const states = new Map<string, LifecycleState>();
  const settling = new Set<string>();
  const lookup = (id: string): LifecycleState => states.get(id) ?? 'active';
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
      states.set(top.id, stateFrom(index, standing, top.id, lookup, held));
      settling.delete(top.id);
      stack.pop();
    }
  }
  return states;
}

/** The states of the listed beliefs, in document order, as `cascade --json` prints them. */
export function listedStates(index: DependencyIndex, states: ReadonlyMap<string, LifecycleState>): Record<string, LifecycleState> {
  const out: Record<string, LifecycleState> = {};
  for (const id of index.beliefs) out[id] = states.get(id) ?? 'active';
  return out;
}
