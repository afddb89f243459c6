/**
 * Which SMT-LIB logic to emit. A proposal declares one, but often one its content does
 * not fit (HoloProof's demos put quantifiers under QF_UF and uninterpreted sorts under
 * QF_LIA). Emitting such a logic makes both solvers reject the script — and z3 then
 * answers for what is left — so when the content does not fit, `ALL` is emitted and
 * the emission gate says why.
 *
 * Arithmetic is linear when every product has at most one factor that is not a
 * constant (a term of numerals only: `val_2`, `(- val_1)`, `(/ val_1 val_3)`) and every
 * divisor is a non-zero constant. Anything else — `(* price qty)`, `(/ total n)`, or a
 * division by a constant zero — is non-linear, which cvc5 refuses in a linear logic
 * ("A non-linear fact was asserted to arithmetic in a linear logic") and z3 answers
 * `unknown` on: it needs an `N` logic (QF_NIA, NRA, UFNIRA, …).
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
  /** A product of two non-constant terms, or a division by a term that is not a non-zero constant. */
  readonly nonlinear: boolean;
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
  if (needs.nonlinear && m[4] !== 'N')
    missing.push('non-linear arithmetic (a product of two non-constant terms, or a division by a term that is not a non-zero constant), which needs NIA, NRA or NIRA');
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
  let nonlinear = false;
  const memo = new Map<Expr, Fraction | null>();
  const constant = (e: Expr): Fraction | null => constantValue(e, declared, memo);
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
      case '*':
        if (e.args.filter((a) => constant(a) === null).length > 1) nonlinear = true;
        for (const a of e.args) stack.push(a);
        break;
      case '/':
        // Real division, whatever the operands' sort (Int ones are converted).
        reals = true;
        if (e.args.slice(1).some((a) => (constant(a)?.n ?? 0n) === 0n)) nonlinear = true;
        for (const a of e.args) stack.push(a);
        break;
      default:
        for (const a of e.args) stack.push(a);
    }
  }
  return { quantifiers, uninterpreted, ints, reals, nonlinear };
}

/** A fraction n/d with d > 0. */
interface Fraction {
  readonly n: bigint;
  readonly d: bigint;
}

/** Past this many bits a constant is not worked out (it counts as non-constant: ALL is emitted). */
const MAX_CONSTANT_BITS = 512n;
const LIMIT = 1n << MAX_CONSTANT_BITS;

/**
 * The value of a term made of numerals only (numerals under `+ - * /`), or null when
 * the term mentions anything else, divides by zero, or grows past MAX_CONSTANT_BITS.
 * Terms are at most as deep as the schema gate lets JSON nest, so recursion is
 * bounded; `memo` keeps nested products from being worked out again at each level.
 */
function constantValue(e: Expr, declared: ReadonlySet<string>, memo: Map<Expr, Fraction | null>): Fraction | null {
  if (memo.has(e)) return memo.get(e)!;
  const v = computeConstant(e, declared, memo);
  memo.set(e, v !== null && (v.n >= LIMIT || -v.n >= LIMIT || v.d >= LIMIT) ? null : v);
  return memo.get(e)!;
}

function computeConstant(e: Expr, declared: ReadonlySet<string>, memo: Map<Expr, Fraction | null>): Fraction | null {
  switch (e.op) {
    case 'const': {
      const numeral = declared.has(e.name.name) ? null : numeralOf(e.name.name);
      return numeral === null ? null : { n: BigInt(numeral), d: 1n };
    }
    case '+':
    case '-':
    case '*':
    case '/': {
      const values: Fraction[] = [];
      for (const a of e.args) {
        const v = constantValue(a, declared, memo);
        if (v === null) return null;
        values.push(v);
      }
      if (e.op === '-' && values.length === 1) return { n: -values[0]!.n, d: values[0]!.d };
      let acc = values[0]!;
      for (const v of values.slice(1)) {
        if (e.op === '+') acc = { n: acc.n * v.d + v.n * acc.d, d: acc.d * v.d };
        else if (e.op === '-') acc = { n: acc.n * v.d - v.n * acc.d, d: acc.d * v.d };
        else if (e.op === '*') acc = { n: acc.n * v.n, d: acc.d * v.d };
        else if (v.n === 0n) return null;
        else acc = { n: acc.n * v.d * (v.n < 0n ? -1n : 1n), d: acc.d * (v.n < 0n ? -v.n : v.n) };
        if (acc.n >= LIMIT || -acc.n >= LIMIT || acc.d >= LIMIT) return null;
      }
      return acc;
    }
    default:
      return null;
  }
}
