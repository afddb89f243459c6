/**
 * Lowers reasoning actions to IR, in declaration order, as Gaia's action compiler does:
 * derive / observe-with-premises / compute → a formalized deduction strategy; a
 * premise-free observe → a `supported_by` note on its claim; infer / associate →
 * probabilistic strategies; equal / contradict / exclusive → operators; decompose →
 * formula operators plus an equivalence; a `@compose` call → a `Compose` record over the
 * targets of its actions, once every other action has one. Each lowered object carries
 * the action's QID in `metadata.action_label`; scaffolds go to the formalization manifest
 * instead.
 */
import type { Action, AssociateAction, ComposeAction, DecomposeAction, InferAction, Materialization, ScaffoldAction, StructuralAction, SupportAction } from '../runtime/gaiaObjects.ts';
import { Knowledge, isScaffold } from '../runtime/gaiaObjects.ts';
import { lowerPass } from './actionLowerers.ts';
import { pythonNumberText } from '../text/pythonFloat.ts';
import { claimProbabilityError, slotProbability } from './claimProbability.ts';
import type { JsonValue } from '../text/pythonJson.ts';
import { pyFloat, pythonJsonDumps } from '../text/pythonJson.ts';
import { sha256Hex } from '../text/sha256Hex.ts';
import type { CompileContext } from './compileContext.ts';
import { formalizeNamedStrategy } from './formalize.ts';
import { normalizeLabel, operatorId, pad3, sortedStrings, strategyId } from './irIds.ts';
import type { IrKnowledge, IrOperator, IrStep, IrStrategy, JsonDict } from './irTypes.ts';
import { jsonDict } from './irTypes.ts';
import { generatedClaim } from './generatedClaim.ts';
import type { FormulaLowering } from './lowerFormula.ts';
import { FormulaLoweringError, lowerClaimFormula, mergeBindingParameters } from './lowerFormula.ts';

const SUPPORT_PATTERN = { derive: 'derivation', observe: 'observation', compute: 'computation' } as const;
const STRUCTURAL = {
  equal: ['equivalence', 'equivalence'],
  contradict: ['contradiction', 'contradiction'],
  exclusive: ['complement', 'exclusive'],
} as const;

function steps(rationale: string): IrStep[] | null {
  return rationale ? [{ reasoning: rationale, premises: null }] : null;
}

export interface FormalizationManifest {
  readonly version: 1;
  readonly dependencies: JsonDict[];
  readonly materializations: JsonDict[];
}

export class ActionLowering {
  readonly dependencies: JsonDict[] = [];
  readonly materializations: JsonDict[] = [];

  constructor(private readonly cx: CompileContext) {}

  /** Every action but compositions, in declaration order, through the one table (actionLowerers.ts). */
  lowerDeclared(actions: readonly Action[]): void {
    lowerPass(this, actions, 'declaration');
  }

  /** Compositions, once every other action (the extensions' too) has its target; then the materializations. */
  lowerCompositions(actions: readonly Action[], materializations: readonly Materialization[]): void {
    lowerPass(this, actions, 'compose');
    materializations.forEach((m, i) => this.materializations.push(this.materializationRecord(m, i)));
  }

  private background(a: Action): string[] | null {
    const ids = a.background.map(this.cx.qidOf);
    return ids.length > 0 ? ids : null;
  }

  private baseMetadata(a: Action, pattern: string): JsonDict {
    const m = jsonDict((this.cx.json(a.metadata) as JsonDict | null) ?? {});
    m['action_label'] = this.cx.actionQid(a);
    m['pattern'] = pattern;
    return m;
  }

  /** Gaia's `_prepare_action_warrants`: list the warrants, stamp them with the action. */
  private stampWarrants(a: Action, pattern: string, metadata: JsonDict): void {
    if (a.warrants.length === 0) return;
    metadata['warrants'] = a.warrants.map(this.cx.qidOf);
    for (const w of a.warrants) {
      const k = this.cx.irKnowledge(this.cx.qidOf(w))!;
      const m = jsonDict(k.metadata ?? {});
      if (!('review' in m)) m['review'] = true;
      m['action_label'] = this.cx.actionQid(a);
      m['pattern'] = pattern;
      k.metadata = m;
    }
  }

  private record(a: Action, target: string): void {
    if (!this.cx.recordActionTarget(a, target)) return;
    // A premise-free observe targets its claim, which keeps its own origin.
    if (target.startsWith('lcs_') || target.startsWith('lco_') || target.startsWith('lcm_')) this.cx.origins.set(target, a.origin);
  }

