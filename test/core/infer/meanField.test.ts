/**
 * Mean field (src/core/infer/meanField.ts) on graphs small enough to work out by hand: the
 * closed forms of one CAVI update, the clamps, the in-place sweep order, the stopping
 * rule; and, on random graphs, the law coordinate ascent obeys (the evidence lower bound
 * never falls from one sweep to the next) and the bounds every μ stays in.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGraph } from '../../../src/core/infer/compiledGraph.ts';
import type { CompiledGraph } from '../../../src/core/infer/compiledGraph.ts';
import { UnaryKind } from '../../../src/core/infer/compiledGraph.ts';
import { CROMWELL_EPS } from '../../../src/core/infer/cromwell.ts';
import { FactorGraph } from '../../../src/core/infer/factorGraph.ts';
import type { FactorKind, FactorParams } from '../../../src/core/infer/factorGraph.ts';
import { DEFAULT_MEAN_FIELD_OPTIONS, runMeanField } from '../../../src/core/infer/meanField.ts';

const EPS = CROMWELL_EPS;
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const logit = (p: number) => Math.log(p) - Math.log(1 - p);
const FLOOR = Math.log(1e-10);

interface Var {
  readonly prior?: number;
  readonly pinned?: 0 | 1;
}
interface Fac {
  readonly kind: FactorKind;
  readonly inputs: readonly string[];
  readonly conclusion: string;
  readonly params?: FactorParams;
}

function graphOf(vars: Record<string, Var>, factors: readonly Fac[]): CompiledGraph {
  const g = new FactorGraph();
  for (const [id, v] of Object.entries(vars)) {
    g.addVariable(id, v.prior);
    if (v.pinned !== undefined) g.addEvidence(id, v.pinned);
  }
  factors.forEach((f, i) => g.addFactor(`f${i}`, f.kind, f.inputs, f.conclusion, f.params ?? {}));
  return compileGraph(g);
}

function meanField(graph: CompiledGraph, maxIterations: number = DEFAULT_MEAN_FIELD_OPTIONS.maxIterations) {
  const run = runMeanField(graph, { maxIterations, threshold: DEFAULT_MEAN_FIELD_OPTIONS.threshold, recordHistory: true });
  const byId = Object.fromEntries(graph.ids.map((id, v) => [id, run.beliefs[v]!]));
  return { run, byId };
}

interface Case {
  readonly name: string;
  readonly vars: Record<string, Var>;
  readonly factors: readonly Fac[];
  readonly maxIterations?: number;
  /** Beliefs worked out by hand. */
  readonly want: Record<string, number>;
  readonly iterations: number;
}

// The premise of a soft entailment, true with weight 1 − ε: one update of its conclusion
// is σ of the expected log-odds the factor gives it.
const seLogOdds = (q: number, p1: number, p2: number) => q * (Math.log(p1) - Math.log(1 - p1)) + (1 - q) * (Math.log(1 - p2) - Math.log(p2));

