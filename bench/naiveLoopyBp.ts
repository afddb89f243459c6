/**
 * The naive baseline for loopy BP: the same algorithm and schedule as
 * src/core/infer/loopyBp.ts (plain BP, softened tables, synchronous sweeps, damping,
 * the same stopping rule), written the way it usually is first — messages in maps keyed
 * by strings, each factor's weights recomputed from its definition for every assignment,
 * every leave-one-out product rebuilt from scratch. Its beliefs equal the fast engine's;
 * only the time differs.
 */
import type { CompiledGraph } from '../src/core/infer/compiledGraph.ts';
import { UnaryKind } from '../src/core/infer/compiledGraph.ts';
import { factorScope } from '../src/core/infer/factorGraph.ts';
import { factorWeight } from '../src/core/infer/potentials.ts';

type Message = [number, number];

export interface NaiveBpRun {
  readonly beliefs: Map<string, number>;
  readonly iterations: number;
  readonly converged: boolean;
}

export function naiveLoopyBp(graph: CompiledGraph, maxIterations = 200, threshold = 1e-8, damping = 0.5): NaiveBpRun {
  const scopes = graph.factors.map((f) => factorScope(f));
  const prior = new Map<string, Message>();
  graph.ids.forEach((id, v) => {
    const p = graph.unaryKind[v] === UnaryKind.None ? 0.5 : graph.unary1[v]!;
    prior.set(id, [1 - p, p]);
  });
  const factorsOf = new Map<string, number[]>(graph.ids.map((id) => [id, []]));
  scopes.forEach((scope, f) => scope.forEach((id) => factorsOf.get(id)!.push(f)));
  const key = (f: number, id: string) => `${f}|${id}`;
  let f2v = new Map<string, Message>();
  let v2f = new Map<string, Message>();
  scopes.forEach((scope, f) => scope.forEach((id) => (f2v.set(key(f, id), [0.5, 0.5]), v2f.set(key(f, id), [0.5, 0.5]))));
  let previous = new Map<string, number>(graph.ids.map((id) => [id, prior.get(id)![1]]));
  let iterations = 0;

  for (let iteration = 0; iteration < maxIterations; iteration++) {
    const newV2f = new Map<string, Message>();
    for (const id of graph.ids) {
      for (const f of factorsOf.get(id)!) {
        const m: Message = [...prior.get(id)!];
        for (const g of factorsOf.get(id)!) if (g !== f) multiplyInto(m, f2v.get(key(g, id))!);
        newV2f.set(key(f, id), normalise(m));
      }
    }
    const newF2v = new Map<string, Message>();
    scopes.forEach((scope, f) => {
      const factor = graph.factors[f]!;
      for (const target of scope) {
        const out: Message = [0, 0];
        for (let x = 0; x < 1 << scope.length; x++) {
          const value = (id: string) => (x >> scope.indexOf(id)) & 1;
          let w = factorWeight(factor, factor.variables.map(value), value(factor.conclusion), false);
          scope.forEach((id) => {
            if (id !== target) w *= newV2f.get(key(f, id))![value(id)]!;
          });
          out[value(target)]! += w;
        }
        newF2v.set(key(f, target), normalise(out));
      }
    });
    const oldF2v = f2v;
    const oldV2f = v2f;
    f2v = damp(newF2v, f2v, damping);
    v2f = damp(newV2f, v2f, damping);
    // The same stopping rule as the engine: beliefs and messages both settled.
    let messageChange = 0;
    for (const [k, m] of f2v) messageChange = Math.max(messageChange, Math.abs(m[1] - oldF2v.get(k)![1]));
    for (const [k, m] of v2f) messageChange = Math.max(messageChange, Math.abs(m[1] - oldV2f.get(k)![1]));
    const beliefs = new Map<string, number>();
    let maxChange = 0;
    for (const id of graph.ids) {
      const b: Message = [...prior.get(id)!];
      for (const f of factorsOf.get(id)!) normalise(multiplyInto(b, f2v.get(key(f, id))!));
      beliefs.set(id, b[1] / (b[0] + b[1]));
      maxChange = Math.max(maxChange, Math.abs(beliefs.get(id)! - previous.get(id)!));
    }
    previous = beliefs;
    iterations = iteration + 1;
    if (maxChange < threshold && messageChange < threshold) return { beliefs, iterations, converged: true };
  }
  return { beliefs: previous, iterations, converged: false };
}

function multiplyInto(m: Message, by: Message): Message {
  m[0] *= by[0];
  m[1] *= by[1];
  return m;
}

function normalise(m: Message): Message {
  const s = m[0] + m[1];
  m[0] /= s;
  m[1] /= s;
  return m;
}

function damp(fresh: Map<string, Message>, old: Map<string, Message>, alpha: number): Map<string, Message> {
  const out = new Map<string, Message>();
  for (const [k, m] of fresh) {
    const o = old.get(k)!;
    out.set(k, normalise([alpha * m[0] + (1 - alpha) * o[0], alpha * m[1] + (1 - alpha) * o[1]]));
  }
  return out;
}
