/**
 * The two JSON forms of the IR. `ir.json` is pydantic's `model_dump(exclude_none=True)`
 * (absent fields dropped); the `ir_hash` input is `model_dump()` with every field, lists
 * put in canonical order, and presentational fields (title, declaration_index, exported)
 * left out — all serialised as Python's `json.dumps(sort_keys=True, ensure_ascii=False)`.
 */
import type { JsonObject, JsonValue } from '../text/pythonJson.ts';
import { compareCodePoints, PyFloat, pythonJsonDumps, sortByCodePoint } from '../text/pythonJson.ts';
import { sha256Hex } from '../text/sha256Hex.ts';
import { SYMMETRIC_OPERATORS, sortedStrings } from './irIds.ts';
import type { IrCompose, IrFormulaGraph, IrGraph, IrKnowledge, IrOperator, IrStep, IrStrategy } from './irTypes.ts';

/** Drops `null` fields, as `exclude_none` does for model fields (not for metadata contents). */
function withoutNulls(fields: Readonly<Record<string, JsonValue | undefined>>): JsonObject {
  const out: Record<string, JsonValue> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== null && v !== undefined) out[k] = v;
  return out;
}

function stepJson(s: IrStep, full: boolean): JsonObject {
  const fields = { reasoning: s.reasoning, premises: s.premises ? [...s.premises] : null };
  return full ? fields : withoutNulls(fields);
}

function operatorFields(o: IrOperator): Record<string, JsonValue> {
  return { operator_id: o.operator_id, scope: o.scope, operator: o.operator, variables: [...o.variables], conclusion: o.conclusion, metadata: o.metadata };
}

function knowledgeFields(k: IrKnowledge, full: boolean): Record<string, JsonValue> {
  return {
    id: k.id,
    label: k.label,
    title: k.title,
    type: k.type,
    format: k.format,
    content: k.content,
    content_hash: k.content_hash,
    parameters: k.parameters.map((p) => (full ? { name: p.name, type: p.type, value: p.value } : withoutNulls({ name: p.name, type: p.type, value: p.value }))),
    metadata: k.metadata,
    template_name: null,
    template_version: null,
    sub_knowledge: null,
    conclusion: null,
    provenance: k.provenance ? k.provenance.map((p) => ({ package_id: p.package_id, version: p.version })) : null,
    module: k.module ?? null,
    declaration_index: k.declaration_index,
    exported: k.exported,
  };
}

function strategyFields(s: IrStrategy, full: boolean): Record<string, JsonValue> {
  const fields: Record<string, JsonValue> = {
    strategy_id: s.strategy_id,
    scope: s.scope,
    type: s.type,
    premises: [...s.premises],
    conclusion: s.conclusion,
    background: s.background ? [...s.background] : null,
    steps: s.steps ? s.steps.map((st) => stepJson(st, full)) : null,
    conditional_probabilities: s.conditional_probabilities ? [...s.conditional_probabilities] : null,
    p_a_given_b: s.p_a_given_b,
    p_b_given_a: s.p_b_given_a,
    metadata: s.metadata,
  };
  if (s.sub_strategies) fields['sub_strategies'] = [...s.sub_strategies];
  if (s.formal_expr) fields['formal_expr'] = { operators: s.formal_expr.operators.map((o) => (full ? operatorFields(o) : withoutNulls(operatorFields(o)))) };
  return fields;
}

function formulaGraphFields(g: IrFormulaGraph, full: boolean): Record<string, JsonValue> {
  return {
    source_claim: g.source_claim,
    root: g.root,
    nodes: g.nodes.map((n) => ({ id: n.id, kind: n.kind, descriptor: n.descriptor })),
    edges: g.edges.map((e) => (full ? { source: e.source, target: e.target, role: e.role, index: e.index } : withoutNulls({ source: e.source, target: e.target, role: e.role, index: e.index }))),
  };
}

function composeFields(c: IrCompose): Record<string, JsonValue> {
  return {
    compose_id: c.compose_id,
    name: c.name,
    version: c.version,
    inputs: [...c.inputs],
    background: [...c.background],
    actions: [...c.actions],
    warrants: [...c.warrants],
    conclusion: c.conclusion,
    metadata: c.metadata,
  };
}

