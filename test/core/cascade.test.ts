/**
 * Cascade conformance (docs/contract.md §1.3, Mnema §6.2), table-driven over CLAIR traces and
 * Gaia packages: each case is a document, a sequence of user operations, and for each
 * operation the beliefs it newly invalidates and the user assertions it reaches, then
 * the final states.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { analyzeGaia } from '../../src/core/gaia/analyzeGaia.ts';
import type { ReasoningGraph } from '../../src/core/graph/reasoningGraph.ts';
import type { CascadeTrigger } from '../../src/core/oplog/cascade.ts';
import { applyOperation, foldOperation, openCascadeSession, previewCascade } from '../../src/core/oplog/cascade.ts';
import { buildDependencyIndex } from '../../src/core/oplog/dependencyIndex.ts';
import type { LifecycleState } from '../../src/core/oplog/lifecycle.ts';
import { computeStates, listedStates } from '../../src/core/oplog/lifecycle.ts';
import type { OpId } from '../../src/core/oplog/operation.ts';
import { revisionChanges } from '../../src/core/oplog/revisionChanges.ts';

const clair = (text: string): ReasoningGraph => {
  const a = analyzeDocument(text, 'clair', 1);
  expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return a.graph;
};
const gaia = (text: string): ReasoningGraph => {
  const g = analyzeGaia(text, { namespace: 't', package: 'p', version: '0.1.0' });
  expect(g.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return g.graph;
};

/** `b2 <b1` … lines: id, then justifiers. */
const trace = (...lines: string[]) =>
  clair(
    lines
      .map((l) => {
        const [id, ...js] = l.split(' ');
        return `${id} .9 L0 @self ${js.length ? '<' + js.join(',') + ' ' : ''}"${id}"`;
      })
      .join('\n'),
  );

type Op = ['refute' | 'retract' | 'withdraw', string] | ['correct', string, number];
interface Step {
  readonly op: Op;
  readonly invalidated?: readonly string[];
  readonly pending?: readonly string[];
  readonly refused?: string;
}
interface Case {
  readonly name: string;
  readonly graph: () => ReasoningGraph;
  readonly steps: readonly Step[];
  /** States that are not `active` at the end (everything else must be active). */
  readonly final: Readonly<Record<string, LifecycleState>>;
}

let counter = 0;
const fakeId = (): OpId => `b3:${(++counter).toString(16).padStart(64, '0')}`;

/** Runs the steps, checking each report; returns the session. */
function run(graph: ReasoningGraph, steps: readonly Step[]) {
  const index = buildDependencyIndex(graph);
  const session = openCascadeSession(index);
  for (const step of steps) {
    const [name, target] = step.op;
    let trigger: CascadeTrigger;
    if (name === 'withdraw') {
      const standing = session.standing.get(target);
      trigger = { id: fakeId(), body: { kind: 'withdrawal', target, withdraws: standing?.id ?? fakeId() } };
    } else if (name === 'correct') {
      trigger = { id: fakeId(), body: { kind: 'claim_correction', target, value: step.op[2] as number, revision: null } };
    } else {
      trigger = { id: fakeId(), body: { kind: name === 'refute' ? 'claim_refutation' : 'evidence_retraction', target, revision: null } };
    }
    const snapshot = () => JSON.stringify([[...session.standing], [...session.states]]);
    const before = snapshot();
    const preview = previewCascade(index, session.standing, session.states, trigger);
    expect(snapshot()).toBe(before);
    const outcome = applyOperation(session, trigger);
    if (step.refused) {
      expect(outcome).toMatchObject({ ok: false, reason: step.refused });
      expect(preview.ok).toBe(false);
      continue;
    }
    if (!outcome.ok) throw new Error(`${step.op.join(' ')} refused: ${outcome.message}`);
    expect({ op: step.op.join(' '), invalidated: outcome.report.invalidated, pending: outcome.report.pending_review }).toEqual({
      op: step.op.join(' '),
      invalidated: step.invalidated ?? [],
      pending: step.pending ?? [],
    });
    expect(outcome.report.invalidations).toEqual(outcome.report.invalidated.map((t) => ({ kind: 'claim_invalidation', target: t, cause: trigger.id })));
    // The preview saw exactly what applying did, and changed nothing.
    if (!preview.ok) throw new Error('preview refused');
    expect(preview.report.invalidated).toEqual(outcome.report.invalidated);
    for (const id of index.beliefs) expect(preview.stateOf(id)).toBe(session.states.get(id));
    // Incremental states agree with states computed from scratch.
    expect(session.states).toEqual(computeStates(index, session.standing));
  }
  return { index, session };
}

