/**
 * Gaia's IR formalizer: a named strategy (deduction, support, analogy, …) becomes a
 * formal strategy whose operator skeleton (conjunction, implication, …) is spelled out,
 * with one generated helper claim per operator result. Helper ids hash the strategy's
 * premises and conclusion plus the helper's role and its index among that role.
 */
import { contentHash, formalStructureHash, generatedClaimLabel, qid, strategyId } from './irIds.ts';
import type { IrKnowledge, IrOperator, IrStep, IrStrategy, JsonDict } from './irTypes.ts';
import { jsonDict } from './irTypes.ts';

/** The named strategies Gaia formalizes at compile time (abduction only inside composites). */
export const FORMALIZED_TYPES: ReadonlySet<string> = new Set(['deduction', 'elimination', 'mathematical_induction', 'case_analysis', 'analogy', 'extrapolation', 'support', 'compare']);

const HELPER_KIND: Readonly<Record<string, string>> = {
  negation: 'negation_result',
  conjunction: 'conjunction_result',
  disjunction: 'disjunction_result',
  equivalence: 'equivalence_result',
  contradiction: 'contradiction_result',
  complement: 'complement_result',
  implication: 'implication_result',
};

export interface FormalizeInput {
  readonly type: string;
  readonly premises: readonly string[];
  readonly conclusion: string;
  readonly namespace: string;
  readonly packageName: string;
  readonly background: readonly string[] | null;
  readonly steps: readonly IrStep[] | null;
  readonly metadata: JsonDict | null;
}

export interface Formalization {
  readonly knowledges: IrKnowledge[];
  readonly strategy: IrStrategy;
}

class TemplateBuilder {
  readonly knowledges: IrKnowledge[] = [];
  readonly interfaceRoles = new Map<string, string[]>();
  private readonly counters = new Map<string, number>();

  constructor(readonly input: FormalizeInput) {}

  helper(operator: string, canonicalName: string): IrKnowledge {
    const role = HELPER_KIND[operator]!;
    const index = this.counters.get(role) ?? 0;
    this.counters.set(role, index + 1);
    const { type, premises, conclusion, namespace, packageName } = this.input;
    const label = generatedClaimLabel(type, premises, conclusion, role, index);
    const metadata = jsonDict({
      generated: true,
      generated_kind: 'helper_claim',
      intermediate_role: role,
      visibility: 'formal_internal',
      canonical_name: canonicalName,
      owning_strategy_type: type,
      helper_kind: role,
      helper_visibility: 'formal_internal',
    });
    const k: IrKnowledge = {
      id: qid(namespace, packageName, label),
      label,
      title: null,
      type: 'claim',
      format: 'markdown',
      content: canonicalName,
      content_hash: contentHash('claim', 'markdown', canonicalName, []),
      parameters: [],
      metadata,
      provenance: null,
      declaration_index: null,
      exported: false,
    };
    this.knowledges.push(k);
    return k;
  }

  role(name: string, id: string): void {
    const list = this.interfaceRoles.get(name) ?? [];
    list.push(id);
    this.interfaceRoles.set(name, list);
  }
}

function op(operator: string, variables: readonly string[], conclusion: string): IrOperator {
  return { operator_id: null, scope: null, operator, variables, conclusion, metadata: null };
}

const allTrue = (vs: readonly string[]) => `all_true(${vs.join(',')})`;
const anyTrue = (vs: readonly string[]) => `any_true(${vs.join(',')})`;
const implies = (a: string, c: string) => `implies(${a},${c})`;
const sameTruth = (a: string, b: string) => `same_truth(${a},${b})`;

/** Conjunction of the premises (when more than one) implying the conclusion. */
function conjunctionImplies(b: TemplateBuilder, premises: readonly string[], conclusion: string): IrOperator[] {
  if (premises.length === 1) {
    const h = b.helper('implication', implies(premises[0]!, conclusion));
    return [op('implication', [premises[0]!, conclusion], h.id)];
  }
  const conj = b.helper('conjunction', allTrue(premises));
  const h = b.helper('implication', implies(conj.id, conclusion));
  return [op('conjunction', premises, conj.id), op('implication', [conj.id, conclusion], h.id)];
}

/** Always a conjunction (analogy, extrapolation, mathematical induction have two premises). */
function pairImplies(b: TemplateBuilder, premises: readonly string[], conclusion: string): IrOperator[] {
  const conj = b.helper('conjunction', allTrue(premises));
  const h = b.helper('implication', implies(conj.id, conclusion));
  return [op('conjunction', premises, conj.id), op('implication', [conj.id, conclusion], h.id)];
}

