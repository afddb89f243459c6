/**
 * Which SMT-LIB logic to emit. A proposal declares one, but often one its content does
 * not fit (HoloProof's demos put quantifiers under QF_UF and uninterpreted sorts under
 * QF_LIA). Emitting such a logic makes both solvers reject the script — and z3 then
 * answers for what is left — so when the content does not fit, `ALL` is emitted and
 * the emission gate says why.
 */
import { numeralOf } from './numerals.ts';
import type { ConstExpr, Expr, FormalProposal, ProveMode } from './proposalTypes.ts';

/** What the content of a proposal uses, in logic terms. */
export interface ContentNeeds {
  readonly quantifiers: boolean;
  /** Declared sorts or functions with arguments: the UF part of a logic name. */
  readonly uninterpreted: boolean;
  readonly ints: boolean;
  readonly reals: boolean;
}

export interface LogicChoice {
  /** As the proposal declares it; null when it declares none. */
  readonly declared: string | null;
  /** What is emitted in `(set-logic …)`. */
  readonly emitted: string;
  /** Why the declared logic is not emitted, or null when it is (or none was declared). */
  readonly overrideReason: string | null;
}

/** Logic names this reading understands: optional QF_, then UF, then linear or non-linear arithmetic. */
const LOGIC_PARTS = /^(QF_)?(A)?(UF)?(?:([LN])(IA|RA|IRA))?$/;

export function chooseLogic(proposal: FormalProposal, mode: ProveMode, realNumerals: ReadonlySet<ConstExpr> = new Set()): LogicChoice {
  const declared = proposal.logic?.name ?? null;
  if (declared === null) return { declared, emitted: 'ALL', overrideReason: null };
  if (declared === 'ALL') return { declared, emitted: 'ALL', overrideReason: null };
  const needs = contentNeeds(proposal, mode, realNumerals);
  const m = LOGIC_PARTS.exec(declared);
  if (!m || declared === '' || declared === 'QF_' || (!m[3] && !m[4] && !m[2])) {
    return { declared, emitted: 'ALL', overrideReason: `Warrant does not read the logic ${declared}` };
  }
  const missing: string[] = [];
  if (needs.quantifiers && m[1]) missing.push('quantifiers (forall/exists), which a QF_ logic excludes');
  if (needs.uninterpreted && !m[3]) missing.push('declared sorts or functions with arguments, which need UF');
  const arith = m[5] ?? '';
  if (needs.ints && !arith.includes('IA') && arith !== 'IRA') missing.push('integers, which need IA or IRA');
  if (needs.reals && !(arith === 'RA' || arith === 'IRA')) missing.push('reals, which need RA or IRA');
  if (missing.length === 0) return { declared, emitted: declared, overrideReason: null };
  return { declared, emitted: 'ALL', overrideReason: `the content uses ${missing.join('; and ')}` };
}

/** What the declarations and the asserted expressions (goal included unless in consistency mode) use. */
export function contentNeeds(proposal: FormalProposal, mode: ProveMode, realNumerals: ReadonlySet<ConstExpr> = new Set()): ContentNeeds {
  const declared = new Set(proposal.declarations.map((d) => d.name.name));
  let quantifiers = false;
  let uninterpreted = false;
  let ints = false;
  let reals = false;
  const sortUse = (s: string): void => {
    if (s === 'Int') ints = true;
    else if (s === 'Real') reals = true;
    else if (s !== 'Bool') uninterpreted = true;
  };
  for (const d of proposal.declarations) {
    if (d.kind === 'sort') uninterpreted = true;
    if (d.argSorts.length > 0) uninterpreted = true;
    for (const s of d.argSorts) sortUse(s.name);
    if (d.resultSort) sortUse(d.resultSort.name);
  }
  const exprs: Expr[] = proposal.assertions.map((a) => a.expr);
  if (mode !== 'consistency' && proposal.queryPlan.goal) exprs.push(proposal.queryPlan.goal);
  // An explicit stack: expressions are shallow, but this walk has no reason to recurse.
  const stack = exprs;
  while (stack.length > 0) {
    const e = stack.pop()!;
    switch (e.op) {
      case 'forall':
      case 'exists':
        quantifiers = true;
        for (const v of e.vars) sortUse(v.sort.name);
        stack.push(e.body);
        break;
      case 'not':
        stack.push(e.arg);
        break;
      case 'const':
        if (numeralOf(e.name.name) !== null && !declared.has(e.name.name)) {
          if (realNumerals.has(e)) reals = true;
          else ints = true;
        }
        break;
      case 'var':
        break;
      default:
        for (const a of e.args) stack.push(a);
    }
  }
  return { quantifiers, uninterpreted, ints, reals };
}
