/**
 * A claim whose formula is `forall x. body` or `exists x. body` over a finite Domain,
 * grounded as Gaia does: one generated instance claim per member (`__forall_x_{hash}`,
 * the member as its parameter), the body lowered into each instance with x bound to the
 * member. A universal then implies each instance (one deduction per member); an
 * existential is the disjunction of its instances (an equivalence with the only one, for
 * a single member). A primitive sort has no members to ground, and Gaia refuses it.
 */
import type { Formula } from '../runtime/gaiaObjects.ts';
import type { LogicScalar } from '../runtime/logicTerms.ts';
import { scalarJson, scalarRepr, sortName } from '../runtime/logicTerms.ts';
import { sha256Hex } from '../text/sha256Hex.ts';
import { formalizeNamedStrategy } from './formalize.ts';
import type { Binding } from './formulaDescriptors.ts';
import { bindingJson } from './formulaDescriptors.ts';
import { contentHash, operatorId, qid } from './irIds.ts';
import type { IrKnowledge, IrOperator, IrStrategy, JsonDict } from './irTypes.ts';
import { jsonDict } from './irTypes.ts';
import type { FormulaScope, TargetLowering } from './lowerFormula.ts';
import { FormulaLoweringError, equivalenceResult, lowerToTarget, mergeBindingParameters, safeLabel } from './lowerFormula.ts';

type Quantified = Extract<Formula, { f: 'forall' | 'exists' }>;

export interface Grounding {
  readonly knowledges: IrKnowledge[];
  readonly operators: IrOperator[];
  readonly strategies: IrStrategy[];
}

function instanceClaim(q: Quantified, claimId: string, content: string, value: LogicScalar, binding: Binding, scope: FormulaScope): IrKnowledge {
  const { symbol, domain } = q.variable;
  const digest = sha256Hex(`${claimId}|${symbol}|${scalarRepr(value)}`).slice(0, 8);
  const label = `__${q.f}_${safeLabel(symbol)}_${digest}`;
  const text = `${content} [${symbol}=${scalarRepr(value)}]`;
  const parameters = [{ name: symbol, type: sortName(domain), value: scalarJson(value) }];
  return {
    id: qid(scope.namespace, scope.packageName, label),
    label,
    title: null,
    type: 'claim',
    format: 'markdown',
    content: text,
    content_hash: contentHash('claim', 'markdown', text, parameters),
    parameters,
    metadata: jsonDict({
      generated: true,
      generated_kind: 'formula_instance',
      formula_lowering: `${q.f}_instance`,
      source_claim: claimId,
      binding: bindingJson(binding),
      visibility: 'formula_grounding',
      review: false,
    }),
    provenance: null,
    declaration_index: null,
    exported: false,
  };
}

/**
 * The body's lowering merged into its instance, as Gaia's `_absorb_generated_result`
 * does: an atom body keeps the instance's own `formula_lowering` and is recorded as
 * `formula_body_lowering` instead.
 */
function absorb(instance: IrKnowledge, body: TargetLowering, out: Grounding): void {
  out.knowledges.push(...body.knowledges);
  out.operators.push(...body.operators);
  const update = jsonDict({ ...(body.metadata ?? {}) });
  const own = instance.metadata?.['formula_lowering'];
  if ((own === 'forall_instance' || own === 'exists_instance') && update['formula_lowering'] === 'atom') {
    delete update['formula_lowering'];
    update['formula_body_lowering'] = 'atom';
  }
  instance.metadata = jsonDict({ ...(instance.metadata ?? {}), ...update });
  mergeBindingParameters(instance, body.parameters);
}

export function groundQuantifier(q: Quantified, claimId: string, content: string, scope: FormulaScope): Grounding {
  const domain = q.variable.domain;
  const name = q.f === 'forall' ? 'Forall' : 'Exists';
  if (domain.kind !== 'domain') throw new FormulaLoweringError(`${name} formula lowering currently requires a finite Domain`);
  const out: Grounding = { knowledges: [], operators: [], strategies: [] };
  const instances: string[] = [];
  for (const value of domain.members) {
    const binding: Binding = { symbol: q.variable.symbol, domain: sortName(domain), value, source: q.f };
    const instance = instanceClaim(q, claimId, content, value, binding, scope);
    instances.push(instance.id);
    out.knowledges.push(instance);
    absorb(instance, lowerToTarget(q.body, instance.id, scope, new Map([[q.variable, binding]])), out);
    if (q.f === 'forall') {
      const f = formalizeNamedStrategy({
        type: 'deduction',
        premises: [claimId],
        conclusion: instance.id,
        namespace: scope.namespace,
        packageName: scope.packageName,
        background: null,
        steps: null,
        metadata: jsonDict({ formula_lowering: 'forall_grounding', source_claim: claimId, binding: bindingJson(binding) }),
      });
      out.knowledges.push(...f.knowledges);
      out.strategies.push(f.strategy);
    }
  }
  if (q.f === 'exists') {
    if (instances.length === 1) {
      const binding: JsonDict = bindingJson({ symbol: q.variable.symbol, domain: sortName(domain), value: domain.members[0]!, source: 'exists' });
      const { knowledge, operator } = equivalenceResult(claimId, instances[0]!, 'exists_grounding', jsonDict({ source_claim: claimId, binding }), scope);
      out.knowledges.push(knowledge);
      out.operators.push(operator);
    } else {
      out.operators.push({
        operator_id: operatorId('disjunction', instances, claimId),
        scope: 'local',
        operator: 'disjunction',
        variables: instances,
        conclusion: claimId,
        metadata: jsonDict({ formula_lowering: 'exists_grounding', source_claim: claimId }),
      });
    }
  }
  return out;
}