function elimination(b: TemplateBuilder, premises: readonly string[], conclusion: string): IrOperator[] {
  const [exhaustiveness, ...rest] = premises as [string, ...string[]];
  b.role('exhaustiveness', exhaustiveness);
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < rest.length; i += 2) pairs.push([rest[i]!, rest[i + 1]!]);
  for (const [c, e] of pairs) {
    b.role('eliminated_candidate', c);
    b.role('elimination_evidence', e);
  }
  const candidates = [...pairs.map(([c]) => c), conclusion];
  const disj = b.helper('disjunction', anyTrue(candidates));
  const eq = b.helper('equivalence', sameTruth(disj.id, exhaustiveness));
  const contradictions = pairs.map(([c, e]) => b.helper('contradiction', `not_both_true(${c},${e})`));
  const ops = [op('disjunction', candidates, disj.id), op('equivalence', [disj.id, exhaustiveness], eq.id)];
  const gate = [exhaustiveness];
  pairs.forEach(([c, e], i) => {
    ops.push(op('contradiction', [c, e], contradictions[i]!.id));
    gate.push(e, contradictions[i]!.id);
  });
  const conj = b.helper('conjunction', allTrue(gate));
  const h = b.helper('implication', implies(conj.id, conclusion));
  ops.push(op('conjunction', gate, conj.id), op('implication', [conj.id, conclusion], h.id));
  return ops;
}

function caseAnalysis(b: TemplateBuilder, premises: readonly string[], conclusion: string): IrOperator[] {
  const [exhaustiveness, ...rest] = premises as [string, ...string[]];
  b.role('exhaustiveness', exhaustiveness);
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < rest.length; i += 2) pairs.push([rest[i]!, rest[i + 1]!]);
  for (const [c, s] of pairs) {
    b.role('case', c);
    b.role('case_support', s);
  }
  const cases = pairs.map(([c]) => c);
  const disj = b.helper('disjunction', anyTrue(cases));
  const eq = b.helper('equivalence', sameTruth(disj.id, exhaustiveness));
  const ops = [op('disjunction', cases, disj.id), op('equivalence', [disj.id, exhaustiveness], eq.id)];
  for (const [c, s] of pairs) {
    const conj = b.helper('conjunction', allTrue([c, s]));
    const h = b.helper('implication', implies(conj.id, conclusion));
    ops.push(op('conjunction', [c, s], conj.id), op('implication', [conj.id, conclusion], h.id));
  }
  return ops;
}

function support(b: TemplateBuilder, premises: readonly string[], conclusion: string): IrOperator[] {
  const ops: IrOperator[] = [];
  let antecedent = premises[0]!;
  if (premises.length > 1) {
    const conj = b.helper('conjunction', allTrue(premises));
    antecedent = conj.id;
    ops.push(op('conjunction', premises, conj.id));
  }
  const h = b.helper('implication', implies(antecedent, conclusion));
  // A v5 support's author prior rides on its implication helper.
  const prior = b.input.metadata?.['prior'];
  if (prior !== undefined && prior !== null) h.metadata!['prior'] = prior;
  ops.push(op('implication', [antecedent, conclusion], h.id));
  return ops;
}

function compare(b: TemplateBuilder, premises: readonly string[], conclusion: string): IrOperator[] {
  const [h, alt, obs] = premises as [string, string, string];
  const m1 = b.helper('equivalence', `matches(${h},${obs})`);
  const m2 = b.helper('equivalence', `matches(${alt},${obs})`);
  return [op('equivalence', [h, obs], m1.id), op('equivalence', [alt, obs], m2.id), op('implication', [m2.id, m1.id], conclusion)];
}

const BUILDERS: Readonly<Record<string, (b: TemplateBuilder, premises: readonly string[], conclusion: string) => IrOperator[]>> = {
  deduction: conjunctionImplies,
  mathematical_induction: pairImplies,
  analogy: pairImplies,
  extrapolation: pairImplies,
  elimination,
  case_analysis: caseAnalysis,
  support,
  compare,
};

export function formalizeNamedStrategy(input: FormalizeInput): Formalization {
  const b = new TemplateBuilder(input);
  const operators = BUILDERS[input.type]!(b, input.premises, input.conclusion);
  const metadata = jsonDict({ ...(input.metadata ?? {}), generated_formal_expr: true, formalization_template: input.type });
  if (b.interfaceRoles.size > 0) {
    const roles = jsonDict();
    for (const [k, v] of b.interfaceRoles) roles[k] = v;
    metadata['interface_roles'] = roles;
  }
  const id = strategyId(input.type, input.premises, input.conclusion, formalStructureHash(operators));
  for (const k of b.knowledges) k.metadata!['owning_strategy_id'] = id;
  const strategy: IrStrategy = {
    strategy_id: id,
    scope: 'local',
    type: input.type,
    premises: [...input.premises],
    conclusion: input.conclusion,
    background: input.background,
    steps: input.steps,
    conditional_probabilities: null,
    p_a_given_b: null,
    p_b_given_a: null,
    metadata,
    formal_expr: { operators },
  };
  return { knowledges: b.knowledges, strategy };
}