/** The graph as `ir.json` holds it; without `ir_hash` when `withHash` is false (it is costly). */
export function irGraphJson(g: IrGraph, withHash = true): JsonObject {
  return {
    namespace: g.namespace,
    package_name: g.package_name,
    scope: g.scope,
    ...(withHash ? { ir_hash: g.ir_hash } : {}),
    knowledges: g.knowledges.map((k) => withoutNulls(knowledgeFields(k, false))),
    operators: g.operators.map((o) => withoutNulls(operatorFields(o))),
    strategies: g.strategies.map((s) => withoutNulls(strategyFields(s, false))),
    composes: g.composes.map((c) => withoutNulls(composeFields(c))),
    formula_graphs: g.formula_graphs.map((f) => formulaGraphFields(f, false)),
    ...(g.module_order && g.module_order.length > 0 ? { module_order: [...g.module_order] } : {}),
    ...(g.module_titles && Object.keys(g.module_titles).length > 0 ? { module_titles: { ...g.module_titles } } : {}),
  };
}

/** `ir.json`'s bytes: indent 2, keys sorted, no trailing newline. */
export function irJsonText(g: IrGraph): string {
  return pythonJsonDumps(irGraphJson(g), { indent: 2, sortKeys: true, ensureAscii: false });
}

const dump = (v: JsonValue): string => pythonJsonDumps(v, { sortKeys: true, ensureAscii: false });

/**
 * A list as Gaia's canonical JSON holds it: elements sorted by their own canonical
 * dumps. Returns the list's dump directly — each element is dumped once, as both its
 * sort key and its text (the dump of a sorted list is its sorted dumps joined).
 */
function canonicalList(items: readonly JsonValue[]): string {
  const dumps = sortByCodePoint(items.map(dump));
  return `[${dumps.join(', ')}]`;
}

function canonicalSort(items: JsonValue[]): JsonValue[] {
  return items
    .map((v) => ({ v, k: dump(v) }))
    .sort((a, b) => compareCodePoints(a.k, b.k))
    .map((x) => x.v);
}

function canonicalOperator(o: Record<string, JsonValue>): Record<string, JsonValue> {
  const vars = o['variables'] as string[];
  return SYMMETRIC_OPERATORS.has(o['operator'] as string) ? { ...o, variables: sortedStrings(vars) } : o;
}

/** Gaia's `ir_hash`: sha256 of the canonical JSON of the graph's contents. */
export function computeIrHash(
  knowledges: readonly IrKnowledge[],
  operators: readonly IrOperator[],
  strategies: readonly IrStrategy[],
  formulaGraphs: readonly IrFormulaGraph[],
  composes: readonly IrCompose[] = [],
): string {
  const ks = knowledges.map((k) => {
    const f = knowledgeFields(k, true);
    delete f['title'];
    delete f['module'];
    delete f['declaration_index'];
    delete f['exported'];
    f['parameters'] = canonicalSort(f['parameters'] as JsonValue[]);
    if (f['provenance'] !== null) f['provenance'] = canonicalSort(f['provenance'] as JsonValue[]);
    return f;
  });
  const os = operators.map((o) => canonicalOperator(operatorFields(o)));
  const ss = strategies.map((s) => {
    const f = strategyFields(s, true);
    f['premises'] = sortedStrings(s.premises);
    if (s.background) f['background'] = sortedStrings(s.background);
    if (s.sub_strategies) f['sub_strategies'] = sortedStrings(s.sub_strategies);
    if (s.formal_expr) {
      f['formal_expr'] = { operators: canonicalSort(s.formal_expr.operators.map((o) => canonicalOperator(operatorFields(o)))) };
    }
    return f;
  });
  const fgs = formulaGraphs.map((g) => {
    const f = formulaGraphFields(g, true);
    f['nodes'] = canonicalSort(f['nodes'] as JsonValue[]);
    f['edges'] = canonicalSort(f['edges'] as JsonValue[]);
    return f;
  });
  // A composition's actions keep their order; the other lists are sets.
  const cs = composes.map((c) => ({ ...composeFields(c), inputs: sortedStrings(c.inputs), background: sortedStrings(c.background), warrants: sortedStrings(c.warrants) }));
  // json.dumps(data, sort_keys=True): the five lists in key order.
  const text = `{"composes": ${canonicalList(cs)}, "formula_graphs": ${canonicalList(fgs)}, "knowledges": ${canonicalList(ks)}, "operators": ${canonicalList(os)}, "strategies": ${canonicalList(ss)}}`;
  return 'sha256:' + sha256Hex(text);
}

/** A JSON value with Python floats read back as plain numbers. */
export function plainJson(v: JsonValue): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof PyFloat) return v.value;
  if (Array.isArray(v)) return v.map(plainJson);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v as JsonObject)) out[k] = plainJson(x);
  return out;
}
