/**
 * Gaia IR → factor graph, following Gaia's own lowering for local inference:
 *  - every claim is a binary variable. Its prior (metadata `prior`; `register_prior`
 *    has already won over `claim(prior=)` when the IR was compiled) becomes a unary
 *    factor clamped to [ε, 1 − ε]; a claim with no prior gets no unary (MaxEnt 0.5);
 *  - the conclusion of a top-level equivalence, contradiction, complement or implication
 *    asserts that relation, so it is hard evidence pinned at 1 − ε — unless it is a
 *    formula's own truth variable (`formula_lowering: "connective"`), whose prior stays;
 *  - the structural helpers of ~ & | (negation/conjunction/disjunction results that are
 *    generated and not for review) never take a prior;
 *  - top-level operators become their truth tables; repeats of the same operator over the
 *    same arguments (up to symmetry) are dropped, a repeat with another conclusion refused;
 *  - a deduction's implication (derive, observe with premises, compute) becomes
 *    P(conclusion | antecedent) = 1 − ε, otherwise the false-premise base rate (0.5 unless
 *    the strategy sets one), and its implication helper leaves the graph; with 2+ premises
 *    the antecedent is the strategy's conjunction helper;
 *  - a support's implication becomes a soft entailment whose strength folds in the
 *    helper's prior (1 − ε when it has none); other formal operators keep their tables,
 *    and an implication/equivalence/contradiction/complement helper inside a formal
 *    strategy gets a 1 − ε prior when it has none;
 *  - infer strategies become their conditional table; noisy_and a soft entailment
 *    (behind a conjunction for 2+ premises); associate a pairwise table (see
 *    associateWeights) whose helper leaves the graph; composite strategies lower their
 *    sub-strategies, each strategy once.
 * Warrant helpers no factor mentions stay as lone variables at 0.5.
 */
import { associateTable } from './associateWeights.ts';
import { CROMWELL_EPS, clampProbability } from './cromwell.ts';
import { DETERMINISTIC, FactorGraph } from './factorGraph.ts';
import type { DeterministicKind } from './factorGraph.ts';
import { InferenceError } from './inferenceProblem.ts';
import type { InferenceProblem } from './inferenceProblem.ts';
import type { GaiaIr, IrFormalOperator, IrKnowledge, IrOperator, IrStrategy } from './irInput.ts';

/** Gaia's operators are exactly the factor graph's deterministic kinds. */
const OPERATOR_KINDS: ReadonlySet<string> = DETERMINISTIC;
/** Operators whose conclusion declares that the relation holds. */
const RELATION_OPERATORS: ReadonlySet<string> = new Set(['equivalence', 'contradiction', 'complement', 'implication']);
/** Operators whose arguments can be reordered without changing what they say. */
const SYMMETRIC_OPERATORS: ReadonlySet<string> = new Set(['equivalence', 'contradiction', 'complement', 'disjunction', 'conjunction']);
const EXPRESSION_HELPER_KINDS: ReadonlySet<string> = new Set(['negation_result', 'conjunction_result', 'disjunction_result']);
/** Named strategies that Gaia's compiler always writes with a formal expression. */
const FORMAL_TYPES: ReadonlySet<string> = new Set(['deduction', 'elimination', 'mathematical_induction', 'case_analysis', 'abduction', 'analogy', 'extrapolation', 'support', 'compare']);
/** P(conclusion | premise false) of a deduction when the strategy names none. */
const FALSE_PREMISE_BASE_RATE = 0.5;

export interface LoweredGraph {
  readonly graph: FactorGraph;
  readonly warnings: readonly InferenceProblem[];
}

/** Throws an InferenceError (code `lowering`) where Gaia's lowering raises. */
export function lowerIr(ir: GaiaIr): LoweredGraph {
  return new Lowering(ir).run();
}

