/**
 * Details of the engine a reading of the spec asks for by name: a claim lists only the
 * records it was built from (§2.1), a re-derived version names the version it replaces
 * (§6.5), the pass bound (§7.2), the person's actions in an explanation (§8), and a
 * cascade's work following what it reaches, not the size of the log (§4.1).
 */
import { describe, expect, it, vi } from 'vitest';
import { ruleDerivers, readRuleTable } from '../../../src/core/mnema/ruleTable.ts';
import { claimSummaries } from '../../../src/core/mnema/claimSummary.ts';
import { explainClaim } from '../../../src/core/mnema/explainClaim.ts';
import { layersOf, MAX_DERIVATION_DEPTH } from '../../../src/core/mnema/derivationLayers.ts';
import { cascadeStarts, planCascade } from '../../../src/core/mnema/mnemaCascade.ts';
import { actionBody } from '../../../src/core/mnema/mnemaActions.ts';
import { event, testLog, weekly } from '../../support/mnemaLogs.ts';

const GYM_TUE = 'routine.weekly|gym|tue|morning';

function derivers(table: object) {
  const r = readRuleTable(JSON.stringify(table));
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return ruleDerivers(r.table);
}

/** A stack of `depth` rule layers: layer 0 reads evidence, layer i reads layer i−1's claims. */
function stack(depth: number) {
  return {
    name: `stack-${depth}`,
    version: '1.0.0',
    rules: Array.from({ length: depth }, (_, i) => ({
      claim_type: `org.test.layer${i}`,
      identity_key: `layer${i}`,
      payload: { layer: i },
      inputs: [{ match: i === 0 ? { source: 's' } : { kind: 'claim', claim_type: `org.test.layer${i - 1}` }, role: i === 0 ? 'record' : 'below' }],
      min_inputs: 1,
      prior: 0.6,
      factors: [],
    })),
  };
}

describe('a claim lists what it was built from, and nothing it only looked at (§2.1)', () => {
  it('a routine’s inputs are the events of its weekday and part of the day; the other events of the calendar are not listed', () => {
    const log = testLog();
    const gym = weekly(log, 'Gym', 5);
    // Scanned by the routines deriver and set aside: the same activity on other days and at
    // other hours, another activity on the same mornings, a one-off.
    const other = [
      ...weekly(log, 'Gym', 2, '2025-03-06', '07:00'),
      ...weekly(log, 'Gym', 2, '2025-03-04', '19:00'),
      ...weekly(log, 'Dentist', 1, '2025-03-11', '07:30'),
      event(log, 'Team lunch', '2025-03-12T12:30:00+01:00'),
    ];
    log.derive();
    const claim = log.graph.latest(GYM_TUE)!;
    expect(claim.op.body.inputs.map((i) => i.op_id).sort()).toEqual(gym.map((e) => e.id).sort());
    const record = explainClaim(log.graph, claim);
    expect(record.built_from.map((b) => b.op_id).sort()).toEqual(gym.map((e) => e.id).sort());
    for (const e of other) expect(record.built_from.some((b) => b.op_id === e.id)).toBe(false);
    expect(record.built_from.every((b) => b.kind === 'evidence' && b.source === 'calendar' && !b.redacted && (b.summary ?? '').length > 0)).toBe(true);
  });
});

describe('a re-derived claim replaces the version it names (§6.5)', () => {
  it('after a retraction, the new version’s `supersedes` is the invalidated version’s op id, and the key has the two versions in order', () => {
    const log = testLog();
    const events = weekly(log, 'Gym', 6);
    log.evidence('jsonl', '2025-06-30T12:00:00Z', { note: 'anchor' });
    log.derive();
    const before = log.graph.latest(GYM_TUE)!.op;
    expect(before.body.supersedes).toBeNull();
    const { appended } = log.act({ kind: 'retract', evidence: events[2]!.id });
    const invalidation = appended.find((op) => op.body.kind === 'claim_invalidation' && op.body.target_identity_key === GYM_TUE)!;
    expect(invalidation.body).toMatchObject({ target_claim: before.id, cause: appended[0]!.id });
    const run = log.derive();
    const after = run.appended.find((op) => op.body.kind === 'claim' && op.body.identity_key === GYM_TUE)!;
    expect(after.body).toMatchObject({ supersedes: before.id });
    expect(log.graph.keys.get(GYM_TUE)!.versions.map((v) => v.op.id)).toEqual([before.id, after.id]);
    expect(log.graph.latest(GYM_TUE)!.op.id).toBe(after.id);
  });

  it('a version re-derived with a new confidence alone supersedes the one it replaces, which is not invalidated', () => {
    const log = testLog();
    weekly(log, 'Gym', 4);
    log.derive();
    const first = log.graph.latest(GYM_TUE)!.op;
    weekly(log, 'Gym', 1, '2025-04-01');
    const run = log.derive();
    const next = run.appended.find((op) => op.body.kind === 'claim' && op.body.identity_key === GYM_TUE)!;
    expect(next.body).toMatchObject({ supersedes: first.id, payload: first.body.payload });
    expect(log.graph.invalidated.has(first.id)).toBe(false);
  });
});

