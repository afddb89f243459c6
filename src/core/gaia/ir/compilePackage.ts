/**
 * Compiles a run package module to Gaia IR, pass by pass in the order of Gaia's
 * `compile_package_artifact`: resolve priors; give every knowledge object its QID (its
 * label, or `_anon_NNN` in declaration order); write the knowledge nodes; lower legacy
 * operators and strategies, then actions, formula claims, the bayes module's actions and
 * compositions (actionLowerers.ts); scan references; put the
 * lists together in Gaia's order and hash them.
 */
import type { Diagnostic } from '../../text/diagnostic.ts';
import type { Action, Knowledge, Origin } from '../runtime/gaiaObjects.ts';
import { isCompositionWarrant } from '../runtime/gaiaObjects.ts';
import { resolvePriors } from '../runtime/resolvePriors.ts';
import type { PackageRun } from '../runtime/runPackage.ts';
import { pyFloat } from '../text/pythonJson.ts';
import { lowerExtensions } from './actionLowerers.ts';
import { CompileContext } from './compileContext.ts';
import { BOOL_EXPR_TRUTH_ERROR, distributionEqualityTrap } from './distributionEqualityTrap.ts';
import { checkIr } from './irChecks.ts';
import { foreignAnonymousLabel, foreignKnowledge } from './foreignKnowledge.ts';
import { contentHash, pad3, qid } from './irIds.ts';
import { computeIrHash } from './irJson.ts';
import type { IrGraph, IrKnowledge, IrParameter, JsonDict } from './irTypes.ts';
import { jsonDict } from './irTypes.ts';
import type { FormalizationManifest } from './lowerActions.ts';
import { ActionLowering } from './lowerActions.ts';
import { lowerLegacyOperators, lowerLegacyStrategies } from './lowerLegacy.ts';
import { FormulaLoweringError, lowerClaimFormula, mergeBindingParameters } from './lowerFormula.ts';
import { lowerPredicatePriors } from './predicatePriors.ts';
import { checkMetadataSerialisable } from './unserialisableMetadata.ts';
import { ReferenceScanner } from './referenceScan.ts';

export interface CompiledPackage {
  readonly ir: IrGraph;
  readonly formalization: FormalizationManifest;
  /** The QID of every knowledge object the module made, and of those it uses from other packages. */
  readonly knowledgeIds: ReadonlyMap<Knowledge, string>;
  /** Knowledge of other packages the package uses (in the IR after its own). */
  readonly foreign: readonly Knowledge[];
  /** The IR id each action lowered to (a strategy, an operator, or an observed claim). */
  readonly actionTargets: ReadonlyMap<Action, string>;
  /** IR id → the QID of the action it came from (Gaia's `target_action_labels_by_id`). */
  readonly targetActionLabels: ReadonlyMap<string, string>;
  /** Where each IR id comes from in the source. */
  readonly origins: ReadonlyMap<string, Origin>;
  readonly diagnostics: readonly Diagnostic[];
}

