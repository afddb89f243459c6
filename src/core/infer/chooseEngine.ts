/**
 * Runs one engine on a compiled graph, choosing it first when asked for `auto`. Gaia's
 * rule: over 2000 variables, mean field, without estimating the treewidth; otherwise the
 * junction tree when the min-fill treewidth is at most 20, else TRW-BP.
 */
import type { CompiledGraph } from './compiledGraph.ts';
import { runExactEnumeration } from './exactEnumeration.ts';
import type { EngineName, InferenceMethod, InferenceOptions } from './inferenceResult.ts';
import { runJunctionTree } from './junctionTree.ts';
import { LEGACY_LOOPY_BP_OPTIONS, runLegacyLoopyBp } from './legacyLoopyBp.ts';
import { DEFAULT_BP_OPTIONS, runLoopyBp } from './loopyBp.ts';
import type { LoopyBpRun } from './loopyBp.ts';
import { DEFAULT_MEAN_FIELD_OPTIONS, runMeanField } from './meanField.ts';
import { minFillElimination } from './minFillElimination.ts';

export const JT_MAX_TREEWIDTH = 20;
/** Over this many variables `auto` runs mean field (Gaia's MF_NODE_LIMIT). */
export const AUTO_TREEWIDTH_VARIABLE_LIMIT = 2000;

export interface EngineRun {
  readonly method: EngineName;
  /** P(x_v = 1) by variable index. */
  readonly beliefs: Float64Array;
  readonly converged: boolean;
  readonly iterations: number;
  readonly maxChange: number;
  readonly rho: number;
  readonly treewidth: number | null;
  /** The loopy BP run, for its history and joint tables. */
  readonly bp?: LoopyBpRun;
  /** Mean field's μ, or the legacy loopy BP's beliefs, per sweep (initial first), when recorded. */
  readonly history?: readonly Float64Array[];
}

/** Throws an InferenceError on inconsistent evidence or a graph too big for the engine. */
export function runEngine(graph: CompiledGraph, method: InferenceMethod, options: InferenceOptions): EngineRun {
  const settle = (engine: EngineName, beliefs: Float64Array, treewidth: number | null, iterations: number): EngineRun => ({
    method: engine,
    beliefs,
    converged: true,
    iterations,
    maxChange: 0,
    rho: 1,
    treewidth,
  });

  let elimination = null;
  let engine: EngineName;
  if (method === 'auto') {
    if (graph.n > AUTO_TREEWIDTH_VARIABLE_LIMIT) engine = 'mean_field';
    else {
      elimination = minFillElimination(graph.n, graph.scopeStart, graph.scopeVars);
      engine = elimination.treewidth <= JT_MAX_TREEWIDTH ? 'jt' : 'trw_bp';
    }
  } else engine = method === 'junction_tree' ? 'jt' : method;

  // As Gaia: a graph without factors is its priors, whatever the engine (mean field
  // aside: Gaia runs its sweeps anyway, which give the priors back; and the legacy loopy
  // BP, which never reads the pins).
  if (graph.factors.length === 0 && engine !== 'mean_field' && engine !== 'loopy_bp') {
    const priors = graph.unary1.slice();
    return settle(engine, priors, engine === 'jt' && graph.n > 0 ? 0 : null, 0);
  }
  switch (engine) {
    case 'exact':
      return settle('exact', runExactEnumeration(graph), null, 0);
    case 'jt': {
      elimination ??= minFillElimination(graph.n, graph.scopeStart, graph.scopeVars);
      return settle('jt', runJunctionTree(graph, elimination), elimination.treewidth, 2);
    }
    case 'bp':
    case 'trw_bp': {
      const bp = runLoopyBp(graph, {
        treeReweighted: engine === 'trw_bp',
        damping: options.damping ?? DEFAULT_BP_OPTIONS.damping,
        maxIterations: options.maxIterations ?? DEFAULT_BP_OPTIONS.maxIterations,
        threshold: options.threshold ?? DEFAULT_BP_OPTIONS.threshold,
        recordHistory: options.fullDiagnostics === true,
      });
      return {
        method: engine,
        beliefs: bp.beliefs,
        converged: bp.converged,
        iterations: bp.iterations,
        maxChange: bp.maxChange,
        rho: bp.rho,
        treewidth: null,
        bp,
      };
    }
    case 'loopy_bp': {
      const bp = runLegacyLoopyBp(graph, {
        damping: options.damping ?? LEGACY_LOOPY_BP_OPTIONS.damping,
        maxIterations: options.maxIterations ?? LEGACY_LOOPY_BP_OPTIONS.maxIterations,
        threshold: options.threshold ?? LEGACY_LOOPY_BP_OPTIONS.threshold,
        recordHistory: options.fullDiagnostics === true,
      });
      return { method: 'loopy_bp', beliefs: bp.beliefs, converged: bp.converged, iterations: bp.iterations, maxChange: bp.maxChange, rho: 1, treewidth: null, history: bp.history };
    }
    case 'mean_field': {
      const mf = runMeanField(graph, {
        maxIterations: options.maxIterations ?? DEFAULT_MEAN_FIELD_OPTIONS.maxIterations,
        threshold: options.threshold ?? DEFAULT_MEAN_FIELD_OPTIONS.threshold,
        recordHistory: options.fullDiagnostics === true,
      });
      return {
        method: 'mean_field',
        beliefs: mf.beliefs,
        converged: mf.converged,
        iterations: mf.iterations,
        maxChange: mf.maxChange,
        rho: 1,
        treewidth: null,
        history: mf.history,
      };
    }
  }
}