  /**
   * A composition: its id hashes its name, version, the sets of its inputs, background and
   * warrants, its actions' targets in order, and its conclusion (compact JSON, keys sorted).
   */
  compose(a: ComposeAction): void {
    const actions: string[] = [];
    for (const child of a.actions) {
      const target = this.cx.targetOfAction.get(child);
      // A child without a target was already refused (a duplicate label).
      if (target === undefined) return;
      actions.push(target);
    }
    const inputs = a.inputs.map(this.cx.qidOf);
    const background = a.background.map(this.cx.qidOf);
    const warrants = a.warrants.map(this.cx.qidOf);
    const conclusion = this.cx.qidOf(a.conclusion);
    const structure = { name: a.name, version: a.version, inputs: sortedStrings(inputs), background: sortedStrings(background), actions, conclusion, warrants: sortedStrings(warrants) };
    const id = `lcm_${sha256Hex(pythonJsonDumps(structure, { sortKeys: true, separators: [',', ':'] })).slice(0, 16)}`;
    const metadata = this.baseMetadata(a, 'compose');
    if (a.rationale) metadata['reason'] = a.rationale;
    this.stampWarrants(a, 'compose', metadata);
    this.cx.composes.push({ compose_id: id, name: a.name, version: a.version, inputs, background, actions, warrants, conclusion, metadata });
    this.record(a, id);
  }

  /** A scaffold is not lowered: its record goes to the formalization manifest. */
  scaffold(a: ScaffoldAction): void {
    this.dependencies.push(this.scaffoldRecord(a));
  }

  support(a: SupportAction): void {
    const pattern = SUPPORT_PATTERN[a.kind];
    const premises = a.given.map(this.cx.qidOf);
    const conclusion = this.cx.qidOf(a.conclusion);
    const background = this.background(a);
    const metadata = this.baseMetadata(a, pattern);
    if (a.kind === 'compute') {
      metadata['compute'] = a.fn ? jsonDict({ function_ref: a.fn.ref, code_hash: `sha256:${sha256Hex(a.fn.source ?? a.fn.ref)}` }) : jsonDict();
    }
    this.stampWarrants(a, pattern, metadata);
    if (a.kind === 'observe' && premises.length === 0) {
      this.supportedBy(a, conclusion, background, metadata);
      this.record(a, conclusion);
      return;
    }
    if (premises.length > 0) {
      const f = formalizeNamedStrategy({
        type: 'deduction',
        premises,
        conclusion,
        namespace: this.cx.namespace,
        packageName: this.cx.packageName,
        background,
        steps: steps(a.rationale),
        metadata,
      });
      // Reviewable actions: the implication is reviewed, the conjunction is plumbing.
      for (const k of f.knowledges) {
        const kind = k.metadata?.['helper_kind'];
        if (kind === 'implication_result') k.metadata!['review'] = true;
        else if (kind === 'conjunction_result') k.metadata!['review'] = false;
        this.cx.origins.set(k.id, a.origin);
      }
      for (const k of f.knowledges) this.cx.addKnowledge(this.cx.generated, k);
      this.cx.strategies.push(f.strategy);
      this.record(a, f.strategy.strategy_id);
      return;
    }
    const s: IrStrategy = {
      strategy_id: strategyId('deduction', [], conclusion, ''),
      scope: 'local',
      type: 'deduction',
      premises: [],
      conclusion,
      background,
      steps: steps(a.rationale),
      conditional_probabilities: null,
      p_a_given_b: null,
      p_b_given_a: null,
      metadata,
    };
    this.cx.strategies.push(s);
    this.record(a, s.strategy_id);
  }

  private supportedBy(a: SupportAction, conclusion: string, background: string[] | null, metadata: JsonDict): void {
    const entry = jsonDict({ action_label: this.cx.actionQid(a), pattern: 'observation' });
    if (metadata['warrants']) entry['warrants'] = metadata['warrants'];
    if (background) entry['background'] = background;
    if (a.rationale) entry['rationale'] = a.rationale;
    if (metadata['source_refs']) entry['source_refs'] = metadata['source_refs'];
    const k = this.cx.irKnowledge(conclusion)!;
    const m = jsonDict(k.metadata ?? {});
    m['supported_by'] = [...((m['supported_by'] as JsonValue[] | undefined) ?? []), entry];
    k.metadata = m;
  }

  structural(a: StructuralAction): void {
    const [operator, pattern] = STRUCTURAL[a.kind];
    const metadata = this.baseMetadata(a, pattern);
    this.stampWarrants(a, pattern, metadata);
    if (a.rationale) metadata['reason'] = a.rationale;
    const background = this.background(a);
    if (background) metadata['background'] = background;
    const variables = [this.cx.qidOf(a.a), this.cx.qidOf(a.b)];
    const conclusion = this.cx.qidOf(a.helper);
    const o: IrOperator = { operator_id: operatorId(operator, variables, conclusion), scope: 'local', operator, variables, conclusion, metadata };
    this.cx.actionOperators.push(o);
    this.record(a, o.operator_id!);
  }

