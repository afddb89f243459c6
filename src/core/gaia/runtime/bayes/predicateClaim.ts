/**
 * `claim(content, proposition)` with a comparison of a Distribution (`T_c > 77`): Gaia's
 * predicate claim. The proposition is kept in the claim's metadata as Gaia writes it
 * (`{kind: 'bool_expr', op, lhs: <distribution>, rhs: 77}`) and remembered here, so that
 * compiling can give the claim its prior from the distribution's CDF (predicatePrior.ts).
 * Equation propositions (`==`, `!=`) fill Gaia's other slot, `equation` (with
 * `equation_tolerance`), and take a neutral 0.5 prior unless the author gives one.
 */
import type { SourceRange } from '../../../text/sourceRange.ts';
import type { ArgValue } from '../callArguments.ts';
import type { Knowledge, MetaDict, MetaValue } from '../gaiaObjects.ts';
import { metaDict } from '../gaiaObjects.ts';
import type { GaiaRuntime } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { describeValue } from '../gaiaValues.ts';
import { pyStr } from '../pythonSemantics.ts';
import type { BayesDistribution } from './bayesObjects.ts';
import { pyTypeName } from '../pythonTypeName.ts';
import { distributionDescriptor } from './observeVariable.ts';

export interface DistributionPredicate {
  readonly op: string;
  readonly distribution: BayesDistribution;
  /** The right-hand side as written: checked (and converted) only when the claim compiles, as Gaia does. */
  readonly threshold: GValue;
  readonly thresholdRange: SourceRange;
}

/** The predicate of each predicate claim. */
export const PREDICATES = new WeakMap<Knowledge, DistributionPredicate>();

/** A value inside a BoolExpr as the IR's metadata writes it: a Distribution as its descriptor. */
function operandMeta(rt: GaiaRuntime, v: GValue, range: SourceRange): MetaValue | undefined {
  if (v.t === 'distribution') return distributionDescriptor(v.d);
  if (v.t === 'derived') {
    const lhs = operandMeta(rt, v.left, range);
    const rhs = operandMeta(rt, v.right, range);
    return lhs === undefined || rhs === undefined ? undefined : metaDict({ kind: 'derived_distribution', op: v.op, lhs, rhs });
  }
  return rt.meta(v, range, 'claim');
}

/** A checked proposition: the metadata slot it fills and what it records there. */
export interface Proposition {
  readonly slot: 'predicate' | 'equation';
  readonly metadata: MetaValue;
  /** `equation_tolerance`, as a float. */
  readonly tolerance: number | null;
  /** Remembers the proposition for compiling (the predicate's CDF prior, the equation's neutral default). */
  readonly attach: (claim: Knowledge) => void;
}

/** Equation claims (`==`, `!=`): Gaia gives them a neutral prior when nothing else does (predicatePriors.ts). */
export const EQUATIONS = new WeakSet<Knowledge>();

/**
 * The BoolExpr object a predicate or equation claim holds (the same object when one
 * proposition is given twice): Gaia compares it when it compares two alike claims
 * (ir/distributionEqualityTrap.ts).
 */
export const PROPOSITION_OBJECTS = new WeakMap<Knowledge, { readonly slot: 'predicate' | 'equation'; readonly value: GValue }>();

/** Gaia's check of `tolerance=`: an int or float (a bool is an int) above zero. */
function toleranceValue(rt: GaiaRuntime, tolerance: ArgValue): number | null {
  const t = tolerance.value;
  const n = t.t === 'num' ? t.v : t.t === 'bool' ? (t.v ? 1 : 0) : null;
  if (n !== null && n > 0) return n;
  if (t.t !== 'opaque') {
    const written = pyStr(t, true) ?? describeValue(t);
    rt.report('bad-argument', `ValueError: claim(tolerance=...) must be a positive number, got ${written}.`, tolerance.range);
  }
  return null;
}

/**
 * Checks claim()'s proposition and tolerance as Gaia does when the claim is made; the
 * slot, its metadata and how to remember it, undefined after a report.
 */
export function predicateProposition(rt: GaiaRuntime, proposition: ArgValue, tolerance: ArgValue | undefined, metadata: MetaDict | null): Proposition | undefined {
  const p = proposition.value;
  if (p.t === 'opaque') return undefined;
  if (p.t !== 'boolExpr') {
    rt.report(
      'bad-argument',
      `TypeError: claim() second positional argument must be a BoolExpr produced by comparing a Distribution against another value (e.g. k > 1e-2). Got ${pyTypeName(p)}. For prose claims, omit the second argument; for predicate-logic claims, use the \`formula=\` keyword.`,
      proposition.range,
    );
    return undefined;
  }
  if (metadata && ('predicate' in metadata || 'equation' in metadata)) {
    rt.report('bad-argument', "TypeError: claim() received both a proposition argument and a manually set metadata['predicate'] / metadata['equation'] entry — pick one.", proposition.range);
    return undefined;
  }
  const hasTolerance = tolerance !== undefined && tolerance.value.t !== 'none';
  const lhs = operandMeta(rt, p.left, proposition.range);
  const rhs = operandMeta(rt, p.right, proposition.range);
  if (lhs === undefined || rhs === undefined) return undefined;
  const recorded = metaDict({ kind: 'bool_expr', op: p.op, lhs, rhs });
  if (p.op === '==' || p.op === '!=') {
    const t = hasTolerance ? toleranceValue(rt, tolerance!) : null;
    if (hasTolerance && t === null) return undefined;
    return {
      slot: 'equation',
      metadata: recorded,
      tolerance: t,
      attach: (claim) => {
        EQUATIONS.add(claim);
        PROPOSITION_OBJECTS.set(claim, { slot: 'equation', value: p });
      },
    };
  }
  if (hasTolerance) {
    rt.report(
      'bad-argument',
      'TypeError: claim(tolerance=...) only applies to equation propositions (``y == baseline + slope * x``); for inequality predicates the prior is exact via CDF integration.',
      tolerance!.range,
    );
    return undefined;
  }
  if (p.left.t !== 'distribution') {
    rt.report('bad-argument', `TypeError: Predicate claim left-hand side must be a Distribution; got ${pyTypeName(p.left)}.`, proposition.range);
    return undefined;
  }
  const predicate: DistributionPredicate = { op: p.op, distribution: p.left.d, threshold: p.right, thresholdRange: proposition.range };
  return {
    slot: 'predicate',
    metadata: recorded,
    tolerance: null,
    attach: (claim) => {
      PREDICATES.set(claim, predicate);
      PROPOSITION_OBJECTS.set(claim, { slot: 'predicate', value: p });
    },
  };
}
