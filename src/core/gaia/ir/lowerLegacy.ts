/**
 * Lowers the deprecated v5 objects: top-level legacy operators (with their `reason`
 * in metadata) and legacy named strategies, formalized like Gaia formalizes them (a
 * string reason goes to `metadata.reason`, a list of texts and Steps to `steps`). The old leaf
 * `infer` strategy is kept as it is, without a table.
 */
import type { LegacyOperator, LegacyStrategy, ReasonEntry } from '../runtime/gaiaObjects.ts';
import type { CompileContext } from './compileContext.ts';
import { FORMALIZED_TYPES, formalizeNamedStrategy } from './formalize.ts';
import { operatorId, sortedStrings, strategyId } from './irIds.ts';
import { pythonStrListRepr } from '../text/pythonRepr.ts';
import { sha256Hex } from '../text/sha256Hex.ts';
import type { IrOperator, IrStep, IrStrategy, JsonDict } from './irTypes.ts';
import { jsonDict } from './irTypes.ts';

function withReason(metadata: JsonDict, reason: string | readonly ReasonEntry[]): JsonDict | null {
  const m = jsonDict(metadata);
  if (typeof reason === 'string' && reason) m['reason'] = reason;
  return Object.keys(m).length > 0 ? m : null;
}

/** A reason list as the IR's steps: a Step's premises by id (a text premise kept as written). */
function reasonSteps(cx: CompileContext, reason: string | readonly ReasonEntry[]): IrStep[] | null {
  if (typeof reason === 'string' || reason.length === 0) return null;
  return reason.map((r) =>
    typeof r === 'string'
      ? { reasoning: r, premises: null }
      : { reasoning: r.reasoning, premises: r.premises && r.premises.length > 0 ? r.premises.map((p) => (typeof p === 'string' ? p : cx.qidOf(p))) : null },
  );
}

export function lowerLegacyOperators(cx: CompileContext, operators: readonly LegacyOperator[]): void {
  for (const o of operators) {
    const variables = o.variables.map(cx.qidOf);
    const conclusion = cx.qidOf(o.conclusion);
    const ir: IrOperator = {
      operator_id: operatorId(o.operator, variables, conclusion),
      scope: 'local',
      operator: o.operator,
      variables,
      conclusion,
      metadata: withReason(jsonDict(), o.reason),
    };
    cx.legacyOperators.push(ir);
    cx.origins.set(ir.operator_id!, o.origin);
  }
}

export function lowerLegacyStrategies(cx: CompileContext, strategies: readonly LegacyStrategy[]): void {
  const idOf = new Map<LegacyStrategy, string>();
  for (const s of strategies) {
    const premises = s.premises.map(cx.qidOf);
    const conclusion = cx.qidOf(s.conclusion);
    const background = s.background.length > 0 ? s.background.map(cx.qidOf) : null;
    const steps = reasonSteps(cx, s.reason);
    const metadata = withReason(cx.json(s.metadata) as JsonDict, s.reason);
    let ir: IrStrategy;
    if (s.subStrategies && s.subStrategies.length > 0) {
      // A composite names its parts by id (they were made, and so lowered, before it).
      const subs = s.subStrategies.map((sub) => idOf.get(sub)).filter((id): id is string => id !== undefined);
      const structure = sha256Hex(pythonStrListRepr(sortedStrings(subs))).slice(0, 16);
      ir = { ...plainStrategy(s.type, premises, conclusion, background, steps, metadata, structure), sub_strategies: subs };
    } else if (FORMALIZED_TYPES.has(s.type)) {
      const f = formalizeNamedStrategy({ type: s.type, premises, conclusion, namespace: cx.namespace, packageName: cx.packageName, background, steps, metadata });
      for (const k of f.knowledges) cx.origins.set(k.id, s.origin);
      for (const k of f.knowledges) cx.addKnowledge(cx.generated, k);
      ir = f.strategy;
    } else {
      ir = plainStrategy(s.type, premises, conclusion, background, steps, metadata, '');
    }
    cx.strategies.push(ir);
    cx.origins.set(ir.strategy_id, s.origin);
    idOf.set(s, ir.strategy_id);
  }
}

/** A strategy without a table or operators; `structure` is its structure hash (a composite's parts). */
function plainStrategy(type: string, premises: string[], conclusion: string, background: string[] | null, steps: IrStep[] | null, metadata: JsonDict | null, structure: string): IrStrategy {
  return {
    strategy_id: strategyId(type, premises, conclusion, structure),
    scope: 'local',
    type,
    premises,
    conclusion,
    background,
    steps,
    conditional_probabilities: null,
    p_a_given_b: null,
    p_b_given_a: null,
    metadata,
  };
}