  decompose(a: DecomposeAction): void {
    const actionQid = this.cx.actionQid(a);
    const metadata = this.baseMetadata(a, 'decomposition');
    const whole = this.cx.qidOf(a.whole);
    const parts = a.parts.map(this.cx.qidOf);
    const base = `__decompose_${normalizeLabel(this.cx.actionLabel(a))}`;
    const formulaLabel = `${base}_formula`;
    const formulaId = this.cx.qid(formulaLabel);
    const content = `Formula decomposition of ${whole}`;
    if (a.formula.f === 'forall' || a.formula.f === 'exists') {
      this.cx.report('unsupported', 'decompose(formula=...) with a quantifier: Warrant does not model grounding a decomposition formula', a.origin);
      return;
    }
    let lowered: FormulaLowering;
    try {
      lowered = lowerClaimFormula(a.formula, formulaId, content, { namespace: this.cx.namespace, packageName: this.cx.packageName, qidOf: this.cx.qidOf });
    } catch (e) {
      if (!(e instanceof FormulaLoweringError)) throw e;
      this.cx.report('bad-argument', e.message, a.origin);
      return;
    }
    const formulaMetadata = jsonDict({
      generated: true,
      helper_kind: 'decomposition_formula',
      generated_by: actionQid,
      source_claim: whole,
      decomposition_parts: parts,
      review: false,
      ...(lowered.claimMetadata ?? {}),
    });
    const formulaClaim = generatedClaim(formulaId, formulaLabel, content, formulaMetadata);
    mergeBindingParameters(formulaClaim, lowered.claimParameters);
    this.pushGenerated(a, formulaClaim);
    for (const k of lowered.knowledges) this.pushGenerated(a, k);
    this.cx.actionFormulaGraphs.push(lowered.graph);
    for (const o of lowered.operators) {
      this.cx.actionOperators.push(o);
      this.cx.origins.set(o.operator_id!, a.origin);
    }
    const equivalenceLabel = `${base}_equivalence`;
    const equivalenceId = this.cx.qid(equivalenceLabel);
    this.pushGenerated(
      a,
      generatedClaim(
        equivalenceId,
        equivalenceLabel,
        `${whole} is equivalent to its decomposition formula.`,
        jsonDict({
          generated: true,
          helper_kind: 'decomposition_equivalence',
          generated_by: actionQid,
          source_claim: whole,
          formula_helper: formulaId,
          review: false,
        }),
      ),
    );
    metadata['decomposition'] = jsonDict({ whole, parts, formula_helper: formulaId });
    if (a.rationale) metadata['reason'] = a.rationale;
    const variables = [whole, formulaId];
    const o: IrOperator = { operator_id: operatorId('equivalence', variables, equivalenceId), scope: 'local', operator: 'equivalence', variables, conclusion: equivalenceId, metadata };
    this.cx.actionOperators.push(o);
    this.record(a, o.operator_id!);
  }

  private pushGenerated(a: Action, k: IrKnowledge): void {
    this.cx.addKnowledge(this.cx.generated, k);
    this.cx.origins.set(k.id, a.origin);
  }

  infer(a: InferAction): void {
    const table = this.inferProbabilities(a);
    if (!table) return;
    const metadata = this.baseMetadata(a, 'inference');
    this.stampWarrants(a, 'inference', metadata);
    const given = a.given.map(this.cx.qidOf);
    if (given.length > 0) metadata['given'] = given;
    if (a.pEGivenNotHDefaulted) metadata['p_e_given_not_h_defaulted'] = true;
    const s: IrStrategy = {
      strategy_id: strategyId('infer', [this.cx.qidOf(a.hypothesis), ...given], this.cx.qidOf(a.evidence), ''),
      scope: 'local',
      type: 'infer',
      premises: [this.cx.qidOf(a.hypothesis), ...given],
      conclusion: this.cx.qidOf(a.evidence),
      background: this.background(a),
      steps: steps(a.rationale),
      conditional_probabilities: table,
      p_a_given_b: null,
      p_b_given_a: null,
      metadata,
    };
    this.cx.strategies.push(s);
    this.record(a, s.strategy_id);
  }

