/**
 * Registry gate: declarations and their use agree. Each name is declared once; sorts
 * named in declarations exist; every constant, call and variable refers to something
 * in scope with the right number of arguments of the right sorts; assertions and the
 * goal are Boolean. The result tells the emitter which numerals stand for reals.
 */
import type { SourceRange } from '../text/sourceRange.ts';
import { GateReport } from './gateDiagnostics.ts';
import { numeralOf } from './numerals.ts';
import type { ConstExpr, Expr, FormalProposal, ProveMode } from './proposalTypes.ts';
import type { SymbolTable } from './symbolTable.ts';
import { buildSymbolTable, isKnownSort, termSymbol } from './symbolTable.ts';

export interface RegistryResult {
  readonly symbols: SymbolTable;
  /** `val_<digits>` constants used where a Real is expected (emitted as `540.0`). */
  readonly realNumerals: ReadonlySet<ConstExpr>;
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
  return { symbols, realNumerals: checker.realNumerals };
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
        return this.sameSortArgs(e.args, e.op, true);
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
      const why = this.lookupVar(name) !== null ? `${name} is a bound variable, not a function` : this.symbols.byName.has(name) ? `${name} is a sort, not a function` : `function or predicate ${name} is not declared`;
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
        this.report.error('registry-sort-mismatch', `argument ${i + 1} of ${name} must be ${describeSort(want)}, but it is ${describeSort(got)}`, a.range, this.subject);
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

  /** All operands of one sort (numerals take the sort of the others); that sort, or null. */
  private sameSortArgs(args: readonly Expr[], op: string, numeric: boolean): string | null {
    const sorts = args.map((a) => this.sortOf(a));
    if (sorts.some((s) => s === null)) return null;
    const concrete = (sorts as string[]).find((s) => s !== NUMERAL) ?? 'Int';
    if (numeric && concrete !== 'Int' && concrete !== 'Real') {
      this.report.error('registry-sort-mismatch', `${op} compares numbers (Int or Real), not ${describeSort(concrete)}`, args[0]!.range, this.subject);
      return null;
    }
    let ok = true;
    args.forEach((a, i) => {
      const s = sorts[i]!;
      if (!this.accepts(concrete, s, a)) {
        this.report.error('registry-sort-mismatch', `the operands of ${op} must all be ${describeSort(concrete)}, but this one is ${describeSort(s)}`, a.range, this.subject);
        ok = false;
      }
    });
    return ok ? concrete : null;
  }

  /** Whether an expression of sort `got` fits where `want` is needed (recording real numerals). */
  private accepts(want: string, got: string, e: Expr): boolean {
    if (got === NUMERAL) {
      if (want === 'Real' && e.op === 'const') this.realNumerals.add(e);
      return want === 'Int' || want === 'Real';
    }
    return want === got;
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
