/**
 * Mnema's rules at append time and in the engine, one case each (the spec's rows that
 * were built but had no test of their own): what the graph refuses to append, what a
 * run stamps on a claim, the order it appends in, what a version bump and a refutation
 * do and do not do, the person re-correcting and withdrawing, and the pass bound.
 */
import { describe, expect, it } from 'vitest';
import { BUILTIN_DERIVERS } from '../../../src/core/mnema/builtinDerivers.ts';
import { claimSummaries } from '../../../src/core/mnema/claimSummary.ts';
import { runDerivation } from '../../../src/core/mnema/derivationEngine.ts';
import { importRecords } from '../../../src/core/mnema/importers/knownRecords.ts';
import { MAX_DERIVATION_DEPTH } from '../../../src/core/mnema/derivationLayers.ts';
import type { Deriver } from '../../../src/core/mnema/deriver.ts';
import type { ClaimBody, MnemaOp } from '../../../src/core/mnema/mnemaBodies.ts';
import { planCascade } from '../../../src/core/mnema/mnemaCascade.ts';
import { event, testLog, weekly } from '../../support/mnemaLogs.ts';

const GYM_TUE = 'routine.weekly|gym|tue|morning';
const GYM_PREF = 'preference.time_of_day|gym|morning';

/** A gym log, derived, with evidence after it so retractions do not move the high-water mark. */
function gymLog() {
  const log = testLog();
  const events = weekly(log, 'Gym', 6);
  log.evidence('jsonl', '2025-06-30T12:00:00Z', { note: 'anchor' });
  log.derive();
  return { log, events };
}

const claimBody = (log: ReturnType<typeof testLog>, key: string): ClaimBody => log.graph.latest(key)!.op.body;

describe('append-time validation (§1.1, §2.2, §4.2)', () => {
  const { log } = gymLog();
  const claim = claimBody(log, GYM_TUE);
  const target = log.graph.latest(GYM_TUE)!.op.id;
  const cases: [string, object, RegExp][] = [
    ['a claim with no inputs (§1.1 d)', { ...claim, inputs: [] }, /without inputs/],
    ['a claim whose input is not in the log yet (a forward reference, §4.2 a)', { ...claim, inputs: [{ op_id: `b3:${'f'.repeat(64)}`, role: 'x' }] }, /not in the log before the claim/],
    ['a refutation naming a claim of another key (§2.2 c)', { kind: 'claim_refutation', target_claim: target, target_identity_key: GYM_PREF }, /identity key is not/],
    ['a correction naming no claim in the log', { kind: 'claim_correction', target_claim: `b3:${'e'.repeat(64)}`, target_identity_key: GYM_TUE, corrected_payload: {} }, /not a claim in the log/],
  ];
  it.each(cases)('refuses %s', (_, body, reason) => {
    expect(log.graph.problemOf(body as ClaimBody)).toMatch(reason);
  });

  it('refuses a second invalidation of a version already invalidated (§6.2 f)', () => {
    const { log: l, events } = gymLog();
    l.act({ kind: 'retract', evidence: events[0]!.id });
    const version = l.graph.keys.get(GYM_TUE)!.versions[0]!.op.id;
    expect(l.graph.invalidated.has(version)).toBe(true);
    expect(l.graph.problemOf({ kind: 'claim_invalidation', target_claim: version, target_identity_key: GYM_TUE, cause: events[0]!.id })).toMatch(/already invalidated/);
  });
});

describe('what a run stamps and in what order it appends (§2.1, §7.2)', () => {
  it('each claim is about "self", stamped with the evidence high-water mark, appended in (deriver name, identity key) order', () => {
    const log = testLog();
    weekly(log, 'Yoga', 4, '2025-03-08', '09:00');
    weekly(log, 'Gym', 4);
    event(log, 'Late', '2025-05-02T21:00:00+02:00');
    const run = log.derive();
    const claims = run.appended.filter((op): op is MnemaOp & { body: ClaimBody } => op.body.kind === 'claim');
    expect(claims.length).toBeGreaterThan(2);
    for (const c of claims) {
      expect(c.body.subject).toBe('self');
      expect(c.body.valid_at).toBe('2025-05-02T21:00:00+02:00');
    }
    // Pass by pass; within a pass by deriver name, then identity key.
    const order = claims.map((c) => [c.body.deriver.name, c.body.identity_key] as const);
    const firstPass = order.filter(([d]) => d !== 'preferences');
    expect(firstPass).toEqual([...firstPass].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)));
    const lastOfFirstPass = order.map(([d]) => d !== 'preferences').lastIndexOf(true);
    expect(order.findIndex(([d]) => d === 'preferences')).toBeGreaterThan(lastOfFirstPass);
  });

  it('a deriver version bump invalidates nothing by itself: the same candidates are not appended again (§2.1 l)', () => {
    const { log } = gymLog();
    const bumped = BUILTIN_DERIVERS.map((d) => ({ ...d, id: { ...d.id, version: '9.9.9' } }));
    expect(log.derive(bumped).appended).toEqual([]);
  });

  it('only a superseding claim whose payload changed in canonical bytes invalidates what rested on the old version (§6.1 d)', () => {
    const log = testLog();
    weekly(log, 'Gym', 4);
    log.evidence('jsonl', '2025-06-30T12:00:00Z', { note: 'anchor' });
    log.derive();
    // Another Gym event: the routine's confidence moves, its payload does not — nothing is invalidated.
    event(log, 'Gym', '2025-04-08T07:00:00+01:00');
    const more = log.derive();
    expect(more.appended.map((op) => op.body.kind)).not.toContain('claim_invalidation');
    expect(more.appended.some((op) => op.body.kind === 'claim' && op.body.identity_key === GYM_TUE)).toBe(true);
    // Most of the events now spelled 'GYM': the routine's label changes, so what rested on it is invalidated, then derived again.
    for (const d of ['2025-04-15', '2025-04-22', '2025-04-29', '2025-05-06', '2025-05-13', '2025-05-20']) event(log, 'GYM', `${d}T07:00:00+01:00`);
    const relabelled = log.derive();
    const kinds = relabelled.appended.map((op) => (op.body.kind === 'claim' ? op.body.identity_key : op.body.kind));
    expect(claimBody(log, GYM_TUE).payload.label).toBe('GYM');
    expect(kinds).toContain('claim_invalidation');
    expect(claimSummaries(log.graph)[GYM_PREF]!.state).toBe('active');
  });
});

