import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGraph } from '../../src/core/infer/compiledGraph.ts';
import type { CompiledGraph } from '../../src/core/infer/compiledGraph.ts';
import { runExactEnumeration } from '../../src/core/infer/exactEnumeration.ts';
import { FactorGraph } from '../../src/core/infer/factorGraph.ts';
import type { FactorKind } from '../../src/core/infer/factorGraph.ts';
import { InferenceError } from '../../src/core/infer/inferenceProblem.ts';
import type { GaiaIr, IrKnowledge, IrOperator } from '../../src/core/infer/irInput.ts';
import { runJunctionTree } from '../../src/core/infer/junctionTree.ts';
import { runLoopyBp } from '../../src/core/infer/loopyBp.ts';
import { minFillElimination } from '../../src/core/infer/minFillElimination.ts';
import { runInference } from '../../src/core/infer/runInference.ts';

/** A factor in a random graph: its kind, its variables by index (inputs, then the conclusion), numbers. */
interface FactorSpec {
  kind: FactorKind;
  vars: number[];
  numbers: number[];
}
interface GraphSpec {
  n: number;
  /** Per variable: -1 no prior, 2 pinned true, 3 pinned false, else a prior in (0, 1). */
  unary: number[];
  factors: FactorSpec[];
}

const ARITY: Record<FactorKind, [number, number]> = {
  implication: [2, 2],
  negation: [1, 1],
  conjunction: [2, 3],
  disjunction: [2, 3],
  equivalence: [2, 2],
  contradiction: [2, 2],
  complement: [2, 2],
  soft_entailment: [1, 1],
  conditional: [1, 3],
  pairwise: [1, 1],
};
const KINDS = Object.keys(ARITY) as FactorKind[];

/** Pairwise weights from four numbers; a table of zeros only (which the graph refuses) gets one 1. */
function pairwiseWeights(numbers: number[]): number[] {
  const cpt: number[] = numbers.slice(0, 4).map((x) => 3 * x);
  if (Math.max(...cpt) === 0) cpt[3] = 1;
  return cpt;
}

function build(spec: GraphSpec): CompiledGraph {
  const g = new FactorGraph();
  const id = (v: number) => `v${v}`;
  for (let v = 0; v < spec.n; v++) {
    const u = spec.unary[v]!;
    if (u === -1) g.addVariable(id(v));
    else if (u >= 2) {
      g.addVariable(id(v));
      g.addEvidence(id(v), u === 2 ? 1 : 0);
    } else g.addVariable(id(v), u);
  }
  spec.factors.forEach((f, i) => {
    const inputs = f.vars.slice(0, -1).map(id);
    const conclusion = id(f.vars[f.vars.length - 1]!);
    const k = inputs.length;
    const params =
      f.kind === 'soft_entailment'
        ? { p1: 0.51 + 0.48 * f.numbers[0]!, p2: 0.51 + 0.48 * f.numbers[1]! }
        : f.kind === 'conditional'
          ? { cpt: f.numbers.slice(0, 1 << k) }
          : f.kind === 'pairwise'
            ? { cpt: pairwiseWeights(f.numbers) }
            : {};
    g.addFactor(`f${i}`, f.kind, inputs, conclusion, params);
  });
  return compileGraph(g);
}

/** Random graphs on up to `maxN` variables; `zeros` lets pairwise weights and table rows be exactly 0. */
function graphSpec(maxN: number, maxFactors: number, zeros: boolean): fc.Arbitrary<GraphSpec> {
  const number = zeros ? fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 0.99, noNaN: true })) : fc.double({ min: 0.01, max: 0.99, noNaN: true });
  return fc.integer({ min: 1, max: maxN }).chain((n) => {
    const fitting = KINDS.filter((kind) => ARITY[kind][0] + 1 <= n);
    const factor: fc.Arbitrary<FactorSpec> =
      fitting.length === 0
        ? fc.constant({ kind: 'negation', vars: [], numbers: [] })
        : fc
            .record({
              kind: fc.constantFrom(...fitting),
              order: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
              size: fc.integer({ min: 0, max: 2 }),
              numbers: fc.array(number, { minLength: 8, maxLength: 8 }),
            })
            .map(({ kind, order, size, numbers }) => {
              const [lo, hi] = ARITY[kind];
              const inputs = Math.min(lo + size, hi, n - 1);
              return { kind, vars: order.slice(0, inputs + 1), numbers };
            });
    return fc.record({
      n: fc.constant(n),
      unary: fc.array(fc.oneof(fc.constant(-1), fc.constantFrom(2, 3), fc.double({ min: 0.001, max: 0.999, noNaN: true })), { minLength: n, maxLength: n }),
      factors: fitting.length === 0 ? fc.constant([]) : fc.array(factor, { maxLength: maxFactors }),
    });
  });
}

