/**
 * Registry gate: declarations and their use agree. Each name is declared once; sorts
 * named in declarations exist; every constant, call and variable refers to something
 * in scope with the right number of arguments of the right sorts; assertions and the
 * goal are Boolean. The result tells the emitter which numerals stand for reals and
 * which Int terms it converts with `to_real` (the operands of `/`, which is real
 * division on both solvers, as HoloProof's `(/ a b)` is).
 *
 * Sorts of the arithmetic and conditional operators:
 * - `+ - *`: operands of one sort, Int or Real; the result has that sort.
 * - `/`: operands Int or Real (they may mix); the result is Real. Int operands are
 *   emitted as `(to_real …)`, numerals as reals, so `(/ 7 2)` is 3.5 on z3 and cvc5 alike.
 * - `ite`: a Boolean condition and two branches of one sort (any sort); the result has it.
 * A term made of numerals only (`val_2`, `(+ val_1 val_2)`, `(ite c val_1 val_2)`) takes
 * its sort from where it is used, as a numeral does.
 */
import type { SourceRange } from '../text/sourceRange.ts';
import { pushAll } from '../largeArrays.ts';
import { GateReport } from './gateDiagnostics.ts';
import { numeralOf } from './numerals.ts';
import type { ConstExpr, Expr, FormalProposal, NaryExpr, ProveMode } from './proposalTypes.ts';
import type { SymbolTable } from './symbolTable.ts';
import { buildSymbolTable, isKnownSort, termSymbol } from './symbolTable.ts';

export interface RegistryResult {
  readonly symbols: SymbolTable;
  /** `val_<digits>` constants used where a Real is expected (emitted as `540.0`). */
  readonly realNumerals: ReadonlySet<ConstExpr>;
  /** Int-sorted operands of `/`, emitted as `(to_real …)`. */
  readonly toReal: ReadonlySet<Expr>;
}

/** The sort of a numeral before its context decides between Int and Real. */
const NUMERAL = '<numeral>';

export function checkRegistry(proposal: FormalProposal, mode: ProveMode, report: GateReport): RegistryResult {
  const symbols = buildSymbolTable(proposal.declarations);
  checkDeclarations(proposal, symbols, report);
  const checker = new SortChecker(symbols, report);
  const ids = new Set<string>();
  for (const a of proposal.assertions) {
    const id = a.id.name;
    if (ids.has(id)) report.error('registry-duplicate-assertion', `assertion id ${id} is used twice`, a.id.range, id);
    ids.add(id);
    if (symbols.byName.has(id)) report.error('registry-name-clash', `assertion id ${id} is also a declared symbol; the solver names assertions in the same namespace`, a.id.range, id);
    checker.subject = id;
    checker.expectBool(a.expr, `assertion ${id}`);
  }
  checker.subject = undefined;
  const goal = proposal.queryPlan.goal;
  if (goal && mode !== 'consistency') {
    checker.expectBool(goal, 'the goal');
  } else if (goal) {
    // Consistency checks only the knowledge: the goal is never asserted, so its
    // problems are worth a note but must not refuse the proposal.
    const quiet = new GateReport();
    new SortChecker(symbols, quiet).expectBool(goal, 'the goal');
    const first = quiet.diagnostics.find((d) => d.severity === 'error');
    if (first) report.info('registry-unused-goal', `the goal is not used in consistency mode, so it is not checked further (${first.message})`, first.range);
  }
  return { symbols, realNumerals: checker.realNumerals, toReal: checker.toReal };
}

function checkDeclarations(proposal: FormalProposal, symbols: SymbolTable, report: GateReport): void {
  for (const d of proposal.declarations) {
    const first = symbols.byName.get(d.name.name);
    if (first !== d) {
      report.error('registry-redeclared', `${d.name.name} is declared again (first as a ${first!.kind} on line ${first!.range.line})`, d.name.range, d.name.name);
      continue;
    }
    for (const s of [...d.argSorts, ...(d.resultSort ? [d.resultSort] : [])]) {
      if (!isKnownSort(symbols, s.name)) report.error('registry-undeclared-sort', `${d.kind} ${d.name.name} uses the sort ${s.name}, which is not declared`, s.range, d.name.name);
    }
    if (d.kind === 'predicate' && d.resultSort && d.resultSort.name !== 'Bool') {
      report.error('registry-predicate-result', `predicate ${d.name.name} must have resultSort Bool, not ${d.resultSort.name}`, d.resultSort.range, d.name.name);
    }
  }
}

class SortChecker {
  readonly realNumerals = new Set<ConstExpr>();
  readonly toReal = new Set<Expr>();
  /** Bound variables, innermost frame last. */
  private readonly scope: Map<string, string>[] = [];
  subject: string | undefined;

  constructor(
    private readonly symbols: SymbolTable,
    private readonly report: GateReport,
  ) {}

  expectBool(e: Expr, what: string): void {
    const sort = this.sortOf(e);
    if (sort !== null && sort !== 'Bool') this.report.error('registry-not-boolean', `${what} must be Boolean, but it is ${describeSort(sort)}`, e.range, this.subject);
  }

