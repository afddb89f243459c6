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
    case 'predicate':
    case 'compare':
      return [];
    case 'forall':
    case 'exists':
      return formulaAtoms(f.body);
  }
}