const deep = Array.from({ length: 1000 }, (_, i) => (i === 0 ? 'n0' : `n${i} n${i - 1}`));

const GAIA_PACKAGE = `
from gaia.engine.lang import claim, derive, contradict, note, observe
ctx = note("background")
a = claim("A holds.", prior=0.7)
b = claim("B holds.", prior=0.6)
c = derive("C follows from A and B.", given=[a, b], rationale="both needed", label="make_c")
d = derive("D follows from C.", given=[c], rationale="one step", label="make_d")
e = claim("E is unrelated.", prior=0.5)
f = derive("F follows from E.", given=[e], label="make_f")
x = claim("X contradicts A.", prior=0.2)
clash = contradict(a, x, rationale="cannot both hold", label="clash")
`;

const CASES: Case[] = [
  {
    name: 'contract example',
    graph: () => trace('b1', 'b2', 'b3', 'b4 b2', 'b5 b1', 'b6 b4 b3', 'b7 b6'),
    steps: [{ op: ['refute', 'b2'], invalidated: ['b4', 'b6', 'b7'] }],
    final: { b2: 'refuted', b4: 'invalidated', b6: 'invalidated', b7: 'invalidated' },
  },
  {
    name: 'chain',
    graph: () => trace('b1', 'b2 b1', 'b3 b2'),
    steps: [{ op: ['refute', 'b1'], invalidated: ['b2', 'b3'] }],
    final: { b1: 'refuted', b2: 'invalidated', b3: 'invalidated' },
  },
  {
    name: 'chain, refuted in the middle',
    graph: () => trace('b1', 'b2 b1', 'b3 b2'),
    steps: [{ op: ['refute', 'b2'], invalidated: ['b3'] }],
    final: { b2: 'refuted', b3: 'invalidated' },
  },
  {
    name: 'diamond (each node once)',
    graph: () => trace('b1', 'b2 b1', 'b3 b1', 'b4 b2 b3'),
    steps: [{ op: ['refute', 'b1'], invalidated: ['b2', 'b3', 'b4'] }],
    final: { b1: 'refuted', b2: 'invalidated', b3: 'invalidated', b4: 'invalidated' },
  },
  {
    name: 'diamond, then withdraw: everything active again',
    graph: () => trace('b1', 'b2 b1', 'b3 b1', 'b4 b2 b3'),
    steps: [{ op: ['refute', 'b1'], invalidated: ['b2', 'b3', 'b4'] }, { op: ['withdraw', 'b1'] }],
    final: {},
  },
  {
    name: 'fan-out, document order',
    graph: () => trace('b6 b1', 'b1', 'b2 b1', 'b5 b1', 'b3 b1', 'b4'),
    steps: [{ op: ['refute', 'b1'], invalidated: ['b6', 'b2', 'b5', 'b3'] }],
    final: { b1: 'refuted', b6: 'invalidated', b2: 'invalidated', b5: 'invalidated', b3: 'invalidated' },
  },
  {
    name: 'deep chain (1000)',
    graph: () => trace(...deep),
    steps: [{ op: ['refute', 'n0'], invalidated: deep.slice(1).map((l) => l.split(' ')[0]!) }, { op: ['refute', 'n0'] }],
    final: Object.fromEntries([['n0', 'refuted'], ...deep.slice(1).map((l) => [l.split(' ')[0]!, 'invalidated'])]),
  },
  {
    name: 'firewall: the walk stops at a correction and reports it',
    graph: () => trace('b1', 'b2 b1', 'b3 b2', 'b4 b1'),
    steps: [
      { op: ['correct', 'b2', 0.8], invalidated: ['b3'] },
      { op: ['refute', 'b1'], invalidated: ['b4'], pending: ['b2'] },
      { op: ['refute', 'b1'], pending: ['b2'] },
    ],
    final: { b1: 'refuted', b2: 'corrected', b3: 'invalidated', b4: 'invalidated' },
  },
  {
    name: 'firewall: a refuted dependent is reported, not invalidated',
    graph: () => trace('b1', 'b2 b1', 'b3 b2'),
    steps: [
      { op: ['refute', 'b2'], invalidated: ['b3'] },
      { op: ['retract', 'b1'], pending: ['b2'] },
    ],
    final: { b1: 'retracted', b2: 'refuted', b3: 'invalidated' },
  },
  {
    name: 'refute then withdraw leaves everything as it was',
    graph: () => trace('b1', 'b2 b1', 'b3 b2'),
    steps: [{ op: ['refute', 'b1'], invalidated: ['b2', 'b3'] }, { op: ['withdraw', 'b1'] }],
    final: {},
  },
  {
    name: 'withdrawing one of two causes leaves the belief invalidated',
    graph: () => trace('b1', 'b2', 'b3 b1 b2', 'b4 b3'),
    steps: [{ op: ['refute', 'b1'], invalidated: ['b3', 'b4'] }, { op: ['refute', 'b2'] }, { op: ['withdraw', 'b1'] }],
    final: { b2: 'refuted', b3: 'invalidated', b4: 'invalidated' },
  },
  {
    name: 'idempotence: the same refutation twice invalidates nothing new',
    graph: () => trace('b1', 'b2 b1'),
    steps: [{ op: ['refute', 'b1'], invalidated: ['b2'] }, { op: ['refute', 'b1'] }],
    final: { b1: 'refuted', b2: 'invalidated' },
  },
  {
    name: 'a correction invalidates dependents whatever the value; a later one replaces it',
    graph: () => trace('b1', 'b2 b1'),
    steps: [{ op: ['correct', 'b1', 0.9], invalidated: ['b2'] }, { op: ['correct', 'b1', 1] }, { op: ['refute', 'b1'] }, { op: ['withdraw', 'b1'] }],
    final: {},
  },
  {
    name: 'minimality: an unrelated subgraph is untouched',
    graph: () => trace('a1', 'a2 a1', 'c1', 'c2 c1', 'c3 c2'),
    steps: [{ op: ['refute', 'a1'], invalidated: ['a2'] }],
    final: { a1: 'refuted', a2: 'invalidated' },
  },
  {
    name: 'a belief already invalidated, then refuted, invalidates nothing new',
    graph: () => trace('b1', 'b2 b1', 'b3 b2'),
    steps: [{ op: ['refute', 'b1'], invalidated: ['b2', 'b3'] }, { op: ['refute', 'b2'] }],
    final: { b1: 'refuted', b2: 'refuted', b3: 'invalidated' },
  },
  {
    name: 'retract a root; retracting a non-root is refused',
    graph: () => trace('b1', 'b2 b1', 'b3 b2'),
    steps: [
      { op: ['retract', 'b2'], refused: 'not-a-root' },
      { op: ['retract', 'b1'], invalidated: ['b2', 'b3'] },
    ],
    final: { b1: 'retracted', b2: 'invalidated', b3: 'invalidated' },
  },
  {
    name: 'refusals: unknown id, value out of range, nothing to withdraw',
    graph: () => trace('b1', 'b2 b1'),
    steps: [
      { op: ['refute', 'b9'], refused: 'unknown-target' },
      { op: ['correct', 'b1', 1.5], refused: 'value-range' },
      { op: ['withdraw', 'b1'], refused: 'nothing-standing' },
    ],
    final: {},
  },
  {
    name: 'Gaia: a premise refuted invalidates what is derived from it',
    graph: () => gaia(GAIA_PACKAGE),
    steps: [{ op: ['refute', 'a'], invalidated: ['c', 'd'] }],
    final: { a: 'refuted', c: 'invalidated', d: 'invalidated' },
  },
  {
    name: 'Gaia: a contradiction is not a justification; the unrelated branch is untouched',
    graph: () => gaia(GAIA_PACKAGE),
    steps: [{ op: ['refute', 'x'] }, { op: ['correct', 'e', 0.1], invalidated: ['f'] }, { op: ['retract', 'c'], refused: 'not-a-root' }],
    final: { x: 'refuted', e: 'corrected', f: 'invalidated' },
  },
  {
    name: 'Gaia: firewall and withdrawal',
    graph: () => gaia(GAIA_PACKAGE),
    steps: [
      { op: ['correct', 'c', 0.5], invalidated: ['d'] },
      { op: ['refute', 'b'], pending: ['c'] },
      // c falls back to what its premises give: b is refuted, so c is now invalidated.
      { op: ['withdraw', 'c'], invalidated: ['c'] },
    ],
    final: { b: 'refuted', c: 'invalidated', d: 'invalidated' },
  },
  {
    name: 'Gaia: a full QID names the same claim',
    graph: () => gaia(GAIA_PACKAGE),
    steps: [{ op: ['refute', 't:p::a'], invalidated: ['c', 'd'] }],
    final: { a: 'refuted', c: 'invalidated', d: 'invalidated' },
  },
];