const CASES: readonly Case[] = [
  {
    name: 'no factors: the prior, sent through logit and σ, after one sweep',
    vars: { a: { prior: 0.3 }, b: {} },
    factors: [],
    want: { a: 0.3, b: 0.5 },
    iterations: 1,
  },
  {
    name: 'pinned premise, soft entailment: σ of the premise-weighted log-odds; the pin never moves',
    vars: { a: { pinned: 1 }, b: {} },
    factors: [{ kind: 'soft_entailment', inputs: ['a'], conclusion: 'b', params: { p1: 0.9, p2: 0.7 } }],
    want: { a: 1 - EPS, b: sigmoid(seLogOdds(1 - EPS, 0.9, 0.7)) },
    iterations: 2,
  },
  {
    name: 'a prior adds its log-odds to what the factor says',
    vars: { a: { pinned: 0 }, b: { prior: 0.6 } },
    factors: [{ kind: 'soft_entailment', inputs: ['a'], conclusion: 'b', params: { p1: 0.8, p2: 0.9 } }],
    want: { a: EPS, b: sigmoid(logit(0.6) + seLogOdds(EPS, 0.8, 0.9)) },
    iterations: 2,
  },
  {
    name: 'a forbidden state weighs 1e-10 before its log, and μ is clamped at 1e-6',
    vars: { a: { pinned: 1 }, c: {} },
    factors: [{ kind: 'negation', inputs: ['a'], conclusion: 'c' }],
    // (1 − 2ε)·log 1e-10 ≈ −22.98: σ of that is about 1e-10, below the clamp.
    want: { a: 1 - EPS, c: 1e-6 },
    iterations: 2,
  },
  {
    name: 'a conjunction of two pinned truths: its result clamped at 1 − 1e-6',
    vars: { a: { pinned: 1 }, b: { pinned: 1 }, c: {} },
    factors: [{ kind: 'conjunction', inputs: ['a', 'b'], conclusion: 'c' }],
    want: { a: 1 - EPS, b: 1 - EPS, c: 1 - 1e-6 },
    iterations: 2,
  },
  {
    // Symmetric soft entailment: the premise's expected log-odds from b is 0 while μ_b is
    // ½, so a keeps its prior; b then reads the updated a: σ(0.8·ln 9).
    name: 'one sweep, in order: a first (seeing b at ½), then b (seeing the new a)',
    vars: { a: { prior: 0.9 }, b: {} },
    factors: [{ kind: 'soft_entailment', inputs: ['a'], conclusion: 'b', params: { p1: 0.9, p2: 0.9 } }],
    maxIterations: 1,
    want: { a: 0.9, b: 9 ** 0.8 / (1 + 9 ** 0.8) },
    iterations: 1,
  },
  {
    // Second sweep: a now sees μ_b, giving ln 9 + (2μ_b − 1)·ln 9; b sees that a.
    name: 'the second sweep reads the first sweep’s values (updates are in place)',
    vars: { a: { prior: 0.9 }, b: {} },
    factors: [{ kind: 'soft_entailment', inputs: ['a'], conclusion: 'b', params: { p1: 0.9, p2: 0.9 } }],
    maxIterations: 2,
    want: (() => {
      const b1 = 9 ** 0.8 / (1 + 9 ** 0.8);
      const a2 = sigmoid(Math.log(9) * 2 * b1);
      return { a: a2, b: sigmoid((2 * a2 - 1) * Math.log(9)) };
    })(),
    iterations: 2,
  },
  {
    // Implication helper h pinned true over a → b with a pinned true: b's update is
    // E over a of log ψ(a, b=1, h) − log ψ(a, b=0, h) = (1 − ε)·(0 − log 1e-10).
    name: 'an asserted implication pulls its consequent up through the floored log',
    vars: { a: { pinned: 1 }, b: {}, h: { pinned: 1 } },
    factors: [{ kind: 'implication', inputs: ['a', 'b'], conclusion: 'h' }],
    want: { a: 1 - EPS, b: Math.min(1 - 1e-6, sigmoid(-(1 - EPS) * FLOOR)), h: 1 - EPS },
    iterations: 2,
  },
];

describe('mean field: hand-worked graphs', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const { run, byId } = meanField(graphOf(c.vars, c.factors), c.maxIterations);
      for (const [id, want] of Object.entries(c.want)) expect(byId[id], id).toBeCloseTo(want, 14);
      expect(run.iterations).toBe(c.iterations);
      expect(run.converged).toBe(c.maxIterations === undefined);
    });
  }

  it('stops at the sweep limit, unconverged, when a threshold of 0 cannot be met', () => {
    const graph = graphOf({ a: { prior: 0.9 }, b: {} }, [{ kind: 'soft_entailment', inputs: ['a'], conclusion: 'b', params: { p1: 0.9, p2: 0.9 } }]);
    const run = runMeanField(graph, { maxIterations: 3, threshold: 0, recordHistory: true });
    expect(run).toMatchObject({ converged: false, iterations: 3 });
    expect(run.history).toHaveLength(4);
  });

  it('an empty graph has no beliefs', () => {
    const run = runMeanField(graphOf({}, []), { ...DEFAULT_MEAN_FIELD_OPTIONS, recordHistory: false });
    expect(run.beliefs).toHaveLength(0);
  });
});

// ---- random graphs: the evidence lower bound never falls ----

const KINDS: readonly [FactorKind, number][] = [
  ['implication', 2],
  ['negation', 1],
  ['conjunction', 2],
  ['disjunction', 3],
  ['equivalence', 2],
  ['contradiction', 2],
  ['complement', 2],
  ['soft_entailment', 1],
  ['conditional', 2],
  ['pairwise', 1],
];

interface Spec {
  readonly unary: number[];
  readonly factors: { kind: number; vars: number[]; numbers: number[] }[];
}

