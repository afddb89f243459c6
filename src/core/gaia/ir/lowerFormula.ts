/**
 * Lowers a propositional formula attached to a claim (`claim(..., formula=...)`, or the
 * formula helper of a decompose) as Gaia does: the outermost connective concludes the
 * claim itself, inner connectives get helper claims `__{operator}_result_{hash}`, and a
 * bare `ClaimAtom` makes the claim an alias (an equivalence with the atom). A content-
 * addressed formula graph (`fg:` node ids) is recorded alongside.
 */
import type { Formula } from '../runtime/gaiaObjects.ts';
import type { Knowledge } from '../runtime/gaiaObjects.ts';
import { compareCodePoints, pythonJsonDumps } from '../text/pythonJson.ts';
import { sha256Hex } from '../text/sha256Hex.ts';
import { operatorId, qid } from './irIds.ts';
import type { IrFormulaEdge, IrFormulaGraph, IrFormulaNode, IrKnowledge, IrOperator, JsonDict } from './irTypes.ts';
import { jsonDict } from './irTypes.ts';
import { generatedClaim } from './generatedClaim.ts';

export interface FormulaLowering {
  readonly knowledges: IrKnowledge[];
  readonly operators: IrOperator[];
  /** Metadata to merge into the claim the formula belongs to. */
  readonly claimMetadata: JsonDict | null;
  readonly graph: IrFormulaGraph;
}

const OPERATOR: Readonly<Record<Exclude<Formula['f'], 'atom'>, string>> = {
  and: 'conjunction',
  or: 'disjunction',
  not: 'negation',
  implies: 'implication',
  iff: 'equivalence',
};

function children(f: Exclude<Formula, { f: 'atom' }>): readonly Formula[] {
  switch (f.f) {
    case 'and':
    case 'or':
      return f.operands;
    case 'not':
      return [f.operand];
    case 'implies':
      return [f.antecedent, f.consequent];
    case 'iff':
      return [f.left, f.right];
  }
}