  /**
   * The infer table, with a likelihood given as a claim read as Gaia reads it when
   * compiling (p_e_given_not_h first); null after reporting a claim that gives none, or
   * a value outside [0, 1] (numbers written in the call were checked there).
   */
  private inferProbabilities(a: InferAction): ReturnType<typeof inferTable> | null {
    const pNotH = slotProbability(a.pEGivenNotH);
    const pH = slotProbability(a.pEGivenH);
    for (const [p, field] of [
      [pNotH, 'p_e_given_not_h'],
      [pH, 'p_e_given_h'],
    ] as const) {
      if (!p) {
        this.cx.report('bad-argument', claimProbabilityError(field), a.origin);
        return null;
      }
    }
    const table = inferTable(pH!.value, pNotH!.value, a.given.length);
    const claimValues = new Set<number>();
    if (a.pEGivenH instanceof Knowledge) claimValues.add(pH!.value);
    if (a.pEGivenNotH instanceof Knowledge) claimValues.add(pNotH!.value);
    const bad = table.findIndex((entry) => {
      const v = typeof entry === 'number' ? entry : entry.value;
      return claimValues.has(v) && !(v >= 0 && v <= 1);
    });
    if (bad >= 0) {
      const entry = table[bad]!;
      const v = typeof entry === 'number' ? entry : entry.value;
      this.cx.report('probability-range', `conditional_probabilities[${bad}] must be a probability in [0, 1], got ${pythonNumberText(v)} (read from a likelihood claim's "value" parameter)`, a.origin);
      return null;
    }
    return table;
  }

  associate(a: AssociateAction): void {
    const metadata = this.baseMetadata(a, 'association');
    this.stampWarrants(a, 'association', metadata);
    const premises = [this.cx.qidOf(a.a), this.cx.qidOf(a.b)];
    const conclusion = this.cx.qidOf(a.helper);
    const s: IrStrategy = {
      strategy_id: strategyId('associate', premises, conclusion, ''),
      scope: 'local',
      type: 'associate',
      premises,
      conclusion,
      background: this.background(a),
      steps: steps(a.rationale),
      conditional_probabilities: null,
      p_a_given_b: pyFloat(a.pAGivenB.value),
      p_b_given_a: pyFloat(a.pBGivenA.value),
      metadata,
    };
    this.cx.strategies.push(s);
    this.record(a, s.strategy_id);
  }

  private scaffoldRecord(a: ScaffoldAction): JsonDict {
    const label = this.cx.actionLabel(a);
    const r = jsonDict({
      id: `${this.cx.namespace}:${this.cx.packageName}::scaffold::${normalizeLabel(label)}`,
      kind: a.kind,
      label,
    });
    if (a.kind === 'depends_on') {
      r['conclusion'] = this.cx.qidOf(a.conclusion);
      r['given'] = a.given.map(this.cx.qidOf);
      r['status'] = 'unformalized';
    } else {
      r['pattern'] = a.pattern;
      r['claims'] = a.claims.map(this.cx.qidOf);
      r['status'] = 'hypothesis';
    }
    r['rationale'] = this.cx.json(a.rationale);
    r['metadata'] = this.cx.json(a.metadata);
    const background = this.background(a);
    if (background) r['background'] = background;
    return r;
  }

  private graphRef(a: Action): string {
    const kind = isScaffold(a) ? 'scaffold' : 'action';
    return `${this.cx.namespace}:${this.cx.packageName}::${kind}::${normalizeLabel(this.cx.actionLabel(a))}`;
  }

  private materializationRecord(m: Materialization, index: number): JsonDict {
    const label = m.label ?? `_anon_materialization_${pad3(index)}`;
    return jsonDict({
      id: `${this.cx.namespace}:${this.cx.packageName}::materialization::${normalizeLabel(label)}`,
      kind: 'materialization',
      label,
      scaffold: this.graphRef(m.scaffold),
      by: m.by.map((a) => this.graphRef(a)),
      rationale: this.cx.json(m.rationale),
      metadata: this.cx.json(m.metadata),
    });
  }
}

/** Gaia's infer CPT: `[P(E|¬H), P(E|H)]`, or 0.5 wherever a `given` gate is off. */
export function inferTable(pEGivenH: number, pEGivenNotH: number, givenCount: number): (number | ReturnType<typeof pyFloat>)[] {
  if (givenCount === 0) return [pyFloat(pEGivenNotH), pyFloat(pEGivenH)];
  const table: (number | ReturnType<typeof pyFloat>)[] = new Array<ReturnType<typeof pyFloat>>(1 << (1 + givenCount)).fill(pyFloat(0.5));
  let gate = 0;
  for (let i = 1; i <= givenCount; i++) gate |= 1 << i;
  table[gate] = pyFloat(pEGivenNotH);
  table[gate | 1] = pyFloat(pEGivenH);
  return table;
}
