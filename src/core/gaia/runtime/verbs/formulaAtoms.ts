/** The claims a formula mentions as ClaimAtoms, in order, repeats kept (Gaia's `_claim_atoms`). */
import type { Formula, Knowledge } from '../gaiaObjects.ts';

export function formulaAtoms(f: Formula): Knowledge[] {
  switch (f.f) {
    case 'atom':
      return [f.claim];
    case 'and':
    case 'or':
      return f.operands.flatMap(formulaAtoms);
    case 'not':
      return formulaAtoms(f.operand);
    case 'implies':
      return [...formulaAtoms(f.antecedent), ...formulaAtoms(f.consequent)];
    case 'iff':
      return [...formulaAtoms(f.left), ...formulaAtoms(f.right)];
    // Gaia's `_claim_atoms` looks through connectives only: not into predicates or quantifiers.
    case 'predicate':
    case 'compare':
    case 'forall':
    case 'exists':
      return [];
  }
}
