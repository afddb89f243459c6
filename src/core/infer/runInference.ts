/**
 * Gaia IR in, posterior beliefs out: lower the IR to a factor graph as Gaia does, run
 * the chosen engine, and report in Gaia's beliefs.json shape — every claim variable that
 * is a knowledge of the IR (helpers included), sorted by knowledge_id, with its label.
 * Bad input never throws: it comes back as problems with no beliefs.
 */
import { AUTO_TREEWIDTH_VARIABLE_LIMIT, runEngine } from './chooseEngine.ts';
import type { EngineRun } from './chooseEngine.ts';
import { compileGraph } from './compiledGraph.ts';
import type { CompiledGraph } from './compiledGraph.ts';
import { factorJointTables } from './factorJointTables.ts';
import { InferenceError } from './inferenceProblem.ts';
import type { InferenceProblem } from './inferenceProblem.ts';
import type { BeliefEntry, EngineName, InferenceDiagnostics, InferenceOptions, InferenceResult } from './inferenceResult.ts';
import type { GaiaIr } from './irInput.ts';
import { lowerJoint } from './jointGraph.ts';
import { lowerIr } from './lowerIr.ts';
import { pushAll } from '../largeArrays.ts';

export function runInference(ir: GaiaIr, options: InferenceOptions = {}): InferenceResult {
  const method = options.method ?? 'auto';
  const problems: InferenceProblem[] = [];
  let graph: CompiledGraph | null = null;
  try {
    const lowered = options.dependencies?.length ? lowerJoint(ir, options.dependencies) : lowerIr(ir);
    pushAll(problems, lowered.warnings);
    graph = compileGraph(lowered.graph);
    const run = runEngine(graph, method, options);
    if (method === 'auto' && run.method === 'mean_field') {
      problems.push({
        severity: 'warning',
        code: 'mean-field-fallback',
        message: `${graph.n} variables, more than ${AUTO_TREEWIDTH_VARIABLE_LIMIT}: auto ran mean field, whose beliefs are approximate (--method trw_bp is closer, and slower)`,
      });
    }
    return {
      beliefs: beliefEntries(ir, graph, run.beliefs),
      diagnostics: diagnosticsOf(graph, run, options.fullDiagnostics === true),
      problems,
      ...(ir.ir_hash !== undefined && { ir_hash: ir.ir_hash }),
    };
  } catch (error) {
    if (!(error instanceof InferenceError)) throw error;
    problems.push({ severity: 'error', code: error.code, message: error.message, ...(error.subjects.length > 0 && { subjects: error.subjects }) });
    return {
      beliefs: [],
      diagnostics: {
        method: method === 'auto' || method === 'junction_tree' ? 'jt' : method,
        converged: false,
        iterations_run: 0,
        max_change_at_stop: 0,
        rho: 1,
        treewidth: null,
      },
      problems,
      ...(ir.ir_hash !== undefined && { ir_hash: ir.ir_hash }),
    };
  }
}

/** Posteriors by knowledge id: what the page colours nodes with. */
export function posteriorsById(result: InferenceResult): Map<string, number> {
  return new Map(result.beliefs.map((b) => [b.knowledge_id, b.belief]));
}

function beliefEntries(ir: GaiaIr, graph: CompiledGraph, beliefs: Float64Array): BeliefEntry[] {
  const labels = new Map<string, string | null>();
  for (const k of ir.knowledges) labels.set(k.id, k.label ?? null);
  const entries: BeliefEntry[] = [];
  graph.ids.forEach((id, v) => {
    const label = labels.get(id);
    if (label !== undefined) entries.push({ knowledge_id: id, label, belief: beliefs[v]! });
  });
  return entries.sort((a, b) => (a.knowledge_id < b.knowledge_id ? -1 : a.knowledge_id > b.knowledge_id ? 1 : 0));
}

function diagnosticsOf(graph: CompiledGraph, run: EngineRun, full: boolean): InferenceDiagnostics {
  const base = {
    method: run.method,
    converged: run.converged,
    iterations_run: run.iterations,
    max_change_at_stop: run.maxChange,
    rho: run.rho,
    treewidth: run.treewidth,
  };
  if (!full) return base;
  const sortedIds = graph.ids.map((id, v) => [id, v] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const history = run.bp && run.bp.history.length > 0 ? run.bp.history : run.history && run.history.length > 0 ? run.history : [run.beliefs];
  const beliefHistory: Record<string, number[]> = {};
  const directionChanges: Record<string, number> = {};
  for (const [id, v] of sortedIds) {
    const track = history.map((sweep) => sweep[v]!);
    beliefHistory[id] = track;
    // Gaia counts reversals for its BP engines (the legacy loopy BP's included), not for mean field.
    if ((run.bp && run.bp.history.length > 0) || (run.method === 'loopy_bp' && history.length > 1)) directionChanges[id] = reversals(track);
  }
  const bpEngine: EngineName | null = run.bp ? run.method : null;
  return {
    ...base,
    belief_history: beliefHistory,
    direction_changes: directionChanges,
    factor_joint_tables: run.bp ? factorJointTables(graph, run.bp, bpEngine === 'trw_bp') : [],
  };
}

/** How many times consecutive changes of a belief have opposite signs. */
function reversals(track: readonly number[]): number {
  let count = 0;
  for (let k = 2; k < track.length; k++) {
    if ((track[k - 1]! - track[k - 2]!) * (track[k]! - track[k - 1]!) < 0) count++;
  }
  return count;
}
