/**
 * Lowers the formula attached to a claim (`claim(..., formula=...)`, or the formula
 * helper of a decompose) as Gaia does. A connective concludes the claim itself and inner
 * connectives get helper claims `__{operator}_result_{hash}`; a predicate or comparison
 * nested in a connective gets a generated atom claim; a bare atom annotates the claim
 * (`formula_atom`, its bindings as parameters); a bare `ClaimAtom` makes the claim an
 * alias (an equivalence with the atom). A top-level quantifier is grounded over its
 * finite domain (groundQuantifier.ts). The formula graph is recorded alongside.
 */
import type { Formula, Knowledge } from '../runtime/gaiaObjects.ts';
import { atomRepr } from '../runtime/logicFormulas.ts';
import type { PredicateAtom } from '../runtime/logicFormulas.ts';
import { PyFloat, compareCodePoints, numberOf, pythonJsonDumps } from '../text/pythonJson.ts';
import type { JsonValue } from '../text/pythonJson.ts';
import { sha256Hex } from '../text/sha256Hex.ts';
import type { Bindings } from './formulaDescriptors.ts';
import { atomDescriptor, bindingParameters, formulaBindings, formulaNodeId, isBindingConjunction } from './formulaDescriptors.ts';
import { CONNECTIVE_OPERATOR, buildFormulaGraph, connectiveChildren, isConnective } from './formulaGraph.ts';
import { generatedClaim } from './generatedClaim.ts';
import { groundQuantifier } from './groundQuantifier.ts';
import { contentHash, operatorId, qid } from './irIds.ts';
import type { IrFormulaGraph, IrKnowledge, IrOperator, IrParameter, IrStrategy, JsonDict } from './irTypes.ts';
import { jsonDict } from './irTypes.ts';

export { buildFormulaGraph } from './formulaGraph.ts';

/** Where the formula lowers: its claim's id, the package, and how claims are named. */
export interface FormulaScope {
  readonly namespace: string;
  readonly packageName: string;
  readonly qidOf: (k: Knowledge) => string;
}

/** What lowering one formula into one target claim gives. */
export interface TargetLowering {
  readonly knowledges: IrKnowledge[];
  readonly operators: IrOperator[];
  /** Metadata to merge into the target claim. */
  readonly metadata: JsonDict | null;
  /** Parameters the target claim gains (its bindings). */
  readonly parameters: IrParameter[];
}

export interface FormulaLowering {
  readonly knowledges: IrKnowledge[];
  readonly operators: IrOperator[];
  readonly strategies: IrStrategy[];
  /** Metadata to merge into the claim the formula belongs to. */
  readonly claimMetadata: JsonDict | null;
  /** Parameters that claim gains. */
  readonly claimParameters: IrParameter[];
  readonly graph: IrFormulaGraph;
}

/** A formula Gaia refuses while lowering it, with Gaia's words. */
export class FormulaLoweringError extends Error {}

