/**
 * Runs from the watermark (§7.2 incremental mode, derivationMemo.ts): the groups law each
 * grouped deriver keeps, and the engine's law — a run that re-derives only what new
 * records touch appends exactly what a run over every record appends, op for op, through
 * imports, retractions, refutations and corrections in any order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_DERIVERS } from '../../../src/core/mnema/builtinDerivers.ts';
import { DerivationGraph } from '../../../src/core/mnema/derivationGraph.ts';
import { DerivationMemo, type MemoSnapshot, groupedApart } from '../../../src/core/mnema/derivationMemo.ts';
import { recordsOf } from '../../../src/core/mnema/derivationRecords.ts';
import type { DerivationInput, DerivationRecord, Deriver } from '../../../src/core/mnema/deriver.ts';
import { applyUserOp, runDerivation } from '../../../src/core/mnema/derivationEngine.ts';
import { actionBody, type MnemaAction } from '../../../src/core/mnema/mnemaActions.ts';
import type { EvidenceBody, JsonObject, MnemaOp } from '../../../src/core/mnema/mnemaBodies.ts';
import { ChainWriter } from '../../../src/core/mnema/mnemaLog.ts';
import { readRuleTable, ruleDerivers } from '../../../src/core/mnema/ruleTable.ts';
import { served } from '../../support/mnemaLogs.ts';
import { generateDeviceKey } from '../../../src/core/oplog/deviceKey.ts';

const key = generateDeviceKey(new Uint8Array(32).fill(3));
const NO_SIG = () => '0'.repeat(128);

const RULES = ruleDerivers(
  (() => {
    const r = readRuleTable(
      JSON.stringify({
        name: 'org.example.habits',
        version: '1',
        rules: [
          {
            claim_type: 'org.example.habit',
            identity_key: 'org.example.habit|early-gym',
            payload: { what: 'early gym' },
            inputs: [{ match: { source: 'calendar', 'payload.summary': 'Gym' }, role: 'session' }],
            min_inputs: 3,
            prior: 0.3,
            factors: [
              { name: 'count', of: 'count', w_max: 2, k: 0.3 },
              { name: 'recency', of: 'recency_days', w_max: -1, k: 0.05 },
            ],
          },
          {
            claim_type: 'org.example.fit',
            identity_key: 'org.example.fit|self',
            payload: { fit: true },
            inputs: [
              { match: { claim_type: 'org.example.habit' }, role: 'habit' },
              { match: { claim_type: 'routine.weekly', 'payload.part_of_day': 'morning' }, role: 'routine' },
            ],
            min_inputs: 1,
            prior: 0.5,
            factors: [{ name: 'n', of: 'count', w_max: 1, k: 0.5 }],
          },
        ],
      }),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    return r.table;
  })(),
);
const ALL: readonly Deriver[] = [...BUILTIN_DERIVERS, ...RULES];

const TITLES = ['Gym', 'Yoga', 'Piano', 'Sync'] as const;
const PEOPLE = ['Ada', 'Bo', 'Cy'] as const;

/** One evidence body: a calendar event (maybe with people) or a photo (maybe with a place). */
const arbEvidence: fc.Arbitrary<EvidenceBody> = fc.oneof(
  fc
    .record({
      title: fc.constantFrom(...TITLES),
      week: fc.integer({ min: 0, max: 9 }),
      day: fc.integer({ min: 0, max: 6 }),
      hour: fc.constantFrom(7, 13, 19),
      who: fc.subarray([...PEOPLE], { maxLength: 2 }),
    })
    .map(({ title, week, day, hour, who }) => {
      const date = new Date(Date.UTC(2025, 2, 3) + (week * 7 + day) * 86_400_000).toISOString().slice(0, 10);
      const at = `${date}T${String(hour).padStart(2, '0')}:00:00+01:00`;
      const payload: JsonObject = { summary: title, start: at, ...(who.length > 0 ? { attendees: who } : {}) };
      return { kind: 'evidence' as const, source: 'calendar', observed_at: at, payload };
    }),
  fc.record({ day: fc.integer({ min: 0, max: 69 }), cell: fc.integer({ min: 0, max: 2 }), who: fc.subarray([...PEOPLE], { maxLength: 1 }) }).map(({ day, cell, who }) => {
    const at = `${new Date(Date.UTC(2025, 2, 3) + day * 86_400_000).toISOString().slice(0, 10)}T12:00:00Z`;
    const payload: JsonObject = { file: `IMG_${day}_${cell}.jpg`, gps: { lat: 52.5 + cell / 1000, lon: 13.4 }, ...(who.length > 0 ? { people: who } : {}) };
    return { kind: 'evidence' as const, source: 'photos', observed_at: at, payload };
  }),
);

