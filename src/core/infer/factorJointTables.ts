/**
 * Gaia's `factor_joint_tables` diagnostic: for each factor, the normalised product of its
 * table and the final variable→factor messages over its variables. (The ρ weight is
 * already inside the messages, so the table is not raised to it again.)
 */
import type { CompiledGraph } from './compiledGraph.ts';
import type { FactorJointTable } from './inferenceResult.ts';
import type { LoopyBpRun } from './loopyBp.ts';

export function factorJointTables(graph: CompiledGraph, run: LoopyBpRun, strict: boolean): FactorJointTable[] {
  const tables = graph.tables(strict);
  const out: FactorJointTable[] = [];
  for (let f = 0; f < tables.length; f++) {
    const from = graph.scopeStart[f]!;
    const k = graph.scopeStart[f + 1]! - from;
    const table = tables[f]!;
    const probabilities = new Array<number>(table.length).fill(0);
    let total = 0;
    for (let x = 0; x < table.length; x++) {
      if (!(table[x]! > 0)) continue;
      let w = table[x]!;
      for (let j = 0; j < k; j++) w *= (x >> j) & 1 ? run.v2f1[from + j]! : run.v2f0[from + j]!;
      probabilities[x] = w;
      total += w;
    }
    if (!(total > 0)) continue;
    const variables: string[] = [];
    for (let j = 0; j < k; j++) variables.push(graph.ids[graph.scopeVars[from + j]!]!);
    out.push({
      factor_index: f,
      factor_id: graph.factors[f]!.id,
      variables,
      rho: run.factorRho[f]!,
      probabilities: probabilities.map((p) => p / total),
    });
  }
  return out;
}
