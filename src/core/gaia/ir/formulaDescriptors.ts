/**
 * The canonical JSON descriptors Gaia gives formula atoms and terms: what a generated
 * atom claim records as `formula_atom`, what its `fg:` node id hashes, and the bindings
 * (`formula_bindings`, IR parameters) a quantifier's member or an `x = constant` fixes.
 */
import type { Formula, Knowledge } from '../runtime/gaiaObjects.ts';
import { COMPARISONS } from '../runtime/logicFormulas.ts';
import type { PredicateAtom } from '../runtime/logicFormulas.ts';
import type { LogicScalar, LogicVariable, Term } from '../runtime/logicTerms.ts';
import { scalarJson, sortName } from '../runtime/logicTerms.ts';
import type { JsonValue } from '../text/pythonJson.ts';
import { pythonJsonDumps } from '../text/pythonJson.ts';
import { sha256Hex } from '../text/sha256Hex.ts';
import type { IrParameter, JsonDict } from './irTypes.ts';
import { jsonDict } from './irTypes.ts';

/** A variable fixed to a value: by a quantifier grounding one member, or by an equality in the formula. */
export interface Binding {
  readonly symbol: string;
  readonly domain: string;
  readonly value: LogicScalar;
  readonly source: 'forall' | 'exists' | 'formula';
}

/** The quantifier's binding while its body is lowered for one member (Gaia keys it by the variable object). */
export type Bindings = ReadonlyMap<LogicVariable, Binding>;

export function bindingJson(b: Binding): JsonDict {
  return jsonDict({ symbol: b.symbol, domain: b.domain, value: scalarJson(b.value), source: b.source });
}

/** Gaia's `formula_node_id`: sha256 of the sorted, compact JSON, first 16 hex digits. */
export function formulaNodeId(descriptor: JsonDict): string {
  return 'fg:' + sha256Hex(pythonJsonDumps(descriptor, { sortKeys: true, ensureAscii: false, separators: [',', ':'] })).slice(0, 16);
}

export function termDescriptor(t: Term, bindings: Bindings | null): JsonDict {
  switch (t.kind) {
    case 'variable': {
      const d = jsonDict({ kind: 'variable', symbol: t.symbol, domain: sortName(t.domain) });
      const b = bindings?.get(t);
      if (b) {
        d['value'] = scalarJson(b.value);
        d['binding_source'] = b.source;
      } else if (t.value !== null) d['value'] = scalarJson(t.value);
      return d;
    }
    case 'constant':
      return jsonDict({ kind: 'constant', value: scalarJson(t.value), primitive: t.primitive.name });
    case 'function_app':
      return jsonDict({ kind: 'function', symbol: t.symbol.name, args: t.args.map((a) => termDescriptor(a, bindings)), result_domain: sortName(t.symbol.result!) });
    case 'arith':
      return jsonDict({ kind: 'arith', op: t.op, left: termDescriptor(t.left, bindings), right: termDescriptor(t.right, bindings) });
  }
}

export function atomDescriptor(a: PredicateAtom, bindings: Bindings | null): JsonDict {
  if (a.f === 'compare') return jsonDict({ kind: COMPARISONS[a.cls], left: termDescriptor(a.left, bindings), right: termDescriptor(a.right, bindings) });
  return jsonDict({
    kind: 'predicate',
    symbol: { name: a.symbol.name, arg_domains: a.symbol.argDomains.map(sortName) },
    args: a.args.map((x) => termDescriptor(x, bindings)),
  });
}

/** An atom a connective or quantifier does not open: a claim, a predicate, a comparison. */
export function isAtomic(f: Formula): f is Extract<Formula, { f: 'atom' }> | PredicateAtom {
  return f.f === 'atom' || f.f === 'predicate' || f.f === 'compare';
}

export function claimAtomDescriptor(claim: Knowledge, qidOf: (k: Knowledge) => string): JsonDict {
  return jsonDict({ kind: 'claim', qid: qidOf(claim) });
}

/** `x = constant` (either way round) — an equality that binds a variable. */
function equalityBinding(f: Formula): { variable: LogicVariable; value: LogicScalar } | null {
  if (f.f !== 'compare' || f.cls !== 'Equals') return null;
  if (f.left.kind === 'variable' && f.right.kind === 'constant') return { variable: f.left, value: f.right.value };
  if (f.right.kind === 'variable' && f.left.kind === 'constant') return { variable: f.right, value: f.left.value };
  return null;
}

/** The equalities that bind: the formula itself, or those inside (nested) conjunctions. */
function equalityBindings(f: Formula): { variable: LogicVariable; value: LogicScalar }[] {
  const one = equalityBinding(f);
  if (one) return [one];
  if (f.f === 'and') return f.operands.flatMap(equalityBindings);
  return [];
}

/** A conjunction of nothing but binding equalities (Gaia's binding conjunction). */
export function isBindingConjunction(f: Formula): boolean {
  return f.f === 'and' && f.operands.length > 0 && f.operands.every((o) => equalityBinding(o) !== null);
}

/** `formula_bindings`: the quantifier's, then each equality's whose symbol is not yet bound. */
export function formulaBindings(f: Formula, bindings: Bindings | null): JsonDict[] {
  const out = [...(bindings?.values() ?? [])].map(bindingJson);
  for (const { variable, value } of equalityBindings(f)) {
    if (out.some((b) => b['symbol'] === variable.symbol)) continue;
    out.push(bindingJson({ symbol: variable.symbol, domain: sortName(variable.domain), value, source: 'formula' }));
  }
  return out;
}

/** The IR parameters those bindings give, one per name. */
export function bindingParameters(f: Formula, bindings: Bindings | null): IrParameter[] {
  const out: IrParameter[] = [...(bindings?.values() ?? [])].map((b) => ({ name: b.symbol, type: b.domain, value: scalarJson(b.value) }));
  for (const { variable, value } of equalityBindings(f)) {
    if (out.some((p) => p.name === variable.symbol)) continue;
    out.push({ name: variable.symbol, type: sortName(variable.domain), value: scalarJson(value) as JsonValue });
  }
  return out;
}