describe('cascade conformance', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const { index, session } = run(c.graph(), c.steps);
    const states = listedStates(index, session.states);
    const expected = Object.fromEntries(index.beliefs.map((id) => [id, c.final[id] ?? 'active']));
    expect(states).toEqual(expected);
  });

  it('Gaia: notes, factors and helper claims are not listed', () => {
    const index = buildDependencyIndex(gaia(GAIA_PACKAGE));
    expect(index.beliefs).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'x']);
  });
});

describe('cascade properties', () => {
  const graph = trace('b1', 'b2', 'b3 b1', 'b4 b1 b2', 'b5 b3 b4', 'b6 b5', 'b7 b2', 'b8 b6 b7');
  const ids = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8'];
  const op = fc.tuple(fc.constantFrom('refute', 'correct', 'retract', 'withdraw'), fc.constantFrom(...ids));
  it('incremental states always equal states computed from the standing ops', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        const index = buildDependencyIndex(graph);
        const session = openCascadeSession(index);
        for (const [name, target] of ops) {
          const body =
            name === 'withdraw'
              ? { kind: 'withdrawal' as const, target, withdraws: session.standing.get(target)?.id ?? fakeId() }
              : name === 'correct'
                ? { kind: 'claim_correction' as const, target, value: 0.5, revision: null }
                : name === 'refute'
                  ? { kind: 'claim_refutation' as const, target, revision: null }
                  : { kind: 'evidence_retraction' as const, target, revision: null };
          const trigger = { id: fakeId(), body };
          const previous = new Map(session.states);
          const outcome = applyOperation(session, trigger);
          expect(session.states).toEqual(computeStates(index, session.standing));
          if (outcome.ok) {
            const newly = ids.filter((id) => previous.get(id) !== 'invalidated' && session.states.get(id) === 'invalidated');
            expect(outcome.report.invalidated).toEqual(newly);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('replay folds ops with the same outcome as applying them', () => {
  it('foldOperation: the same states, holds and newly invalidated beliefs as applyOperation, on random graphs and logs with review holds', () => {
    const dag = fc.array(fc.array(fc.nat(), { maxLength: 3 }), { minLength: 2, maxLength: 30 });
    const kinds = fc.constantFrom('refute', 'correct', 'retract', 'hold', 'withdraw');
    fc.assert(
      fc.property(dag, fc.array(fc.tuple(kinds, fc.nat()), { maxLength: 40 }), (supports, ops) => {
        const ids = supports.map((_, i) => `b${i + 1}`);
        const graph = trace(...supports.map((s, i) => [ids[i]!, ...new Set(i === 0 ? [] : s.map((k) => ids[k % i]!))].join(' ')));
        const index = buildDependencyIndex(graph);
        const applied = openCascadeSession(index);
        const folded = openCascadeSession(index);
        for (const [kind, at] of ops) {
          const target = ids[at % ids.length]!;
          const body =
            kind === 'withdraw'
              ? { kind: 'withdrawal' as const, target, withdraws: applied.standing.get(target)?.id ?? applied.held.get(target) ?? fakeId() }
              : kind === 'hold'
                ? { kind: 'claim_invalidation' as const, target, cause: fakeId() }
                : kind === 'correct'
                  ? { kind: 'claim_correction' as const, target, value: 0.5, revision: null }
                  : kind === 'refute'
                    ? { kind: 'claim_refutation' as const, target, revision: null }
                    : { kind: 'evidence_retraction' as const, target, revision: null };
          const trigger = { id: fakeId(), body } as CascadeTrigger;
          const a = applyOperation(applied, trigger);
          const f = foldOperation(folded, trigger);
          expect(f.ok).toBe(a.ok);
          if (a.ok && f.ok) expect(f.invalidated).toEqual(a.report.invalidated);
          expect([folded.states, folded.standing, folded.held]).toEqual([applied.states, applied.standing, applied.held]);
        }
        expect(folded.states).toEqual(computeStates(index, folded.standing, folded.held));
      }),
      { numRuns: 300 },
    );
  });
});

describe('revisionChanges', () => {
  it('a confidence-only change refreshes dependents; a content change invalidates them', () => {
    const before = clair('b1 .9 L0 @user "x"\nb2 .8 L0 @self <b1 "y"\nb3 .7 L0 @self <b2 "z"\nb4 .9 L0 @user "w"\nb5 .5 L0 @self <b4 "v"');
    const after = clair('b1 .7 L0 @user "x"\nb2 .6 L0 @self <b1 "y"\nb3 .7 L0 @self <b2 "z"\nb4 .9 L0 @user "W!"\nb5 .5 L0 @self <b4 "v"\nb6 .5 L0 @self <b5 "new"');
    expect(revisionChanges(before, after)).toEqual({
      contentChanged: ['b4'],
      confidenceOnly: ['b1', 'b2'],
      added: ['b6'],
      removed: [],
      renamed: [],
      invalidates: ['b5', 'b6'],
      // b6 rests on b5, not on the changed b4: the log records b5, and b6 follows from it.
      invalidationRoots: ['b5'],
      refreshes: ['b2', 'b3'],
    });
  });
  it('a changed justification list is a content change; a removed belief invalidates its dependents', () => {
    const before = clair('b1 .9 L0 @user "x"\nb2 .9 L0 @user "y"\nb3 .8 L0 @self <b1 "z"\nb4 .8 L0 @self <b2 "q"');
    const after = clair('b1 .9 L0 @user "x"\nb3 .8 L0 @self <b1 "z"\nb4 .8 L0 @self "q"\nb5 .8 L0 @self <b3 "r"');
    const changes = revisionChanges(before, after);
    expect(changes.contentChanged).toEqual(['b4']);
    expect(changes.removed).toEqual(['b2']);
    expect(changes.invalidates).toEqual(['b4']);
    expect(changes.invalidationRoots).toEqual(['b4']);
  });
  it('a rewrite at the root of a long chain records one root, whatever the chain’s length', () => {
    const chain = (first: string) => Array.from({ length: 2000 }, (_, i) => (i === 0 ? `b1 .9 L0 @user "${first}"` : `b${i + 1} .9 L0 @self <b${i} "step ${i + 1}"`)).join('\n');
    const changes = revisionChanges(clair(chain('start')), clair(chain('a different start')));
    expect(changes.invalidates).toHaveLength(1999);
    expect(changes.invalidationRoots).toEqual(['b2']);
  });
});
