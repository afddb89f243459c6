/**
 * Factor tables. Gaia has two conventions for the logical operators and the engines use
 * them as Gaia's engines do:
 *  - softened (exact enumeration, junction tree, our loopy BP): a state the operator
 *    allows weighs 1 − ε, a state it forbids ε, so no assignment is impossible;
 *  - strict (Gaia's TRW-BP, the `trw_bp` method): allowed 1, forbidden 0.
 * The soft factors (soft entailment, conditional, pairwise) carry their own numbers and
 * are the same in both.
 *
 * A table covers the factor's scope (factorScope: inputs, then conclusion, no repeats);
 * bit j of an index is the value of scope[j].
 */
import { CROMWELL_EPS } from './cromwell.ts';
import { factorScope, isDeterministic } from './factorGraph.ts';
import type { DeterministicKind, Factor } from './factorGraph.ts';

/** Does the operator hold when its inputs take `inputs` and its conclusion `c`? */
export function operatorHolds(kind: DeterministicKind, inputs: readonly number[], c: number): boolean {
  switch (kind) {
    case 'implication': {
      // The helper H says "A → B": H = 1 forbids A ∧ ¬B, H = 0 allows only A ∧ ¬B.
      const counterexample = inputs[0] === 1 && inputs[1] === 0;
      return c === 1 ? !counterexample : counterexample;
    }
    case 'negation':
      return c === 1 - inputs[0]!;
    case 'conjunction':
      return c === (inputs.every((x) => x === 1) ? 1 : 0);
    case 'disjunction':
      return c === (inputs.some((x) => x === 1) ? 1 : 0);
    case 'equivalence':
      return c === (inputs[0] === inputs[1] ? 1 : 0);
    case 'contradiction':
      return c === (inputs[0] === 1 && inputs[1] === 1 ? 0 : 1);
    case 'complement':
      return c === (inputs[0] !== inputs[1] ? 1 : 0);
  }
}

/** The factor's weight on one assignment (inputs in `variables` order, conclusion c). */
export function factorWeight(factor: Factor, inputs: readonly number[], c: number, strict: boolean): number {
  const { kind } = factor;
  if (isDeterministic(kind)) {
    const holds = operatorHolds(kind, inputs, c);
    return strict ? (holds ? 1 : 0) : holds ? 1 - CROMWELL_EPS : CROMWELL_EPS;
  }
  switch (kind) {
    case 'soft_entailment': {
      const p1 = factor.p1!;
      const p2 = factor.p2!;
      return inputs[0] === 1 ? (c === 1 ? p1 : 1 - p1) : c === 0 ? p2 : 1 - p2;
    }
    case 'conditional': {
      let row = 0;
      for (let i = 0; i < inputs.length; i++) if (inputs[i] === 1) row |= 1 << i;
      const p = factor.cpt![row]!;
      return c === 1 ? p : 1 - p;
    }
    case 'pairwise':
      return factor.cpt![inputs[0]! | (c << 1)]!;
  }
}

/** The whole table of a factor over factorScope(factor). */
export function factorTable(factor: Factor, strict: boolean): Float64Array {
  const scope = factorScope(factor);
  const inputAt = factor.variables.map((v) => scope.indexOf(v));
  const conclusionAt = scope.indexOf(factor.conclusion);
  const table = new Float64Array(1 << scope.length);
  const inputs = new Array<number>(inputAt.length).fill(0);
  for (let x = 0; x < table.length; x++) {
    for (let i = 0; i < inputAt.length; i++) inputs[i] = (x >> inputAt[i]!) & 1;
    table[x] = factorWeight(factor, inputs, (x >> conclusionAt) & 1, strict);
  }
  return table;
}