describe('the pass bound (§7.2: MAX_DERIVATION_DEPTH = 8)', () => {
  it('a stack of 8 layers derives in 8 passes, each layer from the one below', () => {
    expect(MAX_DERIVATION_DEPTH).toBe(8);
    const log = testLog();
    log.evidence('s', '2025-01-01T00:00:00Z', {});
    const run = log.derive(derivers(stack(8)));
    expect(run.passes).toBe(8);
    const summary = claimSummaries(log.graph);
    expect(Object.keys(summary).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `layer${i}`).sort());
    for (let i = 1; i < 8; i++) {
      const claim = log.graph.latest(`layer${i}`)!.op.body;
      expect(claim.inputs.map((input) => input.op_id)).toEqual([log.graph.latest(`layer${i - 1}`)!.op.id]);
    }
    // The passes run in order: each layer's claim after the one it reads.
    const order = run.appended.filter((op) => op.body.kind === 'claim').map((op) => (op.body as { identity_key: string }).identity_key);
    expect(order).toEqual(Array.from({ length: 8 }, (_, i) => `layer${i}`));
  });

  it('a stack of 9 layers is refused before anything is derived, naming the bound', () => {
    const nine = derivers(stack(9));
    const layering = layersOf(nine);
    expect(layering.ok).toBe(false);
    if (!layering.ok) expect(layering.message).toMatch(/9 deep; at most 8 passes/);
    const log = testLog();
    log.evidence('s', '2025-01-01T00:00:00Z', {});
    const ops = log.graph.ops.length;
    expect(() => log.derive(nine)).toThrow(/at most 8 passes/);
    expect(log.graph.ops).toHaveLength(ops);
  });
});

describe('the person’s actions in an explanation (§8 user_actions)', () => {
  it('each action on the key with its op, kind, time, note and payload; only the one in force is standing', () => {
    const log = testLog();
    weekly(log, 'Gym', 5);
    log.derive();
    const payload = { activity: 'gym', label: 'Swimming', day: 'tue', part_of_day: 'morning' };
    const corrected = log.act({ kind: 'correct', key: GYM_TUE, payload, note: 'it is the pool' }).appended[0]!;
    let record = explainClaim(log.graph, log.graph.latest(GYM_TUE)!);
    expect(record.user_actions).toEqual([{ op_id: corrected.id, kind: 'claim_correction', at: corrected.at, standing: true, note: 'it is the pool', corrected_payload: payload }]);
    expect(record.claim).toMatchObject({ state: 'corrected', confidence: 1, payload });

    const withdrawn = log.act({ kind: 'withdraw', op: corrected.id, note: 'no, the gym' }).appended[0]!;
    const refuted = log.act({ kind: 'refute', key: GYM_TUE }).appended[0]!;
    record = explainClaim(log.graph, log.graph.latest(GYM_TUE)!);
    expect(record.user_actions).toEqual([
      { op_id: corrected.id, kind: 'claim_correction', at: corrected.at, standing: false, note: 'it is the pool', corrected_payload: payload },
      { op_id: withdrawn.id, kind: 'correction_withdrawal', at: withdrawn.at, standing: false, note: 'no, the gym' },
      { op_id: refuted.id, kind: 'claim_refutation', at: refuted.at, standing: true },
    ]);
    expect(record.claim.state).toBe('refuted');
    // The same actions, in the same order, appear in the history.
    expect(record.history.filter((h) => h.event !== 'derived' && h.event !== 're-derived' && h.event !== 'invalidated').map((h) => [h.op_id, h.event])).toEqual([
      [corrected.id, 'corrected'],
      [withdrawn.id, 'correction withdrawn'],
      [refuted.id, 'refuted'],
    ]);
  });

  it('a claim nobody acted on has no user actions', () => {
    const log = testLog();
    weekly(log, 'Gym', 5);
    log.derive();
    expect(explainClaim(log.graph, log.graph.latest(GYM_TUE)!).user_actions).toEqual([]);
  });
});

describe('a cascade costs what it reaches (§4.1: the reverse index)', () => {
  /** `unrelated` rule chains of three layers that do not touch source `s`, and one that does. */
  function graphWith(unrelated: number) {
    const rules = [];
    for (const name of ['s', ...Array.from({ length: unrelated }, (_, i) => `u${i}`)]) {
      rules.push(
        { claim_type: `org.test.${name}.a`, identity_key: `${name}.a`, payload: {}, inputs: [{ match: { source: name }, role: 'record' }], prior: 0.6 },
        { claim_type: `org.test.${name}.b`, identity_key: `${name}.b`, payload: {}, inputs: [{ match: { kind: 'claim', claim_type: `org.test.${name}.a` }, role: 'below' }], prior: 0.6 },
        { claim_type: `org.test.${name}.c`, identity_key: `${name}.c`, payload: {}, inputs: [{ match: { kind: 'claim', claim_type: `org.test.${name}.b` }, role: 'below' }], prior: 0.6 },
      );
    }
    const log = testLog();
    const root = log.evidence('s', '2025-01-01T00:00:00Z', {});
    for (let i = 0; i < unrelated; i++) log.evidence(`u${i}`, '2025-01-01T00:00:00Z', {});
    log.derive(derivers({ name: 'chains', version: '1', rules }));
    return { log, root };
  }

  it('the walk reads the reverse index once per record it reaches, whether the log holds 10 or 150 other chains', () => {
    const lookups: number[] = [];
    for (const unrelated of [10, 150]) {
      const { log, root } = graphWith(unrelated);
      expect(log.graph.ops.length).toBeGreaterThan(unrelated * 4);
      const body = actionBody(log.graph, { kind: 'retract', evidence: root.id });
      if (!body.ok) throw new Error(body.message);
      const trigger = log.writer.write(body.body, 'cli');
      const get = vi.spyOn(log.graph.dependents, 'get');
      const plan = planCascade(log.graph, trigger, cascadeStarts(log.graph, trigger));
      lookups.push(get.mock.calls.length);
      get.mockRestore();
      expect(plan.invalidations.map((i) => i.target_identity_key)).toEqual(['s.a', 's.b', 's.c']);
    }
    // The record and the three claims on it: four lookups, the same for both logs.
    expect(lookups).toEqual([4, 4]);
  });
});
