/** Explanation records (docs/contract.md §1.4), the contradiction ledger and the reintroduction audit (§3). */
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { auditRecords, buildContradictionLedger } from '../../src/core/contradiction/contradictionLedger.ts';
import { explainDocument } from '../../src/core/explain/explainDocument.ts';
import { renderExplanation } from '../../src/core/explain/renderExplanation.ts';
import { SHOWN_STEPS, shownExplanation } from '../../src/core/explain/shownExplanation.ts';
import { analyzeGaia } from '../../src/core/gaia/analyzeGaia.ts';
import { indexGraph } from '../../src/core/graph/graphIndex.ts';
import { provenanceOf } from '../../src/core/graph/provenance.ts';
import type { NodeId } from '../../src/core/graph/reasoningGraph.ts';
import { opIdOf } from '../../src/core/oplog/opId.ts';
import type { OperationBody, UnsignedOperation } from '../../src/core/oplog/operation.ts';
import type { AddressedOperation } from '../../src/core/session/sessionModel.ts';

const TRACE = `b1 1.0 L0 @user "the build fails on CI"
b2 .9 L0 @file:log.txt "the log shows a timeout"
b3 .8 L0 @self <b1,b2 ?["CI is rerun"] "the network step is slow"
b4 .7 L0 @self <b3 "cache the dependencies"
b5 .6 L0 @self <b1 "pin the runner image"`;

/** Addressed (unsigned) ops in a chain, as the CLI builds them. */
function ops(bodies: OperationBody[]): AddressedOperation[] {
  let parent: AddressedOperation | null = null;
  return bodies.map((body, i) => {
    const op: UnsignedOperation = { v: 1, session: 't', seq: i + 1, parent: parent?.id ?? null, at: `2026-01-0${i + 1}T00:00:00Z`, source: 'cli', author: 'ed25519:' + '0'.repeat(64), body };
    parent = { ...op, id: opIdOf(op) };
    return parent;
  });
}

