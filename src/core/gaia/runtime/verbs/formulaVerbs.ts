/**
 * Propositional formulas over claims: land, lor, lnot, implies, iff, ClaimAtom and their
 * class forms (Land(operands=...), …). Claims are wrapped as atoms where a formula is
 * expected, as Gaia's connectives do; notes, questions and other values are refused.
 * The `~ & |` operators build the same nodes (see formulaOperators.ts).
 */
import type { ArgValue } from '../callArguments.ts';
import type { Formula } from '../gaiaObjects.ts';
import type { GaiaRuntime } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import type { VerbImpl } from './verbTypes.ts';

/** A formula operand: a formula, or a claim wrapped as an atom. */
export function coerceFormula(rt: GaiaRuntime, arg: ArgValue, verb: string): Formula | null {
  const v = arg.value;
  if (v.t === 'formula') return v.f;
  if (v.t === 'knowledge' && v.k.isClaim) return { f: 'atom', claim: v.k };
  if (v.t === 'knowledge') rt.report('not-a-claim', `${verb}(): ${describeValue(v)} has no truth value; formulas are built from claims`, arg.range);
  else if (v.t !== 'opaque') rt.report('bad-argument', `${verb}(): ${describeValue(v)} is not a formula`, arg.range);
  return null;
}

function formulaValue(f: Formula | null): GValue {
  return f ? { t: 'formula', f } : OPAQUE;
}

function operandsOf(rt: GaiaRuntime, args: readonly ArgValue[], verb: string): Formula[] | null {
  if (args.length < 2) {
    rt.report('bad-argument', `${verb} requires at least two operands`, args[0]?.range ?? { line: 1, column: 1, endLine: 1, endColumn: 1 });
    return null;
  }
  const out: Formula[] = [];
  for (const a of args) {
    const f = coerceFormula(rt, a, verb);
    if (!f) return null;
    out.push(f);
  }
  return out;
}

function nary(kind: 'and' | 'or'): VerbImpl {
  return (rt, call) => {
    const b = rt.bind(call, { varArgs: true });
    if (!b) return OPAQUE;
    if (b.varArgs.length < 2) {
      rt.report('bad-argument', `${call.verb}() requires at least two operands`, call.range);
      return OPAQUE;
    }
    const ops = operandsOf(rt, b.varArgs, call.verb);
    return formulaValue(ops ? { f: kind, operands: ops } : null);
  };
}

/** `Land(operands=(a, b))` / `Lor(...)`: the dataclass form takes one sequence. */
function naryClass(kind: 'and' | 'or'): VerbImpl {
  return (rt, call) => {
    const b = rt.bind(call, { positional: ['operands'], requiredPositional: 1 });
    if (!b) return OPAQUE;
    const arg = b.named.get('operands')!;
    if (arg.value.t !== 'seq') {
      if (arg.value.t !== 'opaque') rt.report('bad-argument', `${call.verb}(operands=...) takes a tuple of operands`, arg.range);
      return OPAQUE;
    }
    const items = arg.value.items.map((value) => ({ value, range: arg.range }));
    if (items.length < 2) {
      rt.report('bad-argument', `${call.verb} requires at least two operands`, arg.range);
      return OPAQUE;
    }
    const ops = operandsOf(rt, items, call.verb);
    return formulaValue(ops ? { f: kind, operands: ops } : null);
  };
}

function unaryVerb(param: string): VerbImpl {
  return (rt, call) => {
    const b = rt.bind(call, { positional: [param], requiredPositional: 1 });
    if (!b) return OPAQUE;
    const operand = coerceFormula(rt, b.named.get(param)!, call.verb);
    return formulaValue(operand ? { f: 'not', operand } : null);
  };
}

function binaryVerb(kind: 'implies' | 'iff', first: string, second: string): VerbImpl {
  return (rt, call) => {
    const b = rt.bind(call, { positional: [first, second], requiredPositional: 2 });
    if (!b) return OPAQUE;
    const x = coerceFormula(rt, b.named.get(first)!, call.verb);
    const y = coerceFormula(rt, b.named.get(second)!, call.verb);
    if (!x || !y) return OPAQUE;
    return formulaValue(kind === 'implies' ? { f: 'implies', antecedent: x, consequent: y } : { f: 'iff', left: x, right: y });
  };
}

export const claimAtomVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['claim'], requiredPositional: 1 });
  if (!b) return OPAQUE;
  const arg = b.named.get('claim')!;
  if (arg.value.t === 'knowledge' && arg.value.k.isClaim) return { t: 'formula', f: { f: 'atom', claim: arg.value.k } };
  if (arg.value.t !== 'opaque') {
    rt.report(arg.value.t === 'knowledge' ? 'not-a-claim' : 'bad-argument', `ClaimAtom requires a claim, got ${describeValue(arg.value)}`, arg.range);
  }
  return OPAQUE;
};

export const FORMULA_VERBS: Readonly<Record<string, VerbImpl>> = {
  land: nary('and'),
  lor: nary('or'),
  lnot: unaryVerb('operand'),
  implies: binaryVerb('implies', 'antecedent', 'consequent'),
  iff: binaryVerb('iff', 'left', 'right'),
  Land: naryClass('and'),
  Lor: naryClass('or'),
  Lnot: unaryVerb('operand'),
  Implies: binaryVerb('implies', 'antecedent', 'consequent'),
  Iff: binaryVerb('iff', 'left', 'right'),
  ClaimAtom: claimAtomVerb,
};