/**
 * Runs one lowering step; an InferenceError that names no IR object yet is blamed on
 * `subjects` (the strategy, operator or claim being lowered), so the page and the CLI
 * can point at the statement that wrote it. Errors that already name one pass through.
 */
function blame<T>(subjects: readonly (string | null | undefined)[], step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof InferenceError && error.subjects.length === 0) {
      const ids = subjects.filter((x): x is string => typeof x === 'string' && x !== '');
      if (ids.length > 0) throw new InferenceError(error.code, error.message, ids);
    }
    throw error;
  }
}

/** A top-level operator's own id (`lco_…`) when it has one, then the claim it concludes. */
function operatorSubjects(op: IrFormalOperator): string[] {
  const own = (op as IrOperator).operator_id;
  return typeof own === 'string' && own !== '' ? [own, op.conclusion] : [op.conclusion];
}

function isExpressionHelper(k: IrKnowledge): boolean {
  const meta = k.metadata ?? {};
  return k.type === 'claim' && meta['generated'] === true && meta['review'] === false && typeof meta['helper_kind'] === 'string' && EXPRESSION_HELPER_KINDS.has(meta['helper_kind']);
}

function assertsRelation(op: IrFormalOperator): boolean {
  return RELATION_OPERATORS.has(op.operator) && op.metadata?.['formula_lowering'] !== 'connective';
}