describe('CLAIR explanation records', () => {
  const a = analyzeDocument(TRACE, 'clair', 1);
  it('a revision that changed a belief is in that belief’s history, before what followed it', () => {
    const hash = opIdOf({ v: 1, session: 'x', seq: 1, parent: null, at: 'x', source: 'cli', author: 'x', body: { kind: 'claim_refutation', target: 'x', revision: null } });
    const log = ops([
      { kind: 'revision', text_hash: hash, language: 'clair', length: TRACE.length },
      { kind: 'revision', text_hash: hash, language: 'clair', length: TRACE.length, changed: ['b3', 'b5'] },
      { kind: 'claim_invalidation', target: 'b4', cause: 'b3:0' as never },
    ]);
    const { explainer } = explainDocument({ graph: a.graph, derived: a.derived, ops: log.slice(0, 2) });
    expect(explainer.explain('b3')!.history).toEqual([{ op_id: log[1]!.id, event: 'revision', at: log[1]!.at }]);
    expect(explainer.explain('b5')!.history.map((h) => h.event)).toEqual(['revision']);
    // The first revision names nothing; untouched beliefs have no entry.
    expect(explainer.explain('b1')!.history).toEqual([]);
    expect(renderExplanation(explainer.explain('b3')!)).toMatch(/revision/);
  });

  it('a plain record: claim, because, built_from, provenance; no contradiction', () => {
    const { explainer } = explainDocument({ graph: a.graph, derived: a.derived });
    const r = explainer.explain('b4')!;
    expect(r.claim).toEqual({ id: 'b4', qid: null, kind: 'belief', content: 'cache the dependencies', state: 'active', confidence: { stated: 0.7 }, derived: 0.8, effective: 0.7, band: 'likely' });
    expect(r.because).toMatchObject([{ action: 'justification', from: ['b3'], source: { type: 'self', reference: null } }]);
    expect(r.built_from).toEqual([{ id: 'b3', role: 'justification', kind: 'belief', state: 'active', summary: 'the network step is slow' }]);
    expect(r.provenance).toEqual([
      { depth: 1, id: 'b3', role: 'justification' },
      { depth: 2, id: 'b1', role: 'justification' },
      { depth: 2, id: 'b2', role: 'justification' },
    ]);
    // The same chain as the graph's own provenance walk.
    expect(r.provenance).toEqual(provenanceOf(indexGraph(a.graph), 'b4' as NodeId));
    expect(r.reintroduced_claim).toBe(false);
    expect(r.caveat).toBeUndefined();
    expect(r.history).toEqual([]);
    expect(explainer.explain('b9')).toBeNull();
  });

  it('history and user actions from the log; a disagreeing correction is an open contradiction with a caveat', () => {
    const log = ops([
      { kind: 'claim_refutation', target: 'b2', revision: null },
      { kind: 'claim_correction', target: 'b5', value: 0.3, revision: null, note: 'too optimistic' },
    ]);
    const { explainer, ledger } = explainDocument({ graph: a.graph, derived: a.derived, ops: log });
    const b4 = explainer.explain('b4')!;
    expect(b4.claim.state).toBe('invalidated');
    expect(b4.history).toEqual([{ op_id: log[0]!.id, event: 'invalidated', at: log[0]!.at, cause: { op_id: log[0]!.id, kind: 'claim_refutation' } }]);
    const b2 = explainer.explain('b2')!;
    expect(b2.user_actions).toEqual([{ op_id: log[0]!.id, kind: 'claim_refutation', at: log[0]!.at, standing: true }]);
    const b5 = explainer.explain('b5')!;
    expect(b5.claim).toMatchObject({ state: 'corrected', corrected: 0.3, band: 'speculative' });
    // Lowered below what its justifier derives (CLAIR allows any value up to the bound): the
    // person's latest record supersedes the stated one, and nothing conflicts.
    expect(b5.reintroduced_claim).toBe(false);
    expect(ledger.openContradictions()).toEqual([]);
  });

  it('a correction above what the trace derives is an open contradiction with a caveat; a root corrected is none', () => {
    const log = ops([
      { kind: 'claim_correction', target: 'b4', value: 0.95, revision: null, note: 'surely' },
      { kind: 'claim_correction', target: 'b1', value: 0.2, revision: null },
    ]);
    const { explainer, ledger } = explainDocument({ graph: a.graph, derived: a.derived, ops: log });
    const b4 = explainer.explain('b4')!;
    expect(b4.reintroduced_claim).toBe(true);
    expect(b4.caveat).toMatch(/correction disagrees/);
    expect(renderExplanation(b4).split('\n')[1]).toMatch(/⚠ conflicting records/);
    expect(ledger.openContradictions().map((c) => c.id)).toEqual(['correction:b4']);
  });

  it('a correction equal (within 1e-9) to the derived value is no contradiction; a resolution closes one', () => {
    const agree = ops([{ kind: 'claim_correction', target: 'b5', value: 1 + 5e-10, revision: null }]);
    expect(() => explainDocument({ graph: a.graph, derived: a.derived, ops: agree })).not.toThrow();
    const same = ops([{ kind: 'claim_correction', target: 'b5', value: 1, revision: null }]);
    expect(explainDocument({ graph: a.graph, derived: a.derived, ops: same }).ledger.all).toEqual([]);
    const resolved = ops([
      { kind: 'claim_correction', target: 'b4', value: 0.95, revision: null },
      { kind: 'contradiction_resolution', contradiction: 'correction:b4', resolution: 'accept-both' },
    ]);
    const { explainer, ledger } = explainDocument({ graph: a.graph, derived: a.derived, ops: resolved });
    expect(ledger.openContradictions()).toEqual([]);
    expect(explainer.explain('b4')!.reintroduced_claim).toBe(false);
    expect(explainer.explain('b4')!.contradictions).toMatchObject([{ id: 'correction:b4', open: false, resolution: 'accept-both' }]);
  });

  it('withdrawn ops show in history; a log op that does not fit the document is skipped', () => {
    const log = ops([
      { kind: 'claim_refutation', target: 'b1', revision: null },
      { kind: 'claim_refutation', target: 'zz', revision: null },
    ]);
    const withdraw = ops([{ kind: 'claim_refutation', target: 'b1', revision: null }])[0]!;
    const { model, explainer } = explainDocument({
      graph: a.graph,
      derived: a.derived,
      ops: [...log, { ...withdraw, seq: 3, id: ('b3:' + 'f'.repeat(64)) as `b3:${string}`, body: { kind: 'withdrawal', target: 'b1', withdraws: log[0]!.id } }],
    });
    expect(model.skipped).toMatchObject([{ op_id: log[1]!.id, reason: 'unknown-target' }]);
    expect(explainer.explain('b1')!.history.map((h) => h.event)).toEqual(['refuted', 'withdrawn']);
    expect(explainer.explain('b3')!.claim.state).toBe('active');
    expect(explainer.explain('b3')!.history.map((h) => h.event)).toEqual(['invalidated']);
  });

  it('renders an indented tree', () => {
    const text = renderExplanation(explainDocument({ graph: a.graph, derived: a.derived }).explainer.explain('b4')!);
    expect(text).toContain('b4 [active, likely] "cache the dependencies"');
    expect(text).toContain('  provenance:\n    b3\n      b1\n      b2\n');
  });

  it('renders a chain thousands of steps deep in linear size, naming depths past the indent cap', () => {
    const n = 20_000;
    const chain = Array.from({ length: n }, (_, i) => `b${i + 1} .9 L0 @self${i > 0 ? ` <b${i}` : ''} "step ${i + 1}"`).join('\n');
    const deep = analyzeDocument(chain, 'clair', 1);
    const text = renderExplanation(explainDocument({ graph: deep.graph, derived: deep.derived }).explainer.explain(`b${n}`)!);
    expect(text.length).toBeLessThan(60 * n);
    expect(text).toContain(`[depth ${n - 1}] b1\n`);
    expect(text).toContain(`\n${'  '.repeat(17)}b${n - 16}\n`);
  });

  it('the inspector gets the record with its provenance cut, the text saying how much was left out', () => {
    const n = 1_000;
    const chain = Array.from({ length: n }, (_, i) => `b${i + 1} .9 L0 @self${i > 0 ? ` <b${i}` : ''} "step ${i + 1}"`).join('\n');
    const deep = analyzeDocument(chain, 'clair', 1);
    const whole = explainDocument({ graph: deep.graph, derived: deep.derived }).explainer.explain(`b${n}`)!;
    const shown = shownExplanation(whole);
    expect(shown.provenanceSteps).toBe(n - 1);
    expect(shown.record.provenance).toEqual(whole.provenance.slice(0, SHOWN_STEPS));
    expect({ ...shown.record, provenance: [] }).toEqual({ ...whole, provenance: [] });
    expect(shown.text.trimEnd().split('\n').at(-1)).toBe(`    … and ${n - 1 - SHOWN_STEPS} more steps`);
    const short = explainDocument({ graph: a.graph, derived: a.derived }).explainer.explain('b4')!;
    expect(shownExplanation(short)).toEqual({ record: short, text: renderExplanation(short), provenanceSteps: short.provenance.length });
  });
});

