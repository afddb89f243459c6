/**
 * Gaia's review records and review gate against real Gaia (scripts/gaia-review-oracle.py
 * wrote test/fixtures/gaia-review/NAME.json from the fixture package): the records Gaia
 * generates, field for field, and the beliefs its lowering gives with nothing reviewed,
 * everything accepted, and each record rejected with the others accepted — reached here
 * by handing the reviewed IR to the one inference path.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heldOutTargets, irUnderReview, reviewStatuses } from '../../../src/core/gaia/review/reviewGate.ts';
import type { ReviewDecision } from '../../../src/core/gaia/review/reviewGate.ts';
import { reviewItems } from '../../../src/core/gaia/review/reviewItems.ts';
import type { GaiaIr } from '../../../src/core/infer/irInput.ts';
import { posteriorsById, runInference } from '../../../src/core/infer/runInference.ts';

const FIXTURES = ['compose', 'compose-pattern', 'flat-cycle', 'tides', 'bayes-law-hand', 'joint-glass', 'formula-decompose', 'compute', 'bayes-mendel', 'compose-docs', 'bayes-ldl-docs'];

interface OracleReview {
  readonly review_id: string;
  readonly action_label: string;
  readonly target_kind: string;
  readonly target_id: string;
  readonly audit_question: string;
  readonly status: string;
}
interface Oracle {
  readonly reviews: readonly OracleReview[];
  readonly beliefs: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

const root = join(import.meta.dirname, '../../fixtures');
const irOf = (name: string): GaiaIr => JSON.parse(readFileSync(join(root, 'gaia-packages', `${name}.expected`, 'ir.json'), 'utf8')) as GaiaIr;
const oracleOf = (name: string): Oracle => JSON.parse(readFileSync(join(root, 'gaia-review', `${name}.json`), 'utf8')) as Oracle;

function beliefsUnder(ir: GaiaIr, decisions: readonly ReviewDecision[], reading: 'decisions' | 'gate'): Map<string, number> {
  const items = reviewItems(ir);
  const result = runInference(irUnderReview(ir, heldOutTargets(items, reviewStatuses(items, decisions), reading)));
  expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
  return posteriorsById(result);
}

function expectBeliefs(got: ReadonlyMap<string, number>, want: Readonly<Record<string, number>>): void {
  expect([...got.keys()].sort()).toEqual(Object.keys(want).sort());
  for (const [id, b] of Object.entries(want)) expect(Math.abs(got.get(id)! - b), id).toBeLessThanOrEqual(1e-9);
}

describe.each(FIXTURES)('%s: Gaia’s review records and gate', (name) => {
  const ir = irOf(name);
  const oracle = oracleOf(name);
  const items = reviewItems(ir);
  const all = (decision: 'accepted' | 'rejected') => items.map((i) => ({ target: i.target_id, decision }));

  it('lists the records Gaia generates: ids, labels, kinds, targets, audit questions, in Gaia’s order', () => {
    expect(items.map(({ review_id, action_label, target_kind, target_id, audit_question }) => ({ review_id, action_label, target_kind, target_id, audit_question }))).toEqual(
      oracle.reviews.map(({ review_id, action_label, target_kind, target_id, audit_question }) => ({ review_id, action_label, target_kind, target_id, audit_question })),
    );
  });

  it('nothing decided: the ordinary inference (Gaia’s run infer does not gate unreviewed warrants)', () => {
    expectBeliefs(beliefsUnder(ir, [], 'decisions'), oracle.beliefs['default']!);
  });

  it('Gaia’s review gate with nothing reviewed: only targets without an action label enter', () => {
    expectBeliefs(beliefsUnder(ir, [], 'gate'), oracle.beliefs['unreviewed']!);
  });

  it('everything accepted: Gaia’s gated beliefs, which are the ordinary ones', () => {
    expectBeliefs(beliefsUnder(ir, all('accepted'), 'gate'), oracle.beliefs['accepted']!);
    expectBeliefs(beliefsUnder(ir, all('accepted'), 'decisions'), oracle.beliefs['default']!);
  });

  it('everything needing inputs: out of Gaia’s gate as if unreviewed, in the decisions reading as Gaia’s run infer', () => {
    const needs = items.map((i) => ({ target: i.target_id, decision: 'needs_inputs' as const }));
    expectBeliefs(beliefsUnder(ir, needs, 'gate'), oracle.beliefs['unreviewed']!);
    expectBeliefs(beliefsUnder(ir, needs, 'decisions'), oracle.beliefs['default']!);
  });

  it.each(oracle.reviews.map((r) => [r.target_kind, r.target_id] as const))('%s %s rejected, the rest accepted: Gaia’s beliefs', (_kind, target) => {
    const decisions = [...all('accepted'), { target, decision: 'rejected' as const }];
    expectBeliefs(beliefsUnder(ir, decisions, 'gate'), oracle.beliefs[`rejected:${target}`]!);
    expectBeliefs(beliefsUnder(ir, [{ target, decision: 'rejected' }], 'decisions'), oracle.beliefs[`rejected:${target}`]!);
  });
});

describe('laws of the decisions', () => {
  const ir = irOf('compose');
  const items = reviewItems(ir);
  const decision = fc.record({ target: fc.constantFrom(...items.map((i) => i.target_id)), decision: fc.constantFrom('accepted' as const, 'rejected' as const) });

  it('the latest decision per record is what counts: a log and the log of each record’s last decision give the same statuses', () => {
    fc.assert(
      fc.property(fc.array(decision, { maxLength: 30 }), (log) => {
        const last = new Map(log.map((d) => [d.target, d]));
        expect(reviewStatuses(items, log)).toEqual(reviewStatuses(items, [...last.values()]));
      }),
    );
  });

  it('rejecting then accepting a record is accepting it; accepting everything is the ordinary inference under both readings', () => {
    fc.assert(
      fc.property(fc.subarray(items.map((i) => i.target_id)), (targets) => {
        const flipped = [...targets.map((t) => ({ target: t, decision: 'rejected' as const })), ...items.map((i) => ({ target: i.target_id, decision: 'accepted' as const }))];
        const statuses = reviewStatuses(items, flipped);
        expect(heldOutTargets(items, statuses, 'gate').size).toBe(0);
        expect(irUnderReview(ir, heldOutTargets(items, statuses, 'decisions'))).toBe(ir);
      }),
      { numRuns: 50 },
    );
  });

  it('the gate holds out at least what the decisions reading does', () => {
    fc.assert(
      fc.property(fc.array(decision, { maxLength: 20 }), (log) => {
        const statuses = reviewStatuses(items, log);
        const gate = heldOutTargets(items, statuses, 'gate');
        for (const t of heldOutTargets(items, statuses, 'decisions')) expect(gate.has(t)).toBe(true);
      }),
    );
  });
});