  /** The sort of `e`, or null when it is ill-sorted (already reported). */
  private sortOf(e: Expr): string | null {
    switch (e.op) {
      case 'const':
        return this.constSort(e);
      case 'var': {
        const sort = this.lookupVar(e.name.name);
        if (sort !== null) return sort;
        const hint = termSymbol(this.symbols, e.name.name) ? ` (${e.name.name} is a declared symbol: write {"op": "const"})` : '';
        this.report.error('registry-unbound-var', `variable ${e.name.name} is not bound by an enclosing forall or exists${hint}`, e.name.range, this.subject);
        return null;
      }
      case 'call':
        return this.callSort(e.symbol.name, e.symbol.range, e.args, e.range);
      case 'not':
        return this.boolArgs([e.arg], 'not');
      case 'and':
      case 'or':
      case '=>':
        return this.boolArgs(e.args, e.op);
      case '=':
      case 'distinct':
        return this.sameSortArgs(e.args, e.op, false) === null ? null : 'Bool';
      case '<':
      case '<=':
      case '>':
      case '>=':
        return this.sameSortArgs(e.args, e.op, true) === null ? null : 'Bool';
      case '+':
      case '-':
      case '*':
        return this.sameSortArgs(e.args, e.op, true);
      case '/':
        return this.division(e);
      case 'ite':
        return this.conditional(e);
      case 'forall':
      case 'exists': {
        const frame = new Map<string, string>();
        let ok = true;
        for (const v of e.vars) {
          if (frame.has(v.name.name)) {
            this.report.error('registry-duplicate-var', `${e.op} binds ${v.name.name} twice`, v.name.range, this.subject);
            ok = false;
          }
          if (this.symbols.byName.has(v.name.name)) {
            this.report.error('registry-var-shadows', `variable ${v.name.name} has the name of a declared symbol; rename the variable`, v.name.range, this.subject);
            ok = false;
          }
          if (!isKnownSort(this.symbols, v.sort.name)) {
            this.report.error('registry-undeclared-sort', `variable ${v.name.name} has the sort ${v.sort.name}, which is not declared`, v.sort.range, this.subject);
            ok = false;
          }
          frame.set(v.name.name, v.sort.name);
        }
        this.scope.push(frame);
        this.expectBool(e.body, `the body of ${e.op}`);
        this.scope.pop();
        return ok ? 'Bool' : null;
      }
    }
  }

  private constSort(e: ConstExpr): string | null {
    const name = e.name.name;
    const d = termSymbol(this.symbols, name);
    if (d) {
      if (d.argSorts.length > 0) {
        this.report.error('registry-arity', `${name} is a ${d.kind} of ${d.argSorts.length} argument${d.argSorts.length === 1 ? '' : 's'}; use {"op": "call"}`, e.name.range, this.subject);
        return null;
      }
      return d.resultSort!.name;
    }
    if (numeralOf(name) !== null && !this.symbols.byName.has(name)) return NUMERAL;
    if (this.lookupVar(name) !== null) {
      this.report.error('registry-undeclared', `${name} is a bound variable here; write {"op": "var"}`, e.name.range, this.subject);
      return null;
    }
    const what = this.symbols.byName.has(name) ? `${name} is a sort, not a constant` : `constant ${name} is not declared`;
    this.report.error('registry-undeclared', what, e.name.range, this.subject);
    return null;
  }

  private callSort(name: string, nameRange: SourceRange, args: readonly Expr[], range: SourceRange): string | null {
    const d = termSymbol(this.symbols, name);
    const argSorts = args.map((a) => this.sortOf(a));
    if (!d) {
      const why =
        this.lookupVar(name) !== null
          ? `${name} is a bound variable, not a function`
          : this.symbols.byName.has(name)
            ? `${name} is a sort, not a function`
            : `function or predicate ${name} is not declared`;
      this.report.error('registry-undeclared', why, nameRange, this.subject);
      return null;
    }
    if (d.argSorts.length !== args.length) {
      this.report.error('registry-arity', `${name} takes ${d.argSorts.length} argument${d.argSorts.length === 1 ? '' : 's'}, got ${args.length}`, range, this.subject);
      return null;
    }
    let ok = true;
    args.forEach((a, i) => {
      const want = d.argSorts[i]!.name;
      const got = argSorts[i];
      if (got === null || got === undefined) ok = false;
      else if (!this.accepts(want, got, a)) {
        this.report.error('registry-sort-mismatch', `argument ${i + 1} of ${name} must be ${describeSort(want)}, but it is ${describeSort(got)}${divisionNote(a, got)}`, a.range, this.subject);
        ok = false;
      }
    });
    return ok ? d.resultSort!.name : null;
  }

  private boolArgs(args: readonly Expr[], op: string): string | null {
    let ok = true;
    for (const a of args) {
      const s = this.sortOf(a);
      if (s === null) ok = false;
      else if (s !== 'Bool') {
        this.report.error('registry-sort-mismatch', `an operand of ${op} must be Boolean, but it is ${describeSort(s)}`, a.range, this.subject);
        ok = false;
      }
    }
    return ok ? 'Bool' : null;
  }

