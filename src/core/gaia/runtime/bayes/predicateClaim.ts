/**
 * `claim(content, proposition)` with a comparison of a Distribution (`T_c > 77`): Gaia's
 * predicate claim. The proposition is kept in the claim's metadata as Gaia writes it
 * (`{kind: 'bool_expr', op, lhs: <distribution>, rhs: 77}`) and remembered here, so that
 * compiling can give the claim its prior from the distribution's CDF (predicatePrior.ts).
 * Equation propositions (`==`, `!=`) are Gaia's other slot; Warrant does not model them.
 */
import type { SourceRange } from '../../../text/sourceRange.ts';
import type { ArgValue } from '../callArguments.ts';
import type { Knowledge, MetaDict, MetaValue } from '../gaiaObjects.ts';
import { metaDict } from '../gaiaObjects.ts';
import type { GaiaRuntime } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import type { BayesDistribution } from './bayesObjects.ts';
import { pyTypeName } from './bayesVerbs.ts';
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
  if (v.t === 'distribution') return metaDict(distributionDescriptor(v.d));
  return rt.meta(v, range, 'claim');
}

/**
 * Checks claim()'s proposition and tolerance as Gaia does when the claim is made; the
 * predicate and its metadata, null without a proposition, undefined after a report.
 */
export function predicateProposition(
  rt: GaiaRuntime,
  proposition: ArgValue,
  tolerance: ArgValue | undefined,
  metadata: MetaDict | null,
): { readonly predicate: DistributionPredicate; readonly metadata: MetaValue } | undefined {
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
  if (p.op === '==' || p.op === '!=') {
    rt.report('unsupported', `claim(content, a ${p.op} b): equation claims over distributions are not modelled by Warrant (inequalities are)`, proposition.range);
    return undefined;
  }
  if (tolerance && tolerance.value.t !== 'none') {
    rt.report(
      'bad-argument',
      'TypeError: claim(tolerance=...) only applies to equation propositions (``y == baseline + slope * x``); for inequality predicates the prior is exact via CDF integration.',
      tolerance.range,
    );
    return undefined;
  }
  if (p.left.t !== 'distribution') return undefined;
  const lhs = operandMeta(rt, p.left, proposition.range);
  const rhs = operandMeta(rt, p.right, proposition.range);
  if (lhs === undefined || rhs === undefined) return undefined;
  return {
    predicate: { op: p.op, distribution: p.left.d, threshold: p.right, thresholdRange: proposition.range },
    metadata: metaDict({ kind: 'bool_expr', op: p.op, lhs, rhs }),
  };
}
