/**
 * The factor graph lowering builds, with the bookkeeping rules of Gaia's own graph:
 * variables in insertion order (removing one and adding it back moves it to the end),
 * at most one soft prior per variable, hard evidence that overrides a soft prior, and
 * factors validated as they are added (probabilities clamped, arities checked). A rule
 * Gaia enforces by raising an error raises an InferenceError here, which runInference
 * reports as a `lowering` problem.
 */
import { CROMWELL_EPS, clampProbability } from './cromwell.ts';
import { InferenceError } from './inferenceProblem.ts';

/** The logical operators, whose tables have no free parameter. */
export type DeterministicKind = 'implication' | 'negation' | 'conjunction' | 'disjunction' | 'equivalence' | 'contradiction' | 'complement';

export type FactorKind = DeterministicKind | 'soft_entailment' | 'conditional' | 'pairwise';

/** The logical operators: factors whose table is a truth table (softened or strict). */
export const DETERMINISTIC: ReadonlySet<FactorKind> = new Set<FactorKind>(['implication', 'negation', 'conjunction', 'disjunction', 'equivalence', 'contradiction', 'complement']);

export function isDeterministic(kind: FactorKind): kind is DeterministicKind {
  return DETERMINISTIC.has(kind);
}

export interface Factor {
  /** Gaia's factor id (`op_f1`, `fs_<strategy>_0_f2`, `infer_f3`, …), reported in joint tables. */
  readonly id: string;
  readonly kind: FactorKind;
  /** Inputs (premises, operands), in order; the conclusion is never among them. */
  readonly variables: readonly string[];
  readonly conclusion: string;
  /** soft_entailment: P(c=1 | m=1) and P(c=0 | m=0). */
  readonly p1?: number;
  readonly p2?: number;
  /** conditional: P(c=1 | inputs), index bit i = input i; pairwise: weights at a | b << 1. */
  readonly cpt?: readonly number[];
}

export interface FactorParams {
  readonly p1?: number;
  readonly p2?: number;
  readonly cpt?: readonly number[];
}

/** A factor's variables without repeats, inputs first and the conclusion last. */
export function factorScope(factor: Factor): string[] {
  const scope: string[] = [];
  for (const v of factor.variables) if (!scope.includes(v)) scope.push(v);
  if (!scope.includes(factor.conclusion)) scope.push(factor.conclusion);
  return scope;
}

export class FactorGraph {
  /** Every variable, in insertion order, with its display measure (prior, pin or 0.5). */
  readonly variables = new Map<string, number>();
  /** Soft priors P(x = 1), already clamped. */
  readonly unary = new Map<string, number>();
  /** Hard evidence: pinned at 1 − ε (value 1) or ε (value 0), never at 0 or 1. */
  readonly hardEvidence = new Map<string, 0 | 1>();
  readonly factors: Factor[] = [];

  /** Registers a variable; with a prior, also its unary factor (clamped). */
  addVariable(id: string, prior?: number | null): void {
    if (prior === undefined || prior === null) {
      if (!this.variables.has(id)) this.variables.set(id, 0.5);
      return;
    }
    const clamped = clampProbability(prior);
    const pinned = this.hardEvidence.get(id);
    if (pinned !== undefined) {
      if (Math.abs(clamped - pinned) > 0.5) {
        throw new InferenceError('lowering', `${id}: prior ${clamped} contradicts its hard evidence ${pinned}`);
      }
      return;
    }
    const existing = this.unary.get(id);
    if (existing !== undefined && Math.abs(existing - clamped) > CROMWELL_EPS) {
      throw new InferenceError('lowering', `${id}: conflicting priors ${existing} and ${clamped}`);
    }
    this.variables.set(id, clamped);
    this.unary.set(id, clamped);
  }

  /** Pins a registered variable (hard evidence replaces a soft prior that agrees with it). */
  addEvidence(id: string, value: 0 | 1): void {
    if (!this.variables.has(id)) throw new InferenceError('lowering', `${id}: evidence on an unregistered variable`);
    const pinned = this.hardEvidence.get(id);
    if (pinned !== undefined && pinned !== value) {
      throw new InferenceError('lowering', `${id}: conflicting hard evidence ${pinned} and ${value}`);
    }
    const soft = this.unary.get(id);
    if (soft !== undefined) {
      if ((value === 1 && soft < 0.5) || (value === 0 && soft > 0.5)) {
        throw new InferenceError('lowering', `${id}: hard evidence ${value} contradicts its prior ${soft}`);
      }
      this.unary.delete(id);
    }
    this.hardEvidence.set(id, value);
    this.variables.set(id, value === 1 ? 1 - CROMWELL_EPS : CROMWELL_EPS);
  }

  /** Drops a variable and its soft prior (a helper folded into a factor), as Gaia does. */
  removeVariable(id: string): void {
    this.variables.delete(id);
    this.unary.delete(id);
  }

  addFactor(id: string, kind: FactorKind, variables: readonly string[], conclusion: string, params: FactorParams = {}): void {
    if (variables.includes(conclusion)) {
      throw new InferenceError('lowering', `factor ${id}: its conclusion ${conclusion} is also one of its inputs`);
    }
    const n = variables.length;
    let p1: number | undefined;
    let p2: number | undefined;
    let cpt: number[] | undefined;
    if (isDeterministic(kind)) {
      const ok = kind === 'negation' ? n === 1 : kind === 'conjunction' || kind === 'disjunction' ? n >= 2 : n === 2;
      if (!ok) throw new InferenceError('lowering', `${kind} factor ${id}: wrong number of inputs (${n})`);
    } else if (kind === 'soft_entailment') {
      if (n !== 1 || params.p1 === undefined || params.p2 === undefined) {
        throw new InferenceError('lowering', `soft entailment ${id}: needs one premise, p1 and p2`);
      }
      p1 = clampProbability(params.p1);
      p2 = clampProbability(params.p2);
      if (!(p1 + p2 > 1)) throw new InferenceError('lowering', `soft entailment ${id}: p1 + p2 must exceed 1`);
    } else if (kind === 'conditional') {
      if (n === 0 || !params.cpt) throw new InferenceError('lowering', `conditional ${id}: needs premises and a table`);
      if (params.cpt.length !== 1 << n) {
        throw new InferenceError('lowering', `conditional ${id}: table has ${params.cpt.length} entries, expected ${1 << n}`);
      }
      cpt = params.cpt.map((p) => clampProbability(Number(p)));
    } else {
      if (n !== 1 || !params.cpt || params.cpt.length !== 4) {
        throw new InferenceError('lowering', `pairwise ${id}: needs one variable, a conclusion and four weights`);
      }
      if (params.cpt.some((w) => !Number.isFinite(w) || w < 0) || !(params.cpt.reduce((a, b) => a + b, 0) > 0)) {
        throw new InferenceError('lowering', `pairwise ${id}: weights must be finite, non-negative and not all zero`);
      }
      cpt = [...params.cpt];
    }
    this.factors.push({
      id,
      kind,
      variables: [...variables],
      conclusion,
      ...(p1 !== undefined && { p1, p2: p2! }),
      ...(cpt !== undefined && { cpt }),
    });
  }
}