function operatorKind(op: IrFormalOperator): DeterministicKind {
  if (!OPERATOR_KINDS.has(op.operator)) throw new InferenceError('lowering', `unknown operator ${op.operator}`);
  return op.operator as DeterministicKind;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

class Lowering {
  private readonly graph = new FactorGraph();
  private readonly warnings: InferenceProblem[] = [];
  private readonly expressionHelpers = new Set<string>();
  /** Declared priors (metadata `prior`), structural helpers excepted; not clamped. */
  private readonly metadataPriors = new Map<string, number>();
  private readonly strategiesById = new Map<string, IrStrategy>();
  private readonly lowered = new Set<string>();
  private factorCount = 0;

  constructor(private readonly ir: GaiaIr) {}

  run(): LoweredGraph {
    const { ir, graph } = this;
    for (const k of ir.knowledges) {
      if (!k.id) continue;
      if (isExpressionHelper(k)) this.expressionHelpers.add(k.id);
      else {
        const prior = numberOrNull(k.metadata?.['prior']);
        if (prior !== null) this.metadataPriors.set(k.id, prior);
      }
    }
    const operators = dropRepeatedOperators(ir.operators ?? [], 'top-level operators');
    const asserted = new Set(operators.filter(assertsRelation).map((op) => op.conclusion));

    for (const k of ir.knowledges) {
      if (k.type !== 'claim' || !k.id) continue;
      blame([k.id], () => {
        if (this.expressionHelpers.has(k.id)) graph.addVariable(k.id);
        else if (asserted.has(k.id)) {
          graph.addVariable(k.id);
          graph.addEvidence(k.id, 1);
        } else graph.addVariable(k.id, this.metadataPriors.get(k.id) ?? null);
      });
    }

    for (const s of ir.strategies ?? []) if (s.strategy_id) this.strategiesById.set(s.strategy_id, s);

    for (const op of operators) {
      blame(operatorSubjects(op), () => {
        const id = this.nextFactorId('op');
        const kind = operatorKind(op);
        for (const v of op.variables) this.ensure(v);
        if (!graph.variables.has(op.conclusion)) {
          graph.addVariable(op.conclusion);
          if (!this.expressionHelpers.has(op.conclusion) && assertsRelation(op)) graph.addEvidence(op.conclusion, 1);
        }
        graph.addFactor(id, kind, op.variables, op.conclusion);
      });
    }

    for (const s of ir.strategies ?? []) this.lowerStrategy(s);
    return { graph, warnings: this.warnings };
  }

  private nextFactorId(prefix: string): string {
    this.factorCount += 1;
    return `${prefix}_f${this.factorCount}`;
  }

  /** A variable a factor needs; one met only here gets no prior. */
  private ensure(id: string): void {
    if (!this.graph.variables.has(id)) this.graph.addVariable(id);
  }

  private lowerStrategy(s: IrStrategy): void {
    blame([s.strategy_id], () => this.lowerStrategyOnce(s));
  }

  private lowerStrategyOnce(s: IrStrategy): void {
    if (s.strategy_id) {
      if (this.lowered.has(s.strategy_id)) return;
      this.lowered.add(s.strategy_id);
    }
    if (s.sub_strategies) {
      for (const sid of s.sub_strategies) {
        const sub = this.strategiesById.get(sid);
        if (!sub) throw new InferenceError('lowering', `composite strategy ${s.strategy_id} names a missing strategy ${sid}`);
        this.lowerStrategy(sub);
      }
      return;
    }
    if (s.formal_expr) {
      this.lowerFormalStrategy(s, s.formal_expr.operators);
      return;
    }
    this.lowerLeafStrategy(s);
  }

  private lowerFormalStrategy(s: IrStrategy, ops: readonly IrFormalOperator[]): void {
    if (ops.length === 0) throw new InferenceError('lowering', `formal strategy ${s.strategy_id} has no operators`);
    dropRepeatedOperators(ops, `formal strategy ${s.strategy_id}`).forEach((op, index) => {
      const id = this.nextFactorId(`fs_${s.strategy_id}_${index}`);
      if (op.operator === 'implication' && s.type === 'deduction') this.lowerDeductionImplication(s, op, id);
      else if (op.operator === 'implication' && s.type === 'support') this.lowerSupportImplication(op, id);
      else this.lowerFormalOperator(op, id);
    });
  }

  private implicationEnds(op: IrFormalOperator): [string, string] {
    const [antecedent, consequent] = op.variables;
    if (antecedent === undefined || consequent === undefined) {
      throw new InferenceError('lowering', `implication ${op.conclusion} needs an antecedent and a consequent`);
    }
    this.ensure(antecedent);
    this.ensure(consequent);
    return [antecedent, consequent];
  }

  private lowerDeductionImplication(s: IrStrategy, op: IrFormalOperator, id: string): void {
    const [antecedent, consequent] = this.implicationEnds(op);
    const q = numberOrNull(s.metadata?.['false_premise_base_rate']) ?? FALSE_PREMISE_BASE_RATE;
    this.graph.addFactor(id, 'conditional', [antecedent], consequent, { cpt: [q, 1 - CROMWELL_EPS] });
    this.graph.removeVariable(op.conclusion);
  }

  private lowerSupportImplication(op: IrFormalOperator, id: string): void {
    const helperPrior = this.metadataPriors.get(op.conclusion) ?? 1 - CROMWELL_EPS;
    const [antecedent, consequent] = this.implicationEnds(op);
    // The warrant holds with its prior (then the implication is near-certain) or not (then it says nothing).
    const p1 = helperPrior * (1 - CROMWELL_EPS) + (1 - helperPrior) * 0.5;
    this.graph.addFactor(id, 'soft_entailment', [antecedent], consequent, { p1, p2: 0.5 });
    this.graph.removeVariable(op.conclusion);
  }

  private lowerFormalOperator(op: IrFormalOperator, id: string): void {
    const { graph } = this;
    graph.addFactor(id, operatorKind(op), op.variables, op.conclusion);
    for (const v of op.variables) this.ensure(v);
    const relation = RELATION_OPERATORS.has(op.operator);
    if (!graph.variables.has(op.conclusion)) graph.addVariable(op.conclusion, relation ? 1 - CROMWELL_EPS : null);
    else if (relation && !graph.unary.has(op.conclusion)) graph.addVariable(op.conclusion, 1 - CROMWELL_EPS);
  }

  private lowerLeafStrategy(s: IrStrategy): void {
    const conclusion = s.conclusion;
    const sid = s.strategy_id;
    if (!conclusion) throw new InferenceError('lowering', `strategy ${sid ?? '(no id)'} has no conclusion`);
    if (!sid) throw new InferenceError('lowering', `a ${s.type} strategy has no strategy_id`);
    this.ensure(conclusion);
    for (const p of s.premises) this.ensure(p);
    const k = s.premises.length;
    switch (s.type) {
      case 'infer': {
        const given = s.conditional_probabilities;
        const cpt = given && given.length > 0 ? given : new Array<number>(1 << k).fill(0.5);
        this.graph.addFactor(this.nextFactorId('infer'), 'conditional', s.premises, conclusion, { cpt });
        return;
      }
      case 'noisy_and': {
        const p = s.conditional_probabilities?.[0] ?? 0.5;
        let premise = s.premises[0];
        if (k !== 1) {
          premise = `_m_na_${sid}`;
          this.graph.addVariable(premise);
          this.graph.addFactor(this.nextFactorId('na_conj'), 'conjunction', s.premises, premise);
        }
        if (premise === undefined) throw new InferenceError('lowering', `noisy_and ${sid} has no premises`);
        this.graph.addFactor(this.nextFactorId(k === 1 ? 'na' : 'na_se'), 'soft_entailment', [premise], conclusion, {
          p1: p,
          p2: 1 - CROMWELL_EPS,
        });
        return;
      }
      case 'associate':
        this.lowerAssociate(s, sid, conclusion);
        return;
      default:
        throw new InferenceError('lowering', FORMAL_TYPES.has(s.type) ? `${s.type} strategy ${sid} has no formal expression to lower` : `${s.type} strategy ${sid} cannot be lowered`);
    }
  }

  private lowerAssociate(s: IrStrategy, sid: string, helper: string): void {
    const [a, b] = s.premises;
    if (s.premises.length !== 2 || a === undefined || b === undefined) {
      throw new InferenceError('lowering', `associate ${sid} needs exactly two claims`);
    }
    if (s.p_a_given_b == null || s.p_b_given_a == null) {
      throw new InferenceError('lowering', `associate ${sid} needs p_a_given_b and p_b_given_a`);
    }
    const priorOf = (id: string): number | null => {
      const p = this.metadataPriors.get(id);
      return p === undefined ? null : clampProbability(p);
    };
    const table = associateTable(sid, s.p_a_given_b, s.p_b_given_a, priorOf(a), priorOf(b), [a, b]);
    if (table.maxEntClosure) {
      this.warnings.push({
        severity: 'warning',
        code: 'associate-maxent-closure',
        message: `associate ${sid}: neither ${a} nor ${b} has a prior; the maximum-entropy joint is used`,
        subjects: [sid, a, b],
      });
    }
    const { graph } = this;
    graph.removeVariable(helper);
    graph.addVariable(a, table.priorA);
    graph.addVariable(b, table.priorB);
    graph.addFactor(this.nextFactorId('assoc'), 'pairwise', [a], b, { cpt: table.weights });
  }
}

/**
 * Drops an operator that repeats an earlier one (same kind, same arguments up to the
 * operator's symmetry) and concludes the same; a repeat with another conclusion is refused.
 */
function dropRepeatedOperators<T extends IrFormalOperator>(ops: readonly T[], where: string): T[] {
  const seen = new Map<string, string>();
  const kept: T[] = [];
  for (const op of ops) {
    const args = SYMMETRIC_OPERATORS.has(op.operator) ? [...new Set(op.variables)].sort() : op.variables;
    const key = `${op.operator}\u0000${args.join('\u0000')}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      if (earlier === op.conclusion) continue;
      throw new InferenceError('lowering', `${where}: ${op.operator} over ${args.join(', ')} is declared with two conclusions, ${earlier} and ${op.conclusion}`, operatorSubjects(op));
    }
    seen.set(key, op.conclusion);
    kept.push(op);
  }
  return kept;
}
