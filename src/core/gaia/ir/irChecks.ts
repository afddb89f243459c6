/**
 * The checks Gaia runs on a compiled graph (its IR validator) and the warnings its build
 * check and inference step give, reported at the source of the offending object:
 * malformed QIDs, duplicate ids (the same derivation written twice), notes or questions
 * where claims belong, a claim supporting itself, priors outside Cromwell's bounds,
 * operators with the wrong number of inputs, associations with no endpoint prior, and
 * one relation asserted into two helpers.
 */
import type { SourceRange } from '../../text/sourceRange.ts';
import type { Action, Origin } from '../runtime/gaiaObjects.ts';
import type { CompileContext } from './compileContext.ts';
import { QID_PATTERN, SYMMETRIC_OPERATORS, sortedStrings } from './irIds.ts';
import type { IrGraph, IrKnowledge, IrOperator } from './irTypes.ts';
import { pythonNumberText } from '../text/pythonFloat.ts';
import { PyFloat } from '../text/pythonJson.ts';

const NOWHERE: SourceRange = { line: 1, column: 1, endLine: 1, endColumn: 1 };

export function checkIr(cx: CompileContext, ir: IrGraph, actions: readonly Action[]): void {
  const at = (id: string): SourceRange | Origin => cx.origins.get(id) ?? NOWHERE;
  const byId = new Map<string, IrKnowledge>();

  if (!/^[a-z][a-z0-9_]*$/.test(ir.namespace) || !/^[a-z0-9][a-z0-9_-]*$/.test(ir.package_name)) {
    cx.report(
      'invalid-package-name',
      `namespace '${ir.namespace}' and package '${ir.package_name}' must be lowercase identifiers (namespace [a-z][a-z0-9_]*, package [a-z0-9][a-z0-9_-]*) for Gaia's QIDs`,
      NOWHERE,
    );
  } else {
    for (const k of ir.knowledges) {
      if (!QID_PATTERN.test(k.id)) cx.report('invalid-label', `the label '${k.label}' is not an ASCII identifier, so '${k.id}' is not a valid QID`, at(k.id));
    }
  }
  for (const k of ir.knowledges) {
    if (byId.has(k.id)) cx.report('duplicate-derivation', `${k.id} is generated twice: the same reasoning step is written twice`, at(k.id));
    byId.set(k.id, k);
    const prior = k.metadata?.['prior'];
    if (prior !== undefined) {
      if (k.type !== 'claim') cx.report('bad-argument', `a ${k.type} cannot have a prior`, at(k.id));
      else if (typeof prior !== 'number' && !(prior instanceof PyFloat)) cx.report('prior-range', `the prior of ${k.id} must be a number`, at(k.id));
      else {
        const p = typeof prior === 'number' ? prior : prior.value;
        if (!(p >= 1e-3 && p <= 1 - 1e-3)) cx.report('prior-range', `the prior ${pythonNumberText(p)} of ${k.id} is outside Cromwell's bounds [0.001, 0.999]`, at(k.id));
      }
    }
  }

  const needClaim = (id: string, role: string, owner: string): void => {
    const k = byId.get(id);
    if (k && k.type !== 'claim') cx.report('not-a-claim', `a ${k.type} (${k.label ?? k.id}) cannot be ${role}; only claims take part in reasoning`, at(owner));
  };
  for (const o of ir.operators) {
    for (const v of o.variables) needClaim(v, 'related by an operator', o.operator_id!);
    needClaim(o.conclusion, 'the result of an operator', o.operator_id!);
  }
  for (const o of ir.operators) {
    const problem = operatorProblem(o);
    if (problem) cx.report('bad-argument', problem, at(o.operator_id!));
  }
  for (const s of ir.strategies) {
    for (const o of s.formal_expr?.operators ?? []) {
      const problem = operatorProblem(o);
      if (problem) cx.report('bad-argument', `${s.type}: ${problem}`, at(s.strategy_id));
    }
  }
  const strategyIds = new Set<string>();
  for (const s of ir.strategies) {
    if (strategyIds.has(s.strategy_id)) cx.report('duplicate-derivation', `the same reasoning step (${s.strategy_id}) is written twice`, at(s.strategy_id));
    strategyIds.add(s.strategy_id);
    for (const p of s.premises) needClaim(p, 'a premise', s.strategy_id);
    if (s.conclusion) {
      needClaim(s.conclusion, 'a conclusion', s.strategy_id);
      if (s.premises.includes(s.conclusion)) cx.report('self-support', `${s.conclusion} is among its own premises`, at(s.strategy_id));
    }
  }

  for (const a of actions) {
    if (a.kind !== 'associate') continue;
    const hasPrior = (k: typeof a.a) => byId.get(cx.qidOf(k))?.metadata?.['prior'] !== undefined;
    if (!hasPrior(a.a) && !hasPrior(a.b)) {
      cx.report(
        'associate-no-prior',
        'neither end of this association has a prior, so Gaia closes it by local maximum entropy; register_prior(...) on an endpoint gives an explicit marginal',
        a.origin,
      );
    }
  }

  // Gaia's inference refuses one relation (same operator, same claims) with two results.
  const seen = new Map<string, string>();
  for (const o of ir.operators) {
    const vars = SYMMETRIC_OPERATORS.has(o.operator) ? sortedStrings(o.variables) : o.variables;
    const key = `${o.operator}\u0000${vars.join('\u0000')}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, o.conclusion);
    else if (first !== o.conclusion) {
      cx.report('duplicate-relation', `this ${o.operator} relates the same claims as an earlier one with a different result (${first}); Gaia's inference refuses the package`, at(o.operator_id!));
    }
  }
}

const BINARY_OPERATORS: ReadonlySet<string> = new Set(['implication', 'equivalence', 'contradiction', 'complement']);

/**
 * What Gaia's IR refuses in an operator: its result among its inputs, or the wrong number
 * of inputs (negation one, conjunction and disjunction two or more, the others two). A
 * v5 disjunction of one claim, or a case analysis of one case, gets this far.
 */
function operatorProblem(o: IrOperator): string | null {
  const n = o.variables.length;
  if (o.variables.includes(o.conclusion)) return `the ${o.operator} result ${o.conclusion} is also one of its inputs`;
  if (o.operator === 'negation' && n !== 1) return `a negation takes exactly 1 claim, not ${n}`;
  if (BINARY_OPERATORS.has(o.operator) && n !== 2) return `a ${o.operator} takes exactly 2 claims, not ${n}`;
  if ((o.operator === 'conjunction' || o.operator === 'disjunction') && n < 2) return `a ${o.operator} needs at least 2 claims, not ${n}`;
  return null;
}