/** A step of a person's life with the log: new records, a retraction, a refutation, a correction, then a run. */
type Step = { kind: 'add'; bodies: EvidenceBody[] } | { kind: 'retract' | 'refute' | 'correct' | 'withdraw'; pick: number };
const arbStep: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.array(arbEvidence, { minLength: 1, maxLength: 12 }).map((bodies) => ({ kind: 'add' as const, bodies })) },
  { weight: 1, arbitrary: fc.nat().map((pick) => ({ kind: 'retract' as const, pick })) },
  { weight: 1, arbitrary: fc.nat().map((pick) => ({ kind: 'refute' as const, pick })) },
  { weight: 1, arbitrary: fc.nat().map((pick) => ({ kind: 'correct' as const, pick })) },
  { weight: 1, arbitrary: fc.nat().map((pick) => ({ kind: 'withdraw' as const, pick })) },
);

/**
 * Plays `steps` on a new log, deriving after each, with or without a memo — or with one
 * set down as JSON after each run and picked up before the next, as the command line
 * keeps it (`'resumed'`); every op appended, in order.
 */
function play(steps: readonly Step[], derivers: readonly Deriver[], kept: DerivationMemo | 'resumed' | null): { ops: MnemaOp[]; scoped: Step['kind'][] } {
  let snapshot: MemoSnapshot | null = null;
  const graph = new DerivationGraph();
  const writer = new ChainWriter('incremental-law', null, key.author, NO_SIG, () => '2026-01-01T00:00:00.000Z');
  const scoped: Step['kind'][] = [];
  const act = (action: MnemaAction) => {
    const body = actionBody(graph, action);
    if (body.ok) applyUserOp(graph, writer, body.body, 'cli');
  };
  for (const step of steps) {
    const seenUpTo = graph.ops.length;
    if (step.kind === 'add') for (const b of step.bodies) graph.add(writer.write(b, 'import'));
    else if (step.kind === 'retract') {
      const live = [...graph.evidence.keys()].filter((id) => !graph.retracted.has(id));
      if (live.length > 0) act({ kind: 'retract', evidence: live[step.pick % live.length]! });
    } else if (step.kind === 'withdraw') {
      // The person takes back a word of theirs: a retraction, a refutation or a correction.
      const words = [...graph.userOps.values()];
      const op = words[step.pick % Math.max(1, words.length)];
      if (op) act({ kind: 'withdraw', op: op.id });
    } else {
      const keys = [...graph.keys.keys()].filter((k) => graph.stateOf(k) === 'active');
      const k = keys[step.pick % Math.max(1, keys.length)];
      // A correction as a person makes one: the claim's payload with a field changed (another activity or part of the day moves the claim between readers' groups).
      const payload = k ? graph.latest(k)!.op.body.payload : {};
      const corrected: JsonObject = { ...payload, part_of_day: ['morning', 'evening'][step.pick % 2]!, ...(step.pick % 3 === 0 ? { activity: 'yoga' } : {}) };
      if (k) act(step.kind === 'refute' ? { kind: 'refute', key: k } : { kind: 'correct', key: k, payload: corrected });
    }
    const memo = kept === 'resumed' ? (snapshot ? DerivationMemo.resume(snapshot, graph, derivers) : new DerivationMemo()) : kept;
    runDerivation(graph, derivers, writer, { seenUpTo, ...(memo ? { memo } : {}) });
    if (memo?.lastRunScoped) scoped.push(step.kind);
    if (kept === 'resumed') snapshot = JSON.parse(JSON.stringify(memo!.snapshot())) as MemoSnapshot | null;
  }
  return { ops: graph.ops, scoped };
}