/** Python's re.sub(r"[^A-Za-z0-9_]+", "_", ...) cleanup of a role into a label part. */
function safeLabel(value: string): string {
  let n =
    value
      .trim()
      .replace(/[^A-Za-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'x';
  if (!/^[A-Za-z_]/.test(n)) n = `_${n}`;
  return n;
}

function nodeId(descriptor: JsonDict): string {
  return 'fg:' + sha256Hex(pythonJsonDumps(descriptor, { sortKeys: true, ensureAscii: false, separators: [',', ':'] })).slice(0, 16);
}

export function buildFormulaGraph(formula: Formula, sourceClaim: string, qidOf: (k: Knowledge) => string): IrFormulaGraph {
  const nodes = new Map<string, IrFormulaNode>();
  const edges: IrFormulaEdge[] = [];
  const edgeKeys = new Set<string>();
  const addEdge = (e: IrFormulaEdge): void => {
    const key = JSON.stringify([e.source, e.target, e.role, e.index]);
    if (edgeKeys.has(key)) return;
    edgeKeys.add(key);
    edges.push(e);
  };
  const add = (kind: 'atom' | 'op', descriptor: JsonDict): string => {
    const id = nodeId(descriptor);
    if (!nodes.has(id)) nodes.set(id, { id, kind, descriptor });
    return id;
  };
  const visit = (f: Formula): string => {
    if (f.f === 'atom') return add('atom', jsonDict({ kind: 'claim', qid: qidOf(f.claim) }));
    const ids = children(f).map(visit);
    const operator = OPERATOR[f.f];
    const id = add('op', jsonDict({ kind: 'op', operator, children: ids }));
    if (operator === 'implication') {
      addEdge({ source: id, target: ids[0]!, role: 'antecedent', index: null });
      addEdge({ source: id, target: ids[1]!, role: 'consequent', index: null });
    } else if (operator === 'equivalence') {
      addEdge({ source: id, target: ids[0]!, role: 'left', index: null });
      addEdge({ source: id, target: ids[1]!, role: 'right', index: null });
    } else {
      ids.forEach((c, index) => addEdge({ source: id, target: c, role: 'operand', index }));
    }
    return id;
  };
  const root = visit(formula);
  return { source_claim: sourceClaim, root, nodes: [...nodes.values()], edges };
}

export function lowerClaimFormula(formula: Formula, claimId: string, namespace: string, packageName: string, qidOf: (k: Knowledge) => string): FormulaLowering {
  const graph = buildFormulaGraph(formula, claimId, qidOf);
  if (formula.f === 'atom') return aliasLowering(qidOf(formula.claim), claimId, namespace, packageName, graph);
  const knowledges: IrKnowledge[] = [];
  const operators: IrOperator[] = [];
  const helpers = new Map<string, string>();
  const helperId = (operator: string, childIds: readonly string[]): string => {
    const role = `${operator}_result`;
    const semanticKey = pythonJsonDumps({ operator, children: [...childIds] }, { sortKeys: true, ensureAscii: false, separators: [',', ':'] });
    const cacheKey = `${role}\u0000${semanticKey}`;
    const known = helpers.get(cacheKey);
    if (known) return known;
    const label = `__${safeLabel(role)}_` + sha256Hex([namespace, packageName, claimId, role, semanticKey].join('|')).slice(0, 8);
    const id = qid(namespace, packageName, label);
    helpers.set(cacheKey, id);
    knowledges.push(
      generatedClaim(
        id,
        label,
        `${operator}(${childIds.join(', ')})`,
        jsonDict({
          generated: true,
          generated_kind: 'formula_helper',
          helper_kind: role,
          formula_lowering: 'connective_helper',
          source_claim: claimId,
          review: false,
        }),
      ),
    );
    return id;
  };
  const lower = (f: Formula, target: string | null): string => {
    if (f.f === 'atom') return qidOf(f.claim);
    const operator = OPERATOR[f.f];
    const childIds = children(f).map((c) => lower(c, null));
    const conclusion = target ?? helperId(operator, childIds);
    operators.push({ operator_id: operatorId(operator, childIds, conclusion), scope: 'local', operator, variables: childIds, conclusion, metadata: jsonDict({ formula_lowering: 'connective' }) });
    return conclusion;
  };
  lower(formula, claimId);
  return { knowledges, operators, claimMetadata: null, graph };
}

/** `formula=ClaimAtom(a)`: the claim stands for `a`, through a generated equivalence. */
function aliasLowering(referenced: string, target: string, namespace: string, packageName: string, graph: IrFormulaGraph): FormulaLowering {
  const claimMetadata = jsonDict({
    formula_lowering: 'atom',
    formula_atom: { kind: 'claim', qid: referenced },
    formula_alias: { qid: referenced },
  });
  if (referenced === target) return { knowledges: [], operators: [], claimMetadata, graph };
  const parts = [referenced, target, 'claim_atom_alias'].sort(compareCodePoints);
  const label = '__formula_equivalence_' + sha256Hex(parts.join('|')).slice(0, 8);
  const id = qid(namespace, packageName, label);
  const shared = { source_claim: target, referenced_claim: referenced };
  const helper = generatedClaim(
    id,
    label,
    `equivalence(${referenced}, ${target})`,
    jsonDict({
      generated: true,
      generated_kind: 'formula_helper',
      helper_kind: 'equivalence_result',
      formula_lowering: 'claim_atom_alias',
      review: false,
      ...shared,
    }),
  );
  const operator: IrOperator = {
    operator_id: operatorId('equivalence', [referenced, target], id),
    scope: 'local',
    operator: 'equivalence',
    variables: [referenced, target],
    conclusion: id,
    metadata: jsonDict({ formula_lowering: 'claim_atom_alias', ...shared }),
  };
  return { knowledges: [helper], operators: [operator], claimMetadata, graph };
}
