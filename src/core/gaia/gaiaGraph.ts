/**
 * Lowers a Gaia package to the ReasoningGraph for the factor-graph view: every knowledge
 * object the module made is a node (claims; notes and questions as context nodes;
 * generated helper claims flagged `helper`), and every reasoning step is a `factor` node
 * joined to its claims — actions, legacy strategies and operators, formula claims, and
 * the scaffolds (depends_on, candidate_relation: not in the IR, so no `qid`). Node ids
 * are the QID's label part (`medium_model`, `_anon_000`); factors are `@` + the action
 * label or IR id. A factor's warrant helper hangs on it by a `background` edge: like a
 * note, it is attached but takes no part in inference. Ranges are the statements that
 * wrote each object, for selection sync.
 */
import type { EdgeKind, GraphEdge, GraphFactor, GraphNode, NodeKind, ReasoningGraph } from '../graph/reasoningGraph.ts';
import { edgeId, nodeId } from '../graph/reasoningGraph.ts';
import type { CompiledPackage } from './ir/compilePackage.ts';
import { normalizeLabel, pad3 } from './ir/irIds.ts';
import type { IrKnowledge } from './ir/irTypes.ts';
import type { Action, Knowledge, Origin } from './runtime/gaiaObjects.ts';
import type { PackageRun } from './runtime/runPackage.ts';
import { PyFloat } from './text/pythonJson.ts';
import { formulaAtoms } from './runtime/verbs/formulaAtoms.ts';
import { slotProbability } from './ir/claimProbability.ts';

/** The node id of a knowledge object: the label part of its QID. */
export function knowledgeNodeId(qid: string): string {
  return qid.slice(qid.lastIndexOf('::') + 2);
}

function priorOf(k: IrKnowledge | undefined): { value: number | null; source: string | null } {
  const m = k?.metadata;
  const p = m?.['prior'];
  const value = typeof p === 'number' ? p : p instanceof PyFloat ? p.value : null;
  // A prior of inf or nan (metadata={"prior": 1e999}) is a prior-range error, not a number to show.
  if (value === null || !Number.isFinite(value)) return { value: null, source: null };
  const source = m?.['prior_source_id'];
  if (typeof source === 'string') return { value, source };
  return { value, source: m?.['supported_by'] !== undefined ? 'observed' : 'metadata' };
}

function isHelper(k: Knowledge): boolean {
  return k.type === 'claim' && (!k.options.claimClass || k.metadata['generated'] === true);
}