/** Runs an engine; its beliefs, or the problem code it reported. */
function outcome(run: () => Float64Array): Float64Array | string {
  try {
    return run();
  } catch (error) {
    if (error instanceof InferenceError) return error.code;
    throw error;
  }
}
function maxDifference(a: Float64Array, b: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}
const jt = (g: CompiledGraph) => runJunctionTree(g, minFillElimination(g.n, g.scopeStart, g.scopeVars));
const bp = (g: CompiledGraph, threshold = 1e-14) => runLoopyBp(g, { treeReweighted: false, damping: 0.5, maxIterations: 5000, threshold, recordHistory: false });

describe('exact enumeration = junction tree', () => {
  it('to 1e-12 on random small factor graphs (every factor kind, priors, pins, zero weights)', () => {
    fc.assert(
      fc.property(graphSpec(10, 12, true), (spec) => {
        const g = build(spec);
        const exact = outcome(() => runExactEnumeration(g));
        const tree = outcome(() => jt(g));
        if (typeof exact === 'string' || typeof tree === 'string') {
          expect(tree).toBe(exact);
          return;
        }
        for (const b of tree) expect(Number.isFinite(b)).toBe(true);
        expect(maxDifference(exact, tree)).toBeLessThanOrEqual(1e-12);
      }),
      { numRuns: 400 },
    );
  });

  it('to 1e-12 on larger random graphs', () => {
    fc.assert(
      fc.property(graphSpec(18, 30, false), (spec) => {
        const g = build(spec);
        expect(maxDifference(runExactEnumeration(g), jt(g))).toBeLessThanOrEqual(1e-12);
      }),
      { numRuns: 40 },
    );
  });
});