describe('the person’s word (§6.3, §6.4, §10)', () => {
  it('a refutation retracts no evidence, and a cascade at a refuted key is a no-op (§6.3 c, §10 c)', () => {
    const { log } = gymLog();
    const retractedBefore = log.graph.retracted.size;
    const refuted = log.act({ kind: 'refute', key: GYM_TUE });
    expect(refuted.appended.map((op) => op.body.kind)).toEqual(['claim_refutation', 'claim_invalidation']);
    expect(log.graph.retracted.size).toBe(retractedBefore);
    expect(planCascade(log.graph, refuted.appended[0]!, [log.graph.latest(GYM_TUE)!.op.id]).invalidations).toEqual([]);
    expect(log.derive().appended.filter((op) => op.body.kind === 'claim' && op.body.identity_key === GYM_TUE)).toEqual([]);
  });

  it('a corrected claim can be corrected again, and the correction withdrawn: served as derived again (§6.3 b)', () => {
    const { log } = gymLog();
    const payload = claimBody(log, GYM_TUE).payload;
    log.act({ kind: 'correct', key: GYM_TUE, payload: { ...payload, label: 'Swim' } });
    expect(claimSummaries(log.graph)[GYM_TUE]).toMatchObject({ state: 'corrected', confidence: 1, payload: { label: 'Swim' } });
    const again = log.act({ kind: 'correct', key: GYM_TUE, payload: { ...payload, label: 'Pool' } });
    expect(claimSummaries(log.graph)[GYM_TUE]).toMatchObject({ state: 'corrected', payload: { label: 'Pool' } });
    log.act({ kind: 'withdraw', op: again.appended[0]!.id });
    const served = claimSummaries(log.graph)[GYM_TUE]!;
    expect(served.state).toBe('active');
    expect(served.payload).toEqual(payload);
    expect(served.confidence).toBeLessThan(1);
  });
});

describe('the pass bound (§4.2 d)', () => {
  it(`derivers layered deeper than ${MAX_DERIVATION_DEPTH} passes are refused before anything is appended`, () => {
    const chain: Deriver[] = Array.from({ length: MAX_DERIVATION_DEPTH + 1 }, (_, i) => ({
      id: { name: `layer-${i}`, version: '1' },
      reads: i === 0 ? [] : [`org.test.l${i - 1}`],
      emits: [`org.test.l${i}`],
      derive: () => [],
    }));
    const log = testLog();
    log.evidence('jsonl', '2025-01-01T00:00:00Z', {});
    expect(() => runDerivation(log.graph, chain, log.writer)).toThrow(/at most 8 passes/);
    expect(log.graph.ops).toHaveLength(1);
    // Eight layers run, each in its pass.
    const eight = chain.slice(0, MAX_DERIVATION_DEPTH);
    expect(runDerivation(log.graph, eight, log.writer).fixpoint).toBe(true);
  });
});

describe('claims come only from derivers (§1 c)', () => {
  it('an import appends evidence (and the importer’s retractions), never a claim, even of records shaped like claims', () => {
    const { log } = gymLog();
    const shaped = { source: 'jsonl', observed_at: '2025-05-01T00:00:00Z', payload: { kind: 'claim', claim_type: 'routine.weekly', identity_key: GYM_TUE } };
    const run = importRecords(log.graph, log.writer, [shaped]);
    expect(run.appended.map((op) => op.body.kind)).toEqual(['evidence']);
    expect(log.graph.keys.get(GYM_TUE)!.versions).toHaveLength(1);
  });
});