export function compilePackage(run: PackageRun, namespace: string, packageName: string, citations: ReadonlySet<string> = new Set()): CompiledPackage {
  const pkg = run.pkg;
  const cx = new CompileContext(namespace, packageName, pkg.actions);
  // Predicate claims get their CDF-derived prior records first, for the policy to weigh.
  lowerPredicatePriors(cx, pkg.knowledge);
  resolvePriors(pkg);
  // Composition-validity helpers are registered (they count in declaration_index) but never compiled.
  const knowledge = pkg.knowledge.filter((k) => !isCompositionWarrant(k));
  let anonymous = 0;
  for (const k of knowledge) {
    cx.ids.set(k, cx.qid(k.label ?? `_anon_${pad3(anonymous++)}`));
    cx.origins.set(cx.qidOf(k), k.origin);
  }
  const foreign = foreignKnowledge(pkg);
  for (const k of foreign) {
    cx.ids.set(k, qid(k.owner!.namespace, k.owner!.name, k.label ?? foreignAnonymousLabel(k)));
    cx.origins.set(cx.qidOf(k), k.origin);
  }
  for (const k of knowledge) cx.addKnowledge(cx.knowledges, irKnowledge(cx, k, run.exported.has(k)));
  for (const k of foreign) cx.addKnowledge(cx.knowledges, { ...irKnowledge(cx, k, false), label: k.label === null ? null : `${k.owner!.name}__${k.label}` });

  lowerLegacyOperators(cx, pkg.operators);
  lowerLegacyStrategies(cx, pkg.strategies);
  const actions = new ActionLowering(cx);
  actions.lowerDeclared(pkg.actions);
  lowerFormulaClaims(cx, knowledge);
  // Gaia refuses by accident while numbering the knowledge (distributionEqualityTrap.ts);
  // otherwise its extension lowerers (the bayes module) run after the formula claims.
  const trapped = distributionEqualityTrap(pkg.knowledge);
  if (trapped) cx.report('bad-argument', BOOL_EXPR_TRUTH_ERROR, trapped.origin);
  else lowerExtensions(cx, pkg.actions);
  actions.lowerCompositions(pkg.actions, pkg.materializations);
  checkMetadataSerialisable(cx, knowledge);
  new ReferenceScanner(cx, knowledge, pkg.actions, pkg.strategies, citations).scan();

  const knowledges = [...cx.knowledges, ...cx.generated, ...cx.formulaKnowledges];
  const operators = [...cx.legacyOperators, ...cx.actionOperators, ...cx.formulaOperators];
  const formulaGraphs = [...cx.formulaGraphs, ...cx.actionFormulaGraphs];
  // The hash needs the whole canonical JSON: computed only when something reads it.
  let irHash: string | null = null;
  const ir: IrGraph = {
    namespace,
    package_name: packageName,
    scope: 'local',
    get ir_hash() {
      return (irHash ??= computeIrHash(knowledges, operators, cx.strategies, formulaGraphs, cx.composes));
    },
    knowledges,
    operators,
    strategies: cx.strategies,
    composes: cx.composes,
    formula_graphs: formulaGraphs,
    module_order: pkg.moduleOrder.length > 0 ? [...pkg.moduleOrder] : null,
    module_titles: run.moduleTitles.size > 0 ? Object.fromEntries(run.moduleTitles) : null,
  };
  checkIr(cx, ir, pkg.actions);
  return {
    ir,
    formalization: { version: 1, dependencies: actions.dependencies, materializations: actions.materializations },
    knowledgeIds: cx.ids,
    foreign,
    actionTargets: cx.targetOfAction,
    targetActionLabels: cx.targetActionLabels,
    origins: cx.origins,
    diagnostics: cx.diagnostics,
  };
}

function irKnowledge(cx: CompileContext, k: Knowledge, exported: boolean): IrKnowledge {
  const metadata = jsonDict((cx.json(k.metadata) as JsonDict | null) ?? {});
  // A premise-free observe pins the claim unless a prior was registered for it.
  if (k.prior !== null && !('prior' in metadata)) metadata['prior'] = pyFloat(k.prior);
  const parameters: IrParameter[] = k.options.parameters.map((p) => ({ name: p.name, type: p.type, value: cx.json(p.value) }));
  return {
    id: cx.qidOf(k),
    label: k.label,
    title: k.options.title,
    type: k.type,
    format: k.options.format,
    content: k.content,
    content_hash: contentHash(k.type, k.options.format, k.content, parameters),
    parameters,
    metadata: Object.keys(metadata).length > 0 ? metadata : null,
    provenance: k.options.provenance.length > 0 ? k.options.provenance.map((p) => ({ ...p })) : null,
    module: k.sourceModule,
    declaration_index: k.declarationIndex,
    exported,
  };
}

/** Claims written with `formula=`: lowered to operators, generated claims and grounding strategies. */
function lowerFormulaClaims(cx: CompileContext, knowledge: readonly Knowledge[]): void {
  const scope = { namespace: cx.namespace, packageName: cx.packageName, qidOf: cx.qidOf };
  for (const k of knowledge) {
    if (!k.isClaim || k.formula === null) continue;
    const id = cx.qidOf(k);
    try {
      const lowered = lowerClaimFormula(k.formula, id, k.content, scope);
      for (const h of lowered.knowledges) {
        cx.addKnowledge(cx.formulaKnowledges, h);
        cx.origins.set(h.id, k.origin);
      }
      for (const o of lowered.operators) {
        cx.formulaOperators.push(o);
        cx.origins.set(o.operator_id!, k.origin);
      }
      // Formula strategies follow every action's, as in Gaia's IR.
      for (const s of lowered.strategies) {
        cx.strategies.push(s);
        cx.origins.set(s.strategy_id, k.origin);
      }
      cx.formulaGraphs.push(lowered.graph);
      const target = cx.irKnowledge(id)!;
      if (lowered.claimMetadata) target.metadata = jsonDict({ ...(target.metadata ?? {}), ...lowered.claimMetadata });
      mergeBindingParameters(target, lowered.claimParameters);
    } catch (e) {
      if (!(e instanceof FormulaLoweringError)) throw e;
      cx.report('bad-argument', e.message, k.origin);
    }
  }
}