/** A random tree: each factor joins one variable already placed to one or two new ones. */
const treeSpec: fc.Arbitrary<GraphSpec> = fc
  .array(
    fc.record({
      kind: fc.constantFrom(...KINDS),
      anchor: fc.nat(),
      anchorAt: fc.nat(),
      extra: fc.integer({ min: 0, max: 1 }),
      numbers: fc.array(fc.double({ min: 0.05, max: 0.95, noNaN: true }), { minLength: 8, maxLength: 8 }),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .chain((steps) => {
    let n = 1;
    const factors: FactorSpec[] = steps.map((s) => {
      const [lo, hi] = ARITY[s.kind];
      const size = Math.min(lo + s.extra, hi) + 1;
      const fresh = Array.from({ length: size - 1 }, () => n++);
      const vars = [...fresh];
      vars.splice(s.anchorAt % size, 0, s.anchor % (n - fresh.length));
      return { kind: s.kind, vars, numbers: s.numbers };
    });
    return fc.record({
      n: fc.constant(n),
      unary: fc.array(fc.oneof(fc.constant(-1), fc.constant(2), fc.double({ min: 0.01, max: 0.99, noNaN: true })), { minLength: n, maxLength: n }),
      factors: fc.constant(factors),
    });
  });

describe('loopy BP', () => {
  // Trees grow up to 37 variables, past what enumeration can do quickly; the junction tree
  // (itself checked against enumeration above) is the exact answer here.
  it('does not stop while evidence is still travelling (beliefs still after one sweep, messages not)', () => {
    // Found by the property below: after the first sweep no belief had moved, yet the
    // pinned premises had not reached the complement's far side.
    const spec: GraphSpec = {
      n: 7,
      unary: [2, -1, -1, -1, 2, -1, 0.01],
      factors: [
        { kind: 'implication', vars: [0, 1, 2], numbers: [0.2915, 0.1156, 0.4909, 0.1395, 0.6018, 0.2206, 0.0525, 0.0523] },
        { kind: 'conjunction', vars: [3, 4, 2], numbers: [0.109, 0.4906, 0.7594, 0.4208, 0.4841, 0.0589, 0.2623, 0.0607] },
        { kind: 'complement', vars: [5, 2, 6], numbers: [0.7581, 0.0623, 0.0579, 0.1775, 0.4392, 0.4105, 0.2667, 0.1361] },
      ],
    };
    const g = build(spec);
    const run = bp(g);
    expect(run.converged).toBe(true);
    expect(run.iterations).toBeGreaterThan(1);
    expect(maxDifference(run.beliefs, jt(g))).toBeLessThanOrEqual(1e-9);
  });

  it('equals the exact answer to 1e-9 on trees (threshold 1e-14)', () => {
    const iterations: number[] = [];
    fc.assert(
      fc.property(treeSpec, (spec) => {
        const g = build(spec);
        const run = bp(g);
        iterations.push(run.iterations);
        expect(run.converged).toBe(true);
        expect(maxDifference(run.beliefs, jt(g))).toBeLessThanOrEqual(1e-9);
      }),
      { numRuns: 300 },
    );
    expect(Math.max(...iterations)).toBeLessThan(5000);
  });

  /**
   * Loops of soft pairwise couplings (weights within a factor of 4 of each other) and
   * priors, at most one coupling per pair of variables: repeated couplings of one pair
   * are the degenerate two-cycle where BP double counts without bound.
   */
  const softLoops: fc.Arbitrary<GraphSpec> = fc.integer({ min: 3, max: 10 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      unary: fc.array(fc.oneof(fc.constant(-1), fc.double({ min: 0.05, max: 0.95, noNaN: true })), { minLength: n, maxLength: n }),
      factors: fc
        .uniqueArray(
          fc.record({
            order: fc.shuffledSubarray([...Array(n).keys()], { minLength: 2, maxLength: 2 }),
            numbers: fc.array(fc.double({ min: 0.25, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 }),
          }),
          { minLength: 3, maxLength: 2 * n, selector: (f) => [...f.order].sort().join(',') },
        )
        .map((fs) => fs.map((f) => ({ kind: 'pairwise' as const, vars: f.order, numbers: f.numbers }))),
    }),
  );

  it('stays within 0.25 of exact on loopy graphs of soft couplings, and converges', () => {
    let worst = 0;
    fc.assert(
      fc.property(softLoops, (spec) => {
        const g = build(spec);
        const run = bp(g, 1e-8);
        expect(run.converged).toBe(true);
        const d = maxDifference(run.beliefs, runExactEnumeration(g));
        worst = Math.max(worst, d);
        expect(d).toBeLessThanOrEqual(0.25);
      }),
      { numRuns: 2000, seed: 20261122 },
    );
    expect(worst).toBeGreaterThan(0); // the loops do make BP approximate
  });

  it('never returns NaN: on random graphs it gives finite beliefs in [0, 1] or reports inconsistency', () => {
    fc.assert(
      fc.property(graphSpec(10, 12, true), fc.boolean(), (spec, trw) => {
        const result = outcome(() => runLoopyBp(build(spec), { treeReweighted: trw, damping: 0.5, maxIterations: 200, threshold: 1e-8, recordHistory: false }).beliefs);
        if (typeof result === 'string') expect(result).toBe('inconsistent-evidence');
        else for (const b of result) expect(b >= 0 && b <= 1).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('inconsistent evidence', () => {
  // b must be true (factor with a) and must be false (factor with d): no assignment has weight.
  const contradiction = (): CompiledGraph => {
    const g = new FactorGraph();
    for (const v of ['a', 'b', 'd']) g.addVariable(v, 0.5);
    g.addFactor('needs b', 'pairwise', ['a'], 'b', { cpt: [0, 0, 1, 1] });
    g.addFactor('forbids b', 'pairwise', ['b'], 'd', { cpt: [1, 0, 1, 0] });
    return compileGraph(g);
  };

  it('every engine reports it as a problem, never NaN', () => {
    expect(outcome(() => runExactEnumeration(contradiction()))).toBe('inconsistent-evidence');
    expect(outcome(() => jt(contradiction()))).toBe('inconsistent-evidence');
    expect(outcome(() => bp(contradiction(), 1e-8).beliefs)).toBe('inconsistent-evidence');
  });
});

describe('treewidth and the choice of engine', () => {
  const pairs = (k: number): [number, number][] => {
    const out: [number, number][] = [];
    for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) out.push([a, b]);
    return out;
  };
  /** k claims, all pairwise equal: a clique of k once the helpers are eliminated. */
  const cliqueIr = (k: number): GaiaIr => {
    const knowledges: IrKnowledge[] = [];
    const operators: IrOperator[] = [];
    for (let a = 0; a < k; a++) knowledges.push({ id: `t:p::c${a}`, label: `c${a}`, type: 'claim', metadata: { prior: 0.3 + (a % 5) / 10 } });
    for (const [a, b] of pairs(k)) {
      knowledges.push({ id: `t:p::h${a}_${b}`, label: `h${a}_${b}`, type: 'claim' });
      operators.push({ operator: 'equivalence', variables: [`t:p::c${a}`, `t:p::c${b}`], conclusion: `t:p::h${a}_${b}` });
    }
    return { knowledges, operators, strategies: [] };
  };

  it('min-fill finds the treewidth of chains, cycles and cliques', () => {
    const width = (n: number, edges: [number, number][]) => {
      const g = new FactorGraph();
      for (let v = 0; v < n; v++) g.addVariable(`v${v}`);
      edges.forEach(([a, b], i) => g.addFactor(`f${i}`, 'pairwise', [`v${a}`], `v${b}`, { cpt: [1, 1, 1, 1] }));
      const c = compileGraph(g);
      return minFillElimination(c.n, c.scopeStart, c.scopeVars).treewidth;
    };
    expect(
      width(6, [
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 4],
        [4, 5],
      ]),
    ).toBe(1);
    expect(
      width(6, [
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 4],
        [4, 5],
        [5, 0],
      ]),
    ).toBe(2);
    expect(width(7, pairs(7))).toBe(6);
    expect(width(3, [])).toBe(0);
  });

  it('auto runs the junction tree up to treewidth 20 and TRW-BP above, as Gaia does', () => {
    const at20 = runInference(cliqueIr(21));
    expect(at20.diagnostics).toMatchObject({ method: 'jt', treewidth: 20, converged: true, iterations_run: 2 });
    const at21 = runInference(cliqueIr(22));
    expect(at21.diagnostics.method).toBe('trw_bp');
    expect(at21.diagnostics.treewidth).toBeNull();
    expect(at21.diagnostics.rho).toBeLessThan(1);
  });

  it('auto skips the treewidth estimate over 2000 variables and runs mean field, with a warning', () => {
    const knowledges: IrKnowledge[] = Array.from({ length: 2001 }, (_, i) => ({ id: `t:p::c${i}`, label: `c${i}`, type: 'claim' }));
    const result = runInference({ knowledges, operators: [{ operator: 'equivalence', variables: ['t:p::c0', 't:p::c1'], conclusion: 't:p::c2' }] });
    expect(result.diagnostics).toMatchObject({ method: 'mean_field', treewidth: null, converged: true });
    expect(result.problems).toMatchObject([{ severity: 'warning', code: 'mean-field-fallback' }]);
    // 2000 variables exactly is still the junction tree's.
    const at2000 = runInference({ knowledges: knowledges.slice(0, 2000), operators: [{ operator: 'equivalence', variables: ['t:p::c0', 't:p::c1'], conclusion: 't:p::c2' }] });
    expect(at2000.diagnostics.method).toBe('jt');
    expect(at2000.problems).toEqual([]);
  });

  it('a graph without factors is its priors, whatever the engine', () => {
    const ir: GaiaIr = {
      knowledges: [
        { id: 't:p::a', label: 'a', type: 'claim', metadata: { prior: 0.2 } },
        { id: 't:p::b', label: 'b', type: 'claim' },
      ],
    };
    for (const method of ['auto', 'exact', 'jt', 'bp', 'trw_bp'] as const) {
      const result = runInference(ir, { method });
      expect(result.beliefs.map((b) => b.belief)).toEqual([0.2, 0.5]);
      expect(result.diagnostics.iterations_run).toBe(0);
    }
    expect(runInference(ir).diagnostics.treewidth).toBe(0);
  });

  it('exact refuses more than 26 variables with a problem', () => {
    const knowledges: IrKnowledge[] = Array.from({ length: 28 }, (_, i) => ({ id: `t:p::c${i}`, label: `c${i}`, type: 'claim' }));
    const result = runInference({ knowledges, operators: [{ operator: 'equivalence', variables: ['t:p::c0', 't:p::c1'], conclusion: 't:p::c2' }] }, { method: 'exact' });
    expect(result.beliefs).toEqual([]);
    expect(result.problems).toMatchObject([{ severity: 'error', code: 'too-many-variables' }]);
  });
});