  /**
   * All operands of one sort (numerals take the sort of the others); that sort, or null.
   * Operands that are all numerals give a numeral term, whose sort its context decides.
   */
  private sameSortArgs(args: readonly Expr[], op: string, numeric: boolean): string | null {
    const sorts = args.map((a) => this.sortOf(a));
    if (sorts.some((s) => s === null)) return null;
    const concrete = (sorts as string[]).find((s) => s !== NUMERAL);
    if (concrete === undefined) return NUMERAL;
    if (numeric && concrete !== 'Int' && concrete !== 'Real') {
      const what = op === '+' || op === '-' || op === '*' ? 'works on' : 'compares';
      const first = args[sorts.indexOf(concrete)]!;
      this.report.error('registry-sort-mismatch', `${op} ${what} numbers (Int or Real), not ${describeSort(concrete)}`, first.range, this.subject);
      return null;
    }
    let ok = true;
    const division = args.find((a, i) => a.op === '/' && sorts[i] === 'Real');
    args.forEach((a, i) => {
      const s = sorts[i]!;
      if (!this.accepts(concrete, s, a)) {
        const note = division && (s === 'Int' || s === 'Real') ? divisionNote(division, 'Real') : '';
        this.report.error('registry-sort-mismatch', `the operands of ${op} must all be ${describeSort(concrete)}, but this one is ${describeSort(s)}${note}`, a.range, this.subject);
        ok = false;
      }
    });
    return ok ? concrete : null;
  }

  /**
   * `/`: real division, as both solvers read HoloProof's `(/ a b)`. Each operand is Int
   * or Real; Int ones are converted (`to_real`), numerals are reals; the result is Real.
   */
  private division(e: NaryExpr): string | null {
    const sorts = e.args.map((a) => this.sortOf(a));
    if (sorts.some((s) => s === null)) return null;
    let ok = true;
    e.args.forEach((a, i) => {
      const s = sorts[i]!;
      if (s === NUMERAL) this.settleReal(a);
      else if (s === 'Int') this.toReal.add(a);
      else if (s !== 'Real') {
        this.report.error('registry-sort-mismatch', `/ divides numbers (Int or Real), but this operand is ${describeSort(s)}`, a.range, this.subject);
        ok = false;
      }
    });
    return ok ? 'Real' : null;
  }

  /** `ite`: a Boolean condition, then two branches of one sort, which is the result's. */
  private conditional(e: NaryExpr): string | null {
    const [cond, then, otherwise] = e.args as [Expr, Expr, Expr];
    const c = this.sortOf(cond);
    const t = this.sortOf(then);
    const f = this.sortOf(otherwise);
    let ok = c !== null && t !== null && f !== null;
    if (c !== null && c !== 'Bool') {
      this.report.error('registry-sort-mismatch', `the condition of ite (its first argument) must be Boolean, but it is ${describeSort(c)}`, cond.range, this.subject);
      ok = false;
    }
    if (t === null || f === null) return null;
    const concrete = t !== NUMERAL ? t : f;
    if (concrete === NUMERAL) return ok ? NUMERAL : null;
    if (!this.accepts(concrete, t, then)) {
      this.report.error('registry-sort-mismatch', `the two branches of ite must have one sort, but the first is ${describeSort(t)} and the second ${describeSort(concrete)}`, then.range, this.subject);
      ok = false;
    } else if (!this.accepts(concrete, f, otherwise)) {
      this.report.error(
        'registry-sort-mismatch',
        `the two branches of ite must have one sort, but the first is ${describeSort(concrete)} and the second ${describeSort(f)}${divisionNote(otherwise, f)}`,
        otherwise.range,
        this.subject,
      );
      ok = false;
    }
    return ok ? concrete : null;
  }

  /** Whether an expression of sort `got` fits where `want` is needed (settling numeral terms). */
  private accepts(want: string, got: string, e: Expr): boolean {
    if (got === NUMERAL) {
      if (want === 'Real') this.settleReal(e);
      return want === 'Int' || want === 'Real';
    }
    return want === got;
  }

  /**
   * A numeral term used where a Real is needed: every numeral in it is a real. Such a
   * term is a numeral, or `+ - *` of numeral terms, or an `ite` whose branches are.
   */
  private settleReal(root: Expr): void {
    const stack: Expr[] = [root];
    while (stack.length > 0) {
      const e = stack.pop()!;
      if (e.op === 'const') this.realNumerals.add(e);
      else if (e.op === 'ite') stack.push(e.args[1]!, e.args[2]!);
      else if (e.op === '+' || e.op === '-' || e.op === '*') pushAll(stack, e.args);
    }
  }

  private lookupVar(name: string): string | null {
    for (let i = this.scope.length - 1; i >= 0; i--) {
      const s = this.scope[i]!.get(name);
      if (s !== undefined) return s;
    }
    return null;
  }
}

function describeSort(sort: string): string {
  return sort === NUMERAL ? 'a number' : sort;
}

/** Why a `/` term is Real where an Int was expected. */
function divisionNote(e: Expr, sort: string): string {
  return e.op === '/' && sort === 'Real' ? ' (/ is real division: its result is Real, even of Int operands)' : '';
}
