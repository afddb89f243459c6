/**
 * The content-addressed formula graph Gaia records for each formula claim: one node per
 * distinct connective, quantifier, atom and term (its id hashes its descriptor), edges
 * naming each child's role. A quantifier's variable carries the binder (`b0`, `b1`, …) of
 * the quantifier that binds it, so a shadowed variable gets a node of its own.
 */
import type { Formula, Knowledge } from '../runtime/gaiaObjects.ts';
import type { LogicVariable, Term } from '../runtime/logicTerms.ts';
import { sortName } from '../runtime/logicTerms.ts';
import { atomDescriptor, claimAtomDescriptor, formulaNodeId, termDescriptor } from './formulaDescriptors.ts';
import type { IrFormulaEdge, IrFormulaGraph, IrFormulaNode, JsonDict } from './irTypes.ts';
import { jsonDict } from './irTypes.ts';

export const CONNECTIVE_OPERATOR = {
  and: 'conjunction',
  or: 'disjunction',
  not: 'negation',
  implies: 'implication',
  iff: 'equivalence',
} as const;

export type Connective = Extract<Formula, { f: keyof typeof CONNECTIVE_OPERATOR }>;

export function isConnective(f: Formula): f is Connective {
  return f.f in CONNECTIVE_OPERATOR;
}

export function connectiveChildren(f: Connective): readonly Formula[] {
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

class GraphBuilder {
  readonly nodes = new Map<string, IrFormulaNode>();
  readonly edges: IrFormulaEdge[] = [];
  private readonly edgeKeys = new Set<string>();
  private binderCount = 0;
  private readonly binders = new Map<LogicVariable, string[]>();

  constructor(private readonly qidOf: (k: Knowledge) => string) {}

  private add(kind: IrFormulaNode['kind'], descriptor: JsonDict): string {
    const id = formulaNodeId(descriptor);
    if (!this.nodes.has(id)) this.nodes.set(id, { id, kind, descriptor });
    return id;
  }

  private edge(source: string, target: string, role: string, index: number | null = null): void {
    const key = JSON.stringify([source, target, role, index]);
    if (this.edgeKeys.has(key)) return;
    this.edgeKeys.add(key);
    this.edges.push({ source, target, role, index });
  }

  /** A term's descriptor with binders on bound variables, down through its arguments. */
  private termDescriptor(t: Term): JsonDict {
    const d = termDescriptor(t, null);
    if (t.kind === 'variable') {
      const binder = this.binders.get(t)?.at(-1);
      if (binder !== undefined) d['binder'] = binder;
    } else if (t.kind === 'function_app') d['args'] = t.args.map((a) => this.termDescriptor(a));
    else if (t.kind === 'arith') {
      d['left'] = this.termDescriptor(t.left);
      d['right'] = this.termDescriptor(t.right);
    }
    return d;
  }

  term(t: Term): string {
    const d = this.termDescriptor(t);
    if (t.kind === 'variable') return this.add('variable', d);
    if (t.kind === 'constant') return this.add('constant', d);
    const id = this.add('term', d);
    if (t.kind === 'function_app') t.args.forEach((a, index) => this.edge(id, this.term(a), 'arg', index));
    else {
      this.edge(id, this.term(t.left), 'left');
      this.edge(id, this.term(t.right), 'right');
    }
    return id;
  }

  formula(f: Formula): string {
    if (f.f === 'atom') return this.add('atom', claimAtomDescriptor(f.claim, this.qidOf));
    if (f.f === 'predicate') {
      const d = atomDescriptor(f, null);
      d['args'] = f.args.map((a) => this.termDescriptor(a));
      const id = this.add('atom', d);
      f.args.forEach((a, index) => this.edge(id, this.term(a), 'arg', index));
      return id;
    }
    if (f.f === 'compare') {
      const d = atomDescriptor(f, null);
      d['left'] = this.termDescriptor(f.left);
      d['right'] = this.termDescriptor(f.right);
      const id = this.add('atom', d);
      this.edge(id, this.term(f.left), 'left');
      this.edge(id, this.term(f.right), 'right');
      return id;
    }
    if (!isConnective(f)) {
      const binder = `b${this.binderCount++}`;
      const stack = this.binders.get(f.variable) ?? [];
      stack.push(binder);
      this.binders.set(f.variable, stack);
      const variableId = this.term(f.variable);
      const bodyId = this.formula(f.body);
      stack.pop();
      if (stack.length === 0) this.binders.delete(f.variable);
      const id = this.add(
        'quantifier',
        jsonDict({ kind: 'quantifier', quantifier: f.f, variable: f.variable.symbol, variable_id: variableId, binder, domain: sortName(f.variable.domain), body: bodyId }),
      );
      this.edge(id, variableId, 'bound_variable');
      this.edge(id, bodyId, 'body');
      return id;
    }
    const ids = connectiveChildren(f).map((c) => this.formula(c));
    const operator = CONNECTIVE_OPERATOR[f.f];
    const id = this.add('op', jsonDict({ kind: 'op', operator, children: ids }));
    if (operator === 'implication') {
      this.edge(id, ids[0]!, 'antecedent');
      this.edge(id, ids[1]!, 'consequent');
    } else if (operator === 'equivalence') {
      this.edge(id, ids[0]!, 'left');
      this.edge(id, ids[1]!, 'right');
    } else ids.forEach((c, index) => this.edge(id, c, 'operand', index));
    return id;
  }
}

export function buildFormulaGraph(formula: Formula, sourceClaim: string, qidOf: (k: Knowledge) => string): IrFormulaGraph {
  const b = new GraphBuilder(qidOf);
  const root = b.formula(formula);
  return { source_claim: sourceClaim, root, nodes: [...b.nodes.values()], edges: b.edges };
}