/** Python's re.sub(r"[^A-Za-z0-9_]+", "_", ...) cleanup of a role into a label part. */
export function safeLabel(value: string): string {
  let n =
    value
      .trim()
      .replace(/[^A-Za-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'x';
  if (!/^[A-Za-z_]/.test(n)) n = `_${n}`;
  return n;
}

const compact = (v: JsonValue) => pythonJsonDumps(v, { sortKeys: true, ensureAscii: false, separators: [',', ':'] });

/** Lowers `formula` as the meaning of the claim `claimId` (whose text is `content`). */
export function lowerClaimFormula(formula: Formula, claimId: string, content: string, scope: FormulaScope): FormulaLowering {
  const graph = buildFormulaGraph(formula, claimId, scope.qidOf);
  if (formula.f === 'forall' || formula.f === 'exists') {
    const grounded = groundQuantifier(formula, claimId, content, scope);
    return { ...grounded, claimMetadata: null, claimParameters: [], graph };
  }
  const t = lowerToTarget(formula, claimId, scope, null);
  return { knowledges: t.knowledges, operators: t.operators, strategies: [], claimMetadata: t.metadata, claimParameters: t.parameters, graph };
}

/** Gaia's `_lower_formula_to_claim`: the formula's truth becomes the target claim's. */
export function lowerToTarget(formula: Formula, target: string, scope: FormulaScope, bindings: Bindings | null): TargetLowering {
  if (formula.f === 'atom') return aliasLowering(scope.qidOf(formula.claim), target, scope);
  if (formula.f === 'predicate' || formula.f === 'compare') {
    const metadata = jsonDict({ formula_lowering: 'atom', formula_atom: atomDescriptor(formula, bindings) });
    const fb = formulaBindings(formula, bindings);
    if (fb.length > 0) metadata['formula_bindings'] = fb;
    return { knowledges: [], operators: [], metadata, parameters: bindingParameters(formula, bindings) };
  }
  if (!isConnective(formula)) throw new FormulaLoweringError(`Unsupported formula lowering: ${formula.f === 'forall' ? 'Forall' : 'Exists'}`);
  if (isBindingConjunction(formula)) {
    return {
      knowledges: [],
      operators: [],
      metadata: jsonDict({ formula_lowering: 'binding_conjunction', formula_bindings: formulaBindings(formula, bindings) }),
      parameters: bindingParameters(formula, bindings),
    };
  }
  const state = new ConnectiveLowering(target, scope, bindings);
  state.lower(formula, target);
  const fb = formulaBindings(formula, bindings);
  return { knowledges: state.knowledges, operators: state.operators, metadata: fb.length > 0 ? jsonDict({ formula_bindings: fb }) : null, parameters: bindingParameters(formula, bindings) };
}

/** Gaia's `_FormulaState`: connectives become operators, with generated claims for inner results and atoms. */
class ConnectiveLowering {
  readonly knowledges: IrKnowledge[] = [];
  readonly operators: IrOperator[] = [];
  private readonly made = new Map<string, string>();

  constructor(
    private readonly source: string,
    private readonly scope: FormulaScope,
    private readonly bindings: Bindings | null,
  ) {}

  lower(f: Formula, target: string | null): string {
    if (f.f === 'atom') return this.scope.qidOf(f.claim);
    if (f.f === 'predicate' || f.f === 'compare') return this.atomClaim(f);
    if (!isConnective(f)) throw new FormulaLoweringError(`Unsupported formula lowering: ${f.f === 'forall' ? 'Forall' : 'Exists'}`);
    const operator = CONNECTIVE_OPERATOR[f.f];
    const childIds = connectiveChildren(f).map((c) => this.lower(c, null));
    const conclusion = target ?? this.helperClaim(operator, childIds);
    this.operators.push({ operator_id: operatorId(operator, childIds, conclusion), scope: 'local', operator, variables: childIds, conclusion, metadata: jsonDict({ formula_lowering: 'connective' }) });
    return conclusion;
  }

  /** `__{role}_{hash}`, once per role and key within this formula. */
  private generated(role: string, key: string): { id: string; label: string; created: boolean } {
    const cacheKey = `${role}\u0000${key}`;
    const known = this.made.get(cacheKey);
    const { namespace, packageName } = this.scope;
    if (known) return { id: known, label: known.slice(known.lastIndexOf('::') + 2), created: false };
    const label = `__${safeLabel(role)}_` + sha256Hex([namespace, packageName, this.source, role, key].join('|')).slice(0, 8);
    const id = qid(namespace, packageName, label);
    this.made.set(cacheKey, id);
    return { id, label, created: true };
  }

  private atomClaim(a: PredicateAtom): string {
    const descriptor = atomDescriptor(a, this.bindings);
    const nodeId = formulaNodeId(descriptor);
    const { id, label, created } = this.generated('formula_atom', nodeId);
    if (!created) return id;
    const metadata = jsonDict({
      generated: true,
      generated_kind: 'formula_atom',
      formula_lowering: 'atom',
      formula_atom: descriptor,
      formula_node_id: nodeId,
      source_claim: this.source,
      review: false,
    });
    const fb = formulaBindings(a, this.bindings);
    if (fb.length > 0) metadata['formula_bindings'] = fb;
    this.knowledges.push(generatedClaim(id, label, atomRepr(a), metadata));
    return id;
  }

  private helperClaim(operator: string, childIds: readonly string[]): string {
    const role = `${operator}_result`;
    const { id, label, created } = this.generated(role, compact({ operator, children: [...childIds] }));
    if (!created) return id;
    const metadata = jsonDict({ generated: true, generated_kind: 'formula_helper', helper_kind: role, formula_lowering: 'connective_helper', source_claim: this.source, review: false });
    this.knowledges.push(generatedClaim(id, label, `${operator}(${childIds.join(', ')})`, metadata));
    return id;
  }
}

/** Gaia's `_equivalence_result`: a generated claim concluding `left ≡ right`. */
export function equivalenceResult(left: string, right: string, formulaLowering: string, extra: JsonDict, scope: FormulaScope): { knowledge: IrKnowledge; operator: IrOperator } {
  const parts = [left, right, formulaLowering].sort(compareCodePoints);
  const label = '__formula_equivalence_' + sha256Hex(parts.join('|')).slice(0, 8);
  const id = qid(scope.namespace, scope.packageName, label);
  const knowledge = generatedClaim(
    id,
    label,
    `equivalence(${left}, ${right})`,
    jsonDict({ generated: true, generated_kind: 'formula_helper', helper_kind: 'equivalence_result', formula_lowering: formulaLowering, review: false, ...extra }),
  );
  const operator: IrOperator = {
    operator_id: operatorId('equivalence', [left, right], id),
    scope: 'local',
    operator: 'equivalence',
    variables: [left, right],
    conclusion: id,
    metadata: jsonDict({ formula_lowering: formulaLowering, ...extra }),
  };
  return { knowledge, operator };
}

/** `formula=ClaimAtom(a)`: the target stands for `a`, through a generated equivalence. */
function aliasLowering(referenced: string, target: string, scope: FormulaScope): TargetLowering {
  const metadata = jsonDict({ formula_lowering: 'atom', formula_atom: { kind: 'claim', qid: referenced }, formula_alias: { qid: referenced } });
  if (referenced === target) return { knowledges: [], operators: [], metadata, parameters: [] };
  const { knowledge, operator } = equivalenceResult(referenced, target, 'claim_atom_alias', jsonDict({ source_claim: target, referenced_claim: referenced }), scope);
  return { knowledges: [knowledge], operators: [operator], metadata, parameters: [] };
}

function sameJson(a: JsonValue, b: JsonValue): boolean {
  const num = (v: JsonValue) => (typeof v === 'number' || v instanceof PyFloat ? numberOf(v) : typeof v === 'boolean' ? Number(v) : null);
  const x = num(a);
  const y = num(b);
  if (x !== null && y !== null) return x === y;
  return compact(a) === compact(b);
}

/**
 * Adds a formula's bindings to a claim's parameters, as Gaia merges them: a name already
 * there must have the same type and value, else Gaia refuses the package.
 */
export function mergeBindingParameters(k: IrKnowledge, added: readonly IrParameter[]): void {
  let changed = false;
  for (const p of added) {
    const existing = k.parameters.find((e) => e.name === p.name);
    if (!existing) {
      k.parameters.push(p);
      changed = true;
    } else if (existing.type !== p.type || !sameJson(existing.value, p.value)) {
      throw new FormulaLoweringError(`formula binding for parameter '${p.name}' conflicts with existing parameter on ${k.id}`);
    }
  }
  if (changed) k.content_hash = contentHash(k.type, k.format, k.content, k.parameters);
}
