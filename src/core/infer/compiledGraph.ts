/**
 * A factor graph in the form the engines read: variables numbered (in the graph's
 * insertion order), their unary terms in typed arrays, factor scopes as one flat index
 * array, and factor tables computed once per convention (softened or strict).
 */
import { CROMWELL_EPS } from './cromwell.ts';
import { factorScope } from './factorGraph.ts';
import type { Factor, FactorGraph } from './factorGraph.ts';
import { InferenceError } from './inferenceProblem.ts';
import { factorTable } from './potentials.ts';

/** What a variable's unary term is. */
export const UnaryKind = { None: 0, Prior: 1, HardEvidence: 2 } as const;

export interface CompiledGraph {
  readonly ids: readonly string[];
  readonly indexOf: ReadonlyMap<string, number>;
  readonly n: number;
  readonly unaryKind: Uint8Array;
  /** P(x = 1) of the unary term: the prior, or 1 − ε / ε for hard evidence; 0.5 when none. */
  readonly unary1: Float64Array;
  readonly factors: readonly Factor[];
  /** Factor f's variables are scopeVars[scopeStart[f] .. scopeStart[f + 1]), in factorScope order. */
  readonly scopeStart: Int32Array;
  readonly scopeVars: Int32Array;
  /** Tables over each factor's scope; `strict` selects Gaia's TRW-BP convention. */
  tables(strict: boolean): readonly Float64Array[];
}

/** Throws an InferenceError when a factor names a variable the graph does not have. */
export function compileGraph(graph: FactorGraph): CompiledGraph {
  const ids = [...graph.variables.keys()];
  const n = ids.length;
  const indexOf = new Map<string, number>();
  ids.forEach((id, i) => indexOf.set(id, i));
  const unaryKind = new Uint8Array(n);
  const unary1 = new Float64Array(n).fill(0.5);
  for (let v = 0; v < n; v++) {
    const id = ids[v]!;
    const pinned = graph.hardEvidence.get(id);
    if (pinned !== undefined) {
      unaryKind[v] = UnaryKind.HardEvidence;
      unary1[v] = pinned === 1 ? 1 - CROMWELL_EPS : CROMWELL_EPS;
    } else {
      const prior = graph.unary.get(id);
      if (prior !== undefined) {
        unaryKind[v] = UnaryKind.Prior;
        unary1[v] = prior;
      }
    }
  }

  const factors = graph.factors;
  const scopeStart = new Int32Array(factors.length + 1);
  const flat: number[] = [];
  factors.forEach((factor, f) => {
    for (const id of factorScope(factor)) {
      const v = indexOf.get(id);
      if (v === undefined) throw new InferenceError('lowering', `factor ${factor.id} names ${id}, which is not a variable`);
      flat.push(v);
    }
    scopeStart[f + 1] = flat.length;
  });

  const cache: (readonly Float64Array[] | undefined)[] = [undefined, undefined];
  return {
    ids,
    indexOf,
    n,
    unaryKind,
    unary1,
    factors,
    scopeStart,
    scopeVars: Int32Array.from(flat),
    tables(strict) {
      const slot = strict ? 1 : 0;
      return (cache[slot] ??= factors.map((factor) => factorTable(factor, strict)));
    },
  };
}
