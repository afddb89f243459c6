/**
 * Joint inference across packages (`warrant infer --depth N`, Gaia's `gaia run infer
 * --depth N`): each dependency's IR and the package's own are lowered separately, then
 * merged into one factor graph by Gaia's rules —
 *  - dependencies first: a dependency's own nodes (QID prefix `namespace:package::`) take
 *    their owner's prior; a node it only refers to keeps whatever was set first;
 *  - then the package: its own nodes always take its priors; a node only it mentions is
 *    added; a node a dependency owns keeps the owner's prior;
 *  - every factor is kept, renamed `dep_<import name>_<id>` or `local_<id>`.
 * Only variables and soft priors are copied: like Gaia's merge, the joint graph carries no
 * hard evidence, so a pinned node (an asserted relation) enters it unpinned, at the
 * maximum-entropy 0.5. A warning says so, since beliefs then differ from local inference.
 */
import { FactorGraph } from './factorGraph.ts';
import type { InferenceProblem } from './inferenceProblem.ts';
import type { GaiaIr } from './irInput.ts';
import { lowerIr } from './lowerIr.ts';
import type { LoweredGraph } from './lowerIr.ts';
import { pushAll } from '../largeArrays.ts';

/** A dependency's compiled IR, by the import name its dependent uses. */
export interface JointDependencyIr {
  readonly importName: string;
  readonly ir: GaiaIr;
}

/** The QID prefix of the nodes a package owns. */
export function ownerPrefix(ir: GaiaIr): string {
  return `${ir.namespace ?? ''}:${ir.package_name ?? ''}::`;
}

interface SourceGraph {
  readonly name: string;
  readonly graph: FactorGraph;
  readonly prefix: string;
}

export function lowerJoint(ir: GaiaIr, dependencies: readonly JointDependencyIr[]): LoweredGraph {
  const warnings: InferenceProblem[] = [];
  const deps: SourceGraph[] = dependencies.map((d) => {
    const lowered = lowerIr(d.ir);
    pushAll(
      warnings,
      lowered.warnings.map((w) => ({ ...w, message: `dependency ${d.importName}: ${w.message}` })),
    );
    return { name: d.importName, graph: lowered.graph, prefix: ownerPrefix(d.ir) };
  });
  const local = lowerIr(ir);
  pushAll(warnings, local.warnings);
  const graph = mergeFactorGraphs({ name: '', graph: local.graph, prefix: ownerPrefix(ir) }, deps);
  const unpinned = [local.graph, ...deps.map((d) => d.graph)].reduce((n, g) => n + g.hardEvidence.size, 0);
  if (unpinned > 0) {
    warnings.push({
      severity: 'warning',
      code: 'joint-evidence-dropped',
      message: `joint inference carries no hard evidence, as Gaia's merge does: ${unpinned} pinned node${unpinned === 1 ? '' : 's'} (asserted relations) enter the joint graph unpinned`,
    });
  }
  return { graph, warnings };
}

export function mergeFactorGraphs(local: SourceGraph, deps: readonly SourceGraph[]): FactorGraph {
  const merged = new FactorGraph();
  const copy = (source: FactorGraph, id: string, force: boolean): void => {
    const prior = source.unary.get(id);
    if (prior !== undefined) {
      if (force || !merged.unary.has(id)) {
        merged.variables.set(id, prior);
        merged.unary.set(id, prior);
      }
    } else if (force || !merged.variables.has(id)) {
      merged.variables.set(id, source.variables.get(id) ?? 0.5);
      merged.unary.delete(id);
    }
  };
  for (const dep of deps) for (const id of dep.graph.variables.keys()) copy(dep.graph, id, id.startsWith(dep.prefix));
  for (const id of local.graph.variables.keys()) {
    if (id.startsWith(local.prefix)) copy(local.graph, id, true);
    else if (!merged.variables.has(id)) copy(local.graph, id, false);
  }
  for (const dep of deps) for (const f of dep.graph.factors) merged.factors.push({ ...f, id: `dep_${dep.name}_${f.id}` });
  for (const f of local.graph.factors) merged.factors.push({ ...f, id: `local_${f.id}` });
  return merged;
}
