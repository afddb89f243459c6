/**
 * Deterministic SMT-LIB2 from a proposal that passed the schema and registry gates.
 * Same proposal, same bytes: declarations sorted by kind (sorts first, so later ones
 * can use them) then name; assertions in array order, each named `(! … :named id)` so
 * an unsat core can be mapped back; the goal (negated for entailment) named
 * `hp_internal_goal`. Consistency mode asserts no goal.
 *
 * The registry gate's findings settle what the JSON leaves open: which `val_` numerals
 * are reals (`2.0`), and which Int operands of `/` are converted (`(to_real x)`), so the
 * script is well-sorted by SMT-LIB's rules and not only under z3's implicit conversions.
 */
import type { LogicChoice } from './logicFit.ts';
import { INTERNAL_PREFIX } from './identifiers.ts';
import { numeralOf } from './numerals.ts';
import type { ConstExpr, Declaration, DeclarationKind, Expr, FormalProposal, ProveMode } from './proposalTypes.ts';

/** The name under which the goal is asserted (user names cannot start with the prefix). */
export const GOAL_NAME = `${INTERNAL_PREFIX}goal`;

/** One emitted assertion command and the assertion it comes from. */
export interface EmittedAssertion {
  readonly id: string;
  readonly command: string;
}

/** The script in pieces, so a solver session can send them separately (push/pop). */
export interface SmtProgram {
  readonly mode: ProveMode;
  readonly logic: LogicChoice;
  /** Comment lines that open the standalone script. */
  readonly comments: readonly string[];
  /** `set-option` and `set-logic` commands. */
  readonly preamble: readonly string[];
  readonly declarations: readonly string[];
  readonly assertions: readonly EmittedAssertion[];
  /** The goal assertion for this mode, or null (consistency). */
  readonly goal: string | null;
  /**
   * The one-element probe (collapsedProbe below): commands to send after the
   * declarations, on a push level of their own, then check. Absent when the proposal
   * quantifies over no declared sort (then collapsing decides nothing the full run would not).
   */
  readonly probe?: readonly string[];
}

const KIND_ORDER: Readonly<Record<DeclarationKind, number>> = { sort: 0, const: 1, function: 2, predicate: 3 };

/** What the registry gate decided about sorts the emitter must spell out. */
export interface SortFindings {
  /** `val_<digits>` constants used as reals. */
  readonly realNumerals: ReadonlySet<ConstExpr>;
  /** Int terms used as operands of `/`. */
  readonly toReal: ReadonlySet<Expr>;
}

export function buildSmtProgram(proposal: FormalProposal, mode: ProveMode, logic: LogicChoice, sorts: SortFindings): SmtProgram {
  const declared = new Set(proposal.declarations.map((d) => d.name.name));
  const render = (e: Expr): string => renderExpr(e, declared, sorts);
  const declarations = [...proposal.declarations].sort(compareDeclarations).map(declare);
  const assertions = proposal.assertions.map((a) => ({ id: a.id.name, command: `(assert (! ${render(a.expr)} :named ${a.id.name}))` }));
  const g = proposal.queryPlan.goal;
  let goal: string | null = null;
  if (g && mode === 'entailment') goal = `(assert (! (not ${render(g)}) :named ${GOAL_NAME}))`;
  else if (g && mode === 'model') goal = `(assert (! ${render(g)} :named ${GOAL_NAME}))`;
  const comments = [`; FormalProposal${proposal.proposalId && /^[A-Za-z0-9_.:-]{1,80}$/.test(proposal.proposalId) ? ' ' + proposal.proposalId : ''}, mode ${mode}`];
  if (logic.overrideReason) comments.push(`; declared logic ${logic.declared} does not fit (${logic.overrideReason}); using ${logic.emitted}`);
  const preamble = ['(set-option :produce-unsat-cores true)', '(set-option :produce-models true)', `(set-logic ${logic.emitted})`];
  const probe = collapsedProbe(proposal, mode, sorts);
  return { mode, logic, comments, preamble, declarations, assertions, goal, ...(probe ? { probe } : {}) };
}

/** The one element of a declared sort in the probe: `hp_internal_one_<sort>`. */
export const WITNESS_PREFIX = `${INTERNAL_PREFIX}one_`;

/**
 * The knowledge and the goal (as the mode asserts it) read in structures where every
 * declared sort has exactly one element, `hp_internal_one_<sort>`: each term of a
 * declared sort is that element, each quantifier over a declared sort is its body at
 * that element. What is left is ground (unless it quantifies over Int or Real), so a
 * solver settles it at once where the full problem sends it into quantifier
 * instantiation over thousands of constants.
 *
 * Only `sat` can be used, and it is sound: a model of the collapsed commands, read at
 * the elements, is a one-element structure in which every assertion and the goal hold
 * as written (a term of a declared sort can only mean the one element there, and a
 * quantifier over it only that element), so the full problem is satisfiable too. The
 * constants are said equal to the element, so the model the solver prints is that
 * structure. `unsat` says only that no one-element structure works; the full run decides.
 * No `:named`: the model would list every name, which costs the solver seconds on a big KB.
 */