describe('the groups law (deriver.ts DeriverGroups)', () => {
  /** The candidates of `groups`, from the records of those groups alone and from every record. */
  const both = (d: Deriver, input: DerivationInput, groups: ReadonlySet<string>) => {
    const { of, ofClaim } = d.groups!;
    const mine = (r: DerivationRecord) => of(r).some((g) => groups.has(g));
    const alone = d.derive({ evidence: input.evidence.filter(mine), claims: input.claims.filter(mine), highWater: input.highWater }).filter((c) => groups.has(ofClaim(c)));
    const whole = d.derive(input).filter((c) => groups.has(ofClaim(c)));
    return { alone, whole };
  };

  it('law: for every grouped deriver and any set of its groups, their records alone derive what every record derives for them', () => {
    fc.assert(
      fc.property(fc.array(arbEvidence, { minLength: 1, maxLength: 80 }), fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), (bodies, picks) => {
        const graph = new DerivationGraph();
        const writer = new ChainWriter('groups-law', null, key.author, NO_SIG, () => '2026-01-01T00:00:00.000Z');
        for (const b of bodies) graph.add(writer.write(b, 'import'));
        // Claims for the readers: a run from genesis.
        runDerivation(graph, ALL, writer);
        const input = recordsOf(graph, 2);
        for (const d of ALL) {
          const all = [...new Set([...input.evidence, ...input.claims].flatMap((r) => d.groups!.of(r)))];
          if (all.length === 0) continue;
          const groups = new Set(picks.map((p) => all[p % all.length]!));
          const { alone, whole } = both(d, input, groups);
          expect(alone).toEqual(whole);
          // Every candidate rests on records of its own group only.
          for (const c of d.derive(input)) {
            const g = d.groups!.ofClaim(c);
            const ids = new Set([...input.evidence, ...input.claims].filter((r) => d.groups!.of(r).includes(g)).map((r) => r.id));
            for (const i of c.inputs) expect(ids.has(i.op_id)).toBe(true);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('the built-ins and a rule table are grouped apart; two rules of one key, or a rule keyed like a built-in, are not', () => {
    expect(groupedApart(ALL)).toBe(true);
    expect(groupedApart([...ALL, RULES[0]!])).toBe(false);
    const [clash] = ruleDerivers({
      ...{ name: 'x', version: '1' },
      rules: [{ claim_type: 'org.x.a', identity_key: 'routine.weekly|gym|tue|morning', payload: {}, inputs: [{ match: { source: 's' }, role: 'r' }], min_inputs: 1, prior: 0.5, factors: [] }],
    });
    expect(groupedApart([...BUILTIN_DERIVERS, clash!])).toBe(false);
    const ungrouped: Deriver = { id: { name: 'u', version: '1' }, reads: [], emits: ['org.u.x'], derive: () => [] };
    expect(groupedApart([...BUILTIN_DERIVERS, ungrouped])).toBe(false);
  });
});

describe('a clone of the graph (what a rehearsal appends to)', () => {
  it('law: a clone appended to is the graph of the whole log, and the graph it came from does not change', () => {
    fc.assert(
      fc.property(fc.array(arbStep, { minLength: 2, maxLength: 8 }), fc.nat(), (steps, cut) => {
        const { ops } = play(steps, BUILTIN_DERIVERS, null);
        const at = cut % (ops.length + 1);
        const before = DerivationGraph.of(ops.slice(0, at));
        const kept = JSON.stringify(served(before));
        const clone = before.clone();
        for (const op of ops.slice(at)) expect(clone.add(op)).toBeNull();
        expect(served(clone)).toEqual(served(DerivationGraph.of(ops)));
        expect(clone.ops.map((o) => clone.indexOf(o.id))).toEqual(ops.map((_, i) => i));
        expect(JSON.stringify(served(before))).toBe(kept);
        expect(before.ops).toHaveLength(at);
      }),
      { numRuns: 60 },
    );
  });
});

describe('runs from the watermark (§7.2)', () => {
  it('law: with a memo, every run appends exactly the ops a run over every record appends (imports, retractions, refutations, corrections, withdrawals)', () => {
    const scopedRuns = new Map<Step['kind'], number>();
    fc.assert(
      fc.property(fc.array(arbStep, { minLength: 1, maxLength: 10 }), fc.boolean(), (steps, withRules) => {
        const derivers = withRules ? ALL : BUILTIN_DERIVERS;
        const whole = play(steps, derivers, null);
        const scoped = play(steps, derivers, new DerivationMemo());
        expect(scoped.ops.map((o) => o.id)).toEqual(whole.ops.map((o) => o.id));
        expect(scoped.ops).toEqual(whole.ops);
        for (const k of scoped.scoped) scopedRuns.set(k, (scopedRuns.get(k) ?? 0) + 1);
      }),
      { numRuns: 150 },
    );
    // The law is tested on runs that did start from the watermark after each kind of step, not only on runs from genesis.
    for (const k of ['add', 'retract', 'refute', 'correct', 'withdraw'] as const) expect(scopedRuns.get(k) ?? 0, k).toBeGreaterThan(10);
  });

  it('law: a memo set down as JSON after each run and picked up before the next (the command line) appends what a run over every record appends', () => {
    const scopedRuns = new Map<Step['kind'], number>();
    fc.assert(
      fc.property(fc.array(arbStep, { minLength: 1, maxLength: 10 }), fc.boolean(), (steps, withRules) => {
        const derivers = withRules ? ALL : BUILTIN_DERIVERS;
        const whole = play(steps, derivers, null);
        const resumed = play(steps, derivers, 'resumed');
        expect(resumed.ops).toEqual(whole.ops);
        for (const k of resumed.scoped) scopedRuns.set(k, (scopedRuns.get(k) ?? 0) + 1);
      }),
      { numRuns: 100 },
    );
    for (const k of ['add', 'retract', 'refute', 'correct', 'withdraw'] as const) expect(scopedRuns.get(k) ?? 0, k).toBeGreaterThan(5);
  });

  it('a snapshot that does not fit is a run from genesis: another log, other derivers, a damaged mark', () => {
    const graph = new DerivationGraph();
    const writer = new ChainWriter('resume', null, key.author, NO_SIG, () => '2026-01-01T00:00:00.000Z');
    for (let w = 0; w < 4; w++) graph.add(writer.write({ kind: 'evidence', source: 'calendar', observed_at: `2025-06-0${2 + w}T07:00:00+02:00`, payload: { summary: 'gym' } }, 'import'));
    const memo = new DerivationMemo();
    runDerivation(graph, BUILTIN_DERIVERS, writer, { memo });
    const snapshot = memo.snapshot()!;
    expect(snapshot.at).toBe(graph.ops.length);
    const fits = DerivationMemo.resume(snapshot, graph, BUILTIN_DERIVERS);
    expect(fits.length).toBe(graph.ops.length);
    const other = new DerivationGraph();
    other.add(new ChainWriter('other', null, key.author, NO_SIG).write({ kind: 'evidence', source: 'calendar', observed_at: '2025-06-02T07:00:00Z', payload: { summary: 'gym' } }, 'import'));
    expect(DerivationMemo.resume(snapshot, other, BUILTIN_DERIVERS).length).toBe(-1);
    expect(DerivationMemo.resume(snapshot, graph, BUILTIN_DERIVERS.slice(1)).length).toBe(-1);
    expect(DerivationMemo.resume({ ...snapshot, mark: 'not a date' }, graph, BUILTIN_DERIVERS).length).toBe(-1);
  });

  it('a correction that moves a routine to another activity and part of the day derives, from the watermark, the preference it now feeds', () => {
    const appended = [null, new DerivationMemo()].map((memo) => {
      const graph = new DerivationGraph();
      const writer = new ChainWriter('moved', null, key.author, NO_SIG, () => '2026-01-01T00:00:00.000Z');
      for (const d of ['2025-03-04', '2025-03-11', '2025-03-18', '2025-03-25'])
        graph.add(writer.write({ kind: 'evidence', source: 'calendar', observed_at: `${d}T07:00:00+01:00`, payload: { summary: 'Gym' } }, 'import'));
      graph.add(writer.write({ kind: 'evidence', source: 'jsonl', observed_at: '2025-06-30T12:00:00Z', payload: { note: 'anchor' } }, 'import'));
      const options = memo ? { memo } : {};
      runDerivation(graph, BUILTIN_DERIVERS, writer, options);
      const seenUpTo = graph.ops.length;
      const k = 'routine.weekly|gym|tue|morning';
      const body = actionBody(graph, { kind: 'correct', key: k, payload: { ...graph.latest(k)!.op.body.payload, activity: 'yoga', part_of_day: 'evening' } });
      if (!body.ok) throw new Error(body.message);
      applyUserOp(graph, writer, body.body, 'graph');
      const run = runDerivation(graph, BUILTIN_DERIVERS, writer, { ...options, seenUpTo });
      if (memo) expect(memo.lastRunScoped).toBe(true);
      return run.appended.map((o) => (o.body.kind === 'claim' ? o.body.identity_key : o.body.kind));
    });
    expect(appended[1]).toEqual(['preference.time_of_day|yoga|evening']);
    expect(appended[1]).toEqual(appended[0]);
  });

  it('a run after one new record re-derives its groups only, and a moved high-water mark or new derivers start from genesis', () => {
    const graph = new DerivationGraph();
    const writer = new ChainWriter('scope', null, key.author, NO_SIG, () => '2026-01-01T00:00:00.000Z');
    const gym = (date: string) => graph.add(writer.write({ kind: 'evidence', source: 'calendar', observed_at: `${date}T07:00:00+01:00`, payload: { summary: 'Gym' } }, 'import'));
    for (const d of ['2025-03-04', '2025-03-11', '2025-03-18', '2025-03-25']) gym(d);
    graph.add(writer.write({ kind: 'evidence', source: 'jsonl', observed_at: '2025-06-30T12:00:00Z', payload: { note: 'anchor' } }, 'import'));
    const memo = new DerivationMemo();
    runDerivation(graph, BUILTIN_DERIVERS, writer, { memo });
    expect(memo.lastRunScoped).toBe(false);
    gym('2025-04-01');
    const run = runDerivation(graph, BUILTIN_DERIVERS, writer, { memo, seenUpTo: graph.ops.length - 1 });
    expect(memo.lastRunScoped).toBe(true);
    expect(run.appended.map((o) => (o.body.kind === 'claim' ? o.body.identity_key : o.body.kind))).toEqual(['routine.weekly|gym|tue|morning', 'preference.time_of_day|gym|morning']);
    // Newer than everything: every recency factor moves, so every group is derived again.
    gym('2025-07-01');
    runDerivation(graph, BUILTIN_DERIVERS, writer, { memo, seenUpTo: graph.ops.length - 1 });
    expect(memo.lastRunScoped).toBe(false);
    runDerivation(graph, [...BUILTIN_DERIVERS].reverse(), writer, { memo });
    expect(memo.lastRunScoped).toBe(false);
  });
});