export function gaiaGraph(run: PackageRun, compiled: CompiledPackage): ReasoningGraph {
  const ir = new Map(compiled.ir.knowledges.map((k) => [k.id, k]));
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const edgeIds = new Set<string>();
  // Another package's node is drawn under its IR label (`lenses__sharp`): its bare label may be one of ours.
  const foreignIds = new Map(compiled.foreign.map((k) => [k, ir.get(compiled.knowledgeIds.get(k)!)?.label ?? knowledgeNodeId(compiled.knowledgeIds.get(k)!)]));
  const idOf = (k: Knowledge): string => foreignIds.get(k) ?? knowledgeNodeId(compiled.knowledgeIds.get(k)!);

  for (const k of [...run.pkg.knowledge, ...compiled.foreign]) {
    const qid = compiled.knowledgeIds.get(k);
    // Registered but not compiled (a composite's validity helper): not drawn either.
    if (qid === undefined) continue;
    const irk = ir.get(qid);
    const prior = priorOf(irk);
    const helper = isHelper(k);
    const kind: NodeKind = k.type === 'claim' ? (helper ? 'helper' : 'claim') : k.type;
    nodes.push({
      id: nodeId(idOf(k)),
      kind,
      content: k.content,
      confidence: prior.value,
      level: null,
      source: prior.source ? { type: prior.source, reference: null } : null,
      invalidations: [],
      range: k.origin.statement,
      ...(k.origin.file ? { file: k.origin.file } : {}),
      broken: false,
      qid,
      priorSource: prior.source,
      helper,
    });
  }

  const usedFactorIds = new Set<string>();
  const factor = (base: string, origin: Origin, qid: string | null, info: GraphFactor, content: string): string => {
    let id = `@${base}`;
    for (let n = 2; usedFactorIds.has(id); n++) id = `@${base}#${n}`;
    usedFactorIds.add(id);
    nodes.push({
      id: nodeId(id),
      kind: 'factor',
      content,
      confidence: null,
      level: null,
      source: null,
      invalidations: [],
      range: origin.statement,
      ...(origin.file ? { file: origin.file } : {}),
      broken: false,
      ...(qid ? { qid } : {}),
      factor: info,
    });
    return id;
  };
  const edge = (from: string, to: string, kind: EdgeKind): void => {
    const id = edgeId(from, to);
    if (edgeIds.has(id) || from === to) return;
    edgeIds.add(id);
    edges.push({ id, from: nodeId(from), to: nodeId(to), kind, tentative: false });
  };
  const into = (ks: readonly Knowledge[], f: string, kind: EdgeKind): void => ks.forEach((k) => edge(idOf(k), f, kind));
  const out = (f: string, k: Knowledge): void => edge(f, idOf(k), 'conclusion');

  const actions = run.pkg.actions;
  for (const a of actions) {
    // A composition groups actions drawn on their own; it adds no step to the graph.
    if (a.kind === 'compose') continue;
    const label = a.label ?? `_anon_action_${pad3(actions.indexOf(a))}`;
    const target = compiled.actionTargets.get(a);
    // A scaffold's rationale may be any value written; only text describes the step.
    const rationale = typeof a.rationale === 'string' ? a.rationale : '';
    const f = factor(
      normalizeLabel(label),
      a.origin,
      target?.startsWith('lc') ? target : null,
      {
        verb: a.origin.verb,
        label: a.label,
        rationale: rationale || null,
        warrant: a.warrants[0] ? idOf(a.warrants[0]) : null,
        parameters: actionParameters(a),
      },
      rationale || a.kind,
    );
    into(a.background, f, 'background');
    into(a.warrants, f, 'background');
    lowerActionEdges(a, f, into, out);
  }
  for (const s of run.pkg.strategies) {
    const target = compiledStrategyId(compiled, s.origin);
    const reason = typeof s.reason === 'string' ? s.reason : s.reason.map((r) => (typeof r === 'string' ? r : r.reasoning)).join('\n\n');
    const prior = s.metadata['prior'];
    const f = factor(
      target ?? `${s.verb}_${s.uid}`,
      s.origin,
      target,
      { verb: s.verb, label: null, rationale: reason || null, warrant: null, parameters: typeof prior === 'number' && Number.isFinite(prior) ? { prior } : {} },
      reason || s.verb,
    );
    into(s.premises, f, 'premise');
    into(s.background, f, 'background');
    out(f, s.conclusion);
  }
  for (const o of run.pkg.operators) {
    const target = [...compiled.origins].find(([id, origin]) => id.startsWith('lco_') && origin === o.origin)?.[0] ?? null;
    const f = factor(target ?? `${o.verb}_${o.uid}`, o.origin, target, { verb: o.verb, label: null, rationale: o.reason || null, warrant: null, parameters: {} }, o.reason || o.verb);
    into(o.variables, f, 'relation');
    out(f, o.conclusion);
  }
  for (const k of run.pkg.knowledge) {
    if (!k.formula) continue;
    const f = factor(`formula:${idOf(k)}`, k.origin, null, { verb: 'formula', label: null, rationale: null, warrant: null, parameters: {} }, 'formula');
    into([...new Set(formulaAtoms(k.formula))], f, 'premise');
    out(f, k);
  }
  return { language: 'gaia', nodes, edges };
}

/** The numbers an action carries, for the inspector. */
function actionParameters(a: Action): Record<string, number> {
  if (a.kind === 'infer') {
    // A likelihood given as a claim shows the number Gaia reads from it, when it gives one.
    const numbers: Record<string, number> = {};
    const pH = slotProbability(a.pEGivenH);
    const pNotH = slotProbability(a.pEGivenNotH);
    if (pH) numbers['p_e_given_h'] = pH.value;
    if (pNotH) numbers['p_e_given_not_h'] = pNotH.value;
    return finiteOnly(numbers);
  }
  if (a.kind === 'associate') return finiteOnly({ p_a_given_b: a.pAGivenB.value, p_b_given_a: a.pBGivenA.value });
  return {};
}

/**
 * The parameters a view can show: Python's `1e999` is `inf`, which no view or JSON can
 * hold, so it is left out (its probability-range error says why).
 */
function finiteOnly(parameters: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(parameters)) if (Number.isFinite(value)) out[name] = value;
  return out;
}

function compiledStrategyId(compiled: CompiledPackage, origin: Origin): string | null {
  for (const [id, o] of compiled.origins) if (o === origin && id.startsWith('lcs_')) return id;
  return null;
}

function lowerActionEdges(a: Action, f: string, into: (ks: readonly Knowledge[], f: string, kind: EdgeKind) => void, out: (f: string, k: Knowledge) => void): void {
  switch (a.kind) {
    case 'derive':
    case 'observe':
    case 'compute':
    case 'depends_on':
      into(a.given, f, 'premise');
      out(f, a.conclusion);
      return;
    case 'infer':
      into([a.hypothesis, ...a.given], f, 'premise');
      out(f, a.evidence);
      return;
    case 'associate':
    case 'equal':
    case 'contradict':
    case 'exclusive':
      into([a.a, a.b], f, 'relation');
      out(f, a.helper);
      return;
    case 'decompose':
      into(a.parts, f, 'premise');
      out(f, a.whole);
      return;
    case 'candidate_relation':
      into(a.claims, f, 'relation');
      return;
  }
}