const PACKAGE = `
from gaia.engine.lang import claim, derive, contradict, exclusive
a = claim("A holds.", prior=0.7)
b = claim("B holds.", prior=0.6)
c = derive("C follows from A and B.", given=[a, b], rationale="both are needed", label="make_c")
x = claim("X denies A.", prior=0.2)
clash = contradict(a, x, rationale="cannot both hold", label="clash")
y = claim("Y.", prior=0.5)
z = claim("Z.", prior=0.5)
either = exclusive(y, z, rationale="one or the other", label="either")
`;

describe('Gaia explanation records and the ledger', () => {
  const g = analyzeGaia(PACKAGE, { namespace: 't', package: 'p', version: '0.1.0' });
  it('because lists the concluding action with its rationale; premises are built_from', () => {
    const { explainer } = explainDocument({ graph: g.graph, posteriors: new Map([['c', 0.93]]) });
    const r = explainer.explain('t:p::c')!;
    expect(r.claim).toMatchObject({ id: 'c', qid: 't:p::c', confidence: { prior: null }, posterior: 0.93, band: 'strong' });
    expect(r.because).toMatchObject([{ action: 'derive', label: 'make_c', from: ['a', 'b'], rationale: 'both are needed' }]);
    expect(r.built_from.map((b) => [b.id, b.role])).toEqual([
      ['a', 'premise'],
      ['b', 'premise'],
    ]);
    expect(r.provenance).toEqual([
      { depth: 1, id: 'a', role: 'premise' },
      { depth: 1, id: 'b', role: 'premise' },
    ]);
  });

  it('contradict and exclusive endpoints are flagged with a caveat; the audit counts from the records', () => {
    const { explainer, ledger } = explainDocument({ graph: g.graph });
    expect(ledger.openContradictions().map((c) => [c.id, c.kind, c.endpoints])).toEqual([
      ['clash', 'contradict', ['a', 'x']],
      ['either', 'exclusive', ['y', 'z']],
    ]);
    const records = explainer.explainAll();
    expect(records.filter((r) => r.reintroduced_claim).map((r) => r.claim.id)).toEqual(['a', 'x', 'y', 'z']);
    for (const r of records) expect(r.caveat !== undefined).toBe(r.reintroduced_claim);
    expect(explainer.explain('a')!.caveat).toMatch(/contradicted by x \(clash\)/);
    expect(auditRecords(records, ledger)).toEqual({ reintroduced_claims_count: 4, reintroduced_unflagged_count: 0 });
    // An emitter that dropped the flag would be caught by the audit.
    const stripped = records.map((r) => ({ ...r, reintroduced_claim: false }));
    expect(auditRecords(stripped, ledger)).toEqual({ reintroduced_claims_count: 0, reintroduced_unflagged_count: 4 });
  });

  it('a resolution (deprecate one side) closes the contradiction for both endpoints', () => {
    const ledger = buildContradictionLedger({
      graph: g.graph,
      resolutions: new Map([
        ['clash', { id: ('b3:' + '1'.repeat(64)) as `b3:${string}`, body: { kind: 'contradiction_resolution', contradiction: 'clash', resolution: 'deprecate', deprecated: 'x' } as const }],
      ]),
    });
    expect(ledger.isContradicted('a')).toBe(false);
    expect(ledger.isContradicted('x')).toBe(false);
    expect(ledger.isContradicted('y')).toBe(true);
    expect(ledger.openContradictions().map((c) => c.id)).toEqual(['either']);
  });
});