export function collapsedProbe(proposal: FormalProposal, mode: ProveMode, sorts: SortFindings): string[] | null {
  const declaredSorts = new Set(proposal.declarations.filter((d) => d.kind === 'sort').map((d) => d.name.name));
  if (declaredSorts.size === 0) return null;
  if (!proposal.assertions.some((a) => quantifiesOver(a.expr, declaredSorts)) && !(proposal.queryPlan.goal && quantifiesOver(proposal.queryPlan.goal, declaredSorts))) return null;
  const witness = new Map([...declaredSorts].sort().map((s) => [s, WITNESS_PREFIX + s] as const));
  const collapsedAs = new Map<string, string>();
  for (const d of proposal.declarations) {
    const result = d.resultSort?.name;
    if (d.kind !== 'sort' && result !== undefined && witness.has(result)) collapsedAs.set(d.name.name, witness.get(result)!);
  }
  const declared = new Set(proposal.declarations.map((d) => d.name.name));
  const render = (e: Expr): string => renderExpr(e, declared, sorts, { symbols: collapsedAs, sorts: witness, vars: new Map() });
  const lines = [...witness].map(([s, w]) => `(declare-fun ${w} () ${s})`);
  for (const d of [...proposal.declarations].sort(compareDeclarations)) {
    if (d.kind === 'const' && collapsedAs.has(d.name.name)) lines.push(`(assert (= ${d.name.name} ${collapsedAs.get(d.name.name)}))`);
  }
  for (const a of proposal.assertions) lines.push(`(assert ${render(a.expr)})`);
  const g = proposal.queryPlan.goal;
  if (g && mode === 'entailment') lines.push(`(assert (not ${render(g)}))`);
  else if (g && mode === 'model') lines.push(`(assert ${render(g)})`);
  return lines;
}

function quantifiesOver(e: Expr, sorts: ReadonlySet<string>): boolean {
  switch (e.op) {
    case 'const':
    case 'var':
      return false;
    case 'not':
      return quantifiesOver(e.arg, sorts);
    case 'forall':
    case 'exists':
      return e.vars.some((v) => sorts.has(v.sort.name)) || quantifiesOver(e.body, sorts);
    default:
      return e.args.some((a) => quantifiesOver(a, sorts));
  }
}

/** How the probe reads terms: symbols and bound variables of a declared sort become its one element. */
interface Collapse {
  /** Constant and function names whose result is of a declared sort → that sort's element. */
  readonly symbols: ReadonlyMap<string, string>;
  /** Declared sort → its element. */
  readonly sorts: ReadonlyMap<string, string>;
  /** Bound variables in scope → their element, or null when their sort is built in (kept as a variable). */
  readonly vars: ReadonlyMap<string, string | null>;
}

/** The standalone script: what `export --to smtlib` writes and the editor shows. */
export function renderScript(program: SmtProgram): string {
  const lines = [...program.comments, ...program.preamble, ...program.declarations, ...program.assertions.map((a) => a.command)];
  if (program.goal) lines.push(program.goal);
  lines.push('(check-sat)');
  return lines.join('\n') + '\n';
}

function compareDeclarations(a: Declaration, b: Declaration): number {
  return KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.name.name < b.name.name ? -1 : a.name.name > b.name.name ? 1 : 0);
}

function declare(d: Declaration): string {
  if (d.kind === 'sort') return `(declare-sort ${d.name.name} 0)`;
  return `(declare-fun ${d.name.name} (${d.argSorts.map((s) => s.name).join(' ')}) ${d.resultSort!.name})`;
}

function renderExpr(e: Expr, declared: ReadonlySet<string>, sorts: SortFindings, collapse?: Collapse): string {
  const r = (x: Expr): string => {
    const text = renderExpr(x, declared, sorts, collapse);
    return sorts.toReal.has(x) ? `(to_real ${text})` : text;
  };
  if (collapse) {
    const one = e.op === 'const' ? collapse.symbols.get(e.name.name) : e.op === 'var' ? collapse.vars.get(e.name.name) : e.op === 'call' ? collapse.symbols.get(e.symbol.name) : undefined;
    if (one) return one;
    if (e.op === 'forall' || e.op === 'exists') {
      const vars = new Map(collapse.vars);
      for (const v of e.vars) vars.set(v.name.name, collapse.sorts.get(v.sort.name) ?? null);
      const kept = e.vars.filter((v) => !collapse.sorts.has(v.sort.name));
      const body = renderExpr(e.body, declared, sorts, { ...collapse, vars });
      const text = sorts.toReal.has(e.body) ? `(to_real ${body})` : body;
      return kept.length === 0 ? text : `(${e.op} (${kept.map((v) => `(${v.name.name} ${v.sort.name})`).join(' ')}) ${text})`;
    }
  }
  switch (e.op) {
    case 'const': {
      const numeral = declared.has(e.name.name) ? null : numeralOf(e.name.name);
      if (numeral === null) return e.name.name;
      return sorts.realNumerals.has(e) ? `${numeral}.0` : numeral;
    }
    case 'var':
      return e.name.name;
    case 'call':
      // A nullary function is the bare symbol: `(deliveryDay)` is a parse error.
      return e.args.length === 0 ? e.symbol.name : `(${e.symbol.name} ${e.args.map(r).join(' ')})`;
    case 'not':
      return `(not ${r(e.arg)})`;
    case 'forall':
    case 'exists':
      return `(${e.op} (${e.vars.map((v) => `(${v.name.name} ${v.sort.name})`).join(' ')}) ${r(e.body)})`;
    case 'and':
    case 'or':
      // One operand: the operand itself (a one-argument and/or is not standard SMT-LIB).
      return e.args.length === 1 ? r(e.args[0]!) : `(${e.op} ${e.args.map(r).join(' ')})`;
    default:
      return `(${e.op} ${e.args.map(r).join(' ')})`;
  }
}