const spec: fc.Arbitrary<Spec> = fc.integer({ min: 4, max: 8 }).chain((n) =>
  fc.record({
    unary: fc.array(fc.oneof(fc.constant(-1), fc.constant(2), fc.constant(3), fc.double({ min: 0.02, max: 0.98, noNaN: true })), { minLength: n, maxLength: n }),
    factors: fc.array(
      fc.record({
        kind: fc.integer({ min: 0, max: KINDS.length - 1 }),
        vars: fc.shuffledSubarray(
          Array.from({ length: n }, (_, i) => i),
          { minLength: 4, maxLength: 4 },
        ),
        numbers: fc.array(fc.double({ min: 0.05, max: 0.95, noNaN: true }), { minLength: 4, maxLength: 4 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  }),
);

function build(s: Spec): CompiledGraph {
  const g = new FactorGraph();
  s.unary.forEach((u, v) => {
    g.addVariable(`v${v}`, u >= 0 && u < 1 ? u : undefined);
    if (u >= 2) g.addEvidence(`v${v}`, u === 2 ? 1 : 0);
  });
  s.factors.forEach((f, i) => {
    const [kind, arity] = KINDS[f.kind]!;
    const inputs = f.vars.slice(0, arity).map((v) => `v${v}`);
    const conclusion = `v${f.vars[arity]!}`;
    const [x, y] = f.numbers;
    const params: FactorParams =
      kind === 'soft_entailment' ? { p1: 0.5 + x! / 2, p2: 0.5 + y! / 2 } : kind === 'conditional' ? { cpt: f.numbers } : kind === 'pairwise' ? { cpt: f.numbers.map((w) => 2 * w) } : {};
    g.addFactor(`f${i}`, kind, inputs, conclusion, params);
  });
  return compileGraph(g);
}

/** E_q[log ψ̃] + the prior terms + H(q) for the variables that move: what CAVI climbs. */
function elbo(graph: CompiledGraph, mu: Float64Array): number {
  const clamp = (p: number) => Math.max(1e-6, Math.min(1 - 1e-6, p));
  let total = 0;
  graph.tables(true).forEach((table, f) => {
    const scope = Array.from(graph.scopeVars.subarray(graph.scopeStart[f]!, graph.scopeStart[f + 1]!));
    for (let x = 0; x < table.length; x++) {
      let weight = 1;
      scope.forEach((v, j) => (weight *= (x >> j) & 1 ? mu[v]! : 1 - mu[v]!));
      total += weight * Math.log(Math.max(table[x]!, 1e-10));
    }
  });
  for (let v = 0; v < graph.n; v++) {
    if (graph.unaryKind[v] === UnaryKind.HardEvidence) continue;
    const m = mu[v]!;
    if (graph.unaryKind[v] === UnaryKind.Prior) {
      const p = clamp(graph.unary1[v]!);
      total += m * Math.log(p) + (1 - m) * Math.log(1 - p);
    }
    total -= m * Math.log(m) + (1 - m) * Math.log(1 - m);
  }
  return total;
}

describe('mean field: laws on random graphs', () => {
  it('never lowers the evidence lower bound from one sweep to the next; μ stays in [1e-6, 1 − 1e-6]; pins hold', () => {
    fc.assert(
      fc.property(spec, (s) => {
        const graph = build(s);
        const run = runMeanField(graph, { maxIterations: 60, threshold: 1e-6, recordHistory: true });
        for (let k = 1; k < run.history.length; k++) {
          expect(elbo(graph, run.history[k]!)).toBeGreaterThanOrEqual(elbo(graph, run.history[k - 1]!) - 1e-9);
        }
        for (let v = 0; v < graph.n; v++) {
          const m = run.beliefs[v]!;
          if (graph.unaryKind[v] === UnaryKind.HardEvidence) expect(m).toBe(graph.unary1[v]);
          else {
            expect(m).toBeGreaterThanOrEqual(1e-6);
            expect(m).toBeLessThanOrEqual(1 - 1e-6);
          }
        }
        if (run.converged) expect(run.maxChange).toBeLessThan(1e-6);
      }),
      { numRuns: 200 },
    );
  });

  it('is deterministic: the same graph gives the same bits', () => {
    fc.assert(
      fc.property(spec, (s) => {
        const a = runMeanField(build(s), { ...DEFAULT_MEAN_FIELD_OPTIONS, recordHistory: false });
        const b = runMeanField(build(s), { ...DEFAULT_MEAN_FIELD_OPTIONS, recordHistory: false });
        expect(Array.from(a.beliefs)).toEqual(Array.from(b.beliefs));
        expect(a.iterations).toBe(b.iterations);
      }),
      { numRuns: 50 },
    );
  });
});
