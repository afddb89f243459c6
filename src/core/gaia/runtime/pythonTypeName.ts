/**
 * Python's `type(x).__name__` of a value of the package's Python, as Python's and Gaia's
 * TypeErrors name a wrong argument.
 */
import type { Formula } from './gaiaObjects.ts';
import type { GValue } from './gaiaValues.ts';
import { logicClassName } from './logicDescribe.ts';

export function pyTypeName(v: GValue): string {
  switch (v.t) {
    case 'none':
      return 'NoneType';
    case 'bool':
      return 'bool';
    case 'str':
      return 'str';
    case 'dict':
      return 'dict';
    case 'num':
      return v.float ? 'float' : 'int';
    case 'seq':
      return v.tuple ? 'tuple' : 'list';
    case 'knowledge':
      return v.k.isClaim ? 'Claim' : v.k.type === 'note' ? 'Note' : v.k.type === 'question' ? 'Question' : 'Knowledge';
    case 'distribution':
      return 'Distribution';
    case 'derived':
      return 'DerivedDistribution';
    case 'quantity':
      return 'Quantity';
    case 'logic':
      return logicClassName(v.v);
    case 'formula':
      return formulaClassName(v.f);
    default:
      return v.t;
  }
}

function formulaClassName(f: Formula): string {
  const names: Record<Formula['f'], string> = {
    atom: 'ClaimAtom',
    and: 'Land',
    or: 'Lor',
    not: 'Lnot',
    implies: 'Implies',
    iff: 'Iff',
    predicate: 'UserPredicate',
    compare: 'Equals',
    forall: 'Forall',
    exists: 'Exists',
  };
  return f.f === 'compare' ? f.cls : names[f.f];
}
