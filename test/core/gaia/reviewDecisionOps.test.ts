/**
 * Review decisions as signed ops (`review_decision`): the strict shape check admits exactly
 * the body `warrant review` and the page write and refuses the rest with a reason; a log
 * signed and replayed gives its decisions back in order; the lifecycle fold passes over
 * them (they act on inference, not on states); and the report's items carry the status
 * and the belief inference gives under them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../../src/core/analysis/analyzeDocument.ts';
import { decisionBody, decisionsOfLog } from '../../../src/core/gaia/review/reviewDecisionOps.ts';
import { reviewStatuses } from '../../../src/core/gaia/review/reviewGate.ts';
import { reviewItems } from '../../../src/core/gaia/review/reviewItems.ts';
import { irWithDecisions, reviewReport } from '../../../src/core/gaia/review/reviewReport.ts';
import type { GaiaIr } from '../../../src/core/infer/irInput.ts';
import { buildDependencyIndex } from '../../../src/core/oplog/dependencyIndex.ts';
import { generateDeviceKey } from '../../../src/core/oplog/deviceKey.ts';
import type { OperationBody, SignedOperation } from '../../../src/core/oplog/operation.ts';
import { checkOperationShape } from '../../../src/core/oplog/operationSchema.ts';
import { replayLog } from '../../../src/core/oplog/replayLog.ts';
import type { LogTip } from '../../../src/core/oplog/signOperation.ts';
import { appendSigned } from '../../../src/core/oplog/signOperation.ts';
import { foldSession } from '../../../src/core/session/sessionModel.ts';

const key = generateDeviceKey(new Uint8Array(32).fill(5));
const ir = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/gaia-packages/tides.expected/ir.json'), 'utf8')) as GaiaIr;
const oracle = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/gaia-review/tides.json'), 'utf8')) as { beliefs: Record<string, Record<string, number>> };
const items = reviewItems(ir);
const [observe, derive] = items as [(typeof items)[0], (typeof items)[0]];

function chain(bodies: readonly OperationBody[]): SignedOperation[] {
  const out: SignedOperation[] = [];
  let tip: LogTip = { session: 'review-s', last: null };
  for (const body of bodies) {
    const op = appendSigned(tip, body, key, { at: '2026-01-01T00:00:00.000Z', source: 'cli' });
    out.push(op);
    tip = { session: 'review-s', last: op };
  }
  return out;
}

describe('the review_decision body', () => {
  it('is what decisionBody writes: the target id, the decision and the action label', () => {
    expect(decisionBody(derive, 'rejected')).toEqual({ kind: 'review_decision', target: 'lcs_27da5cf72c0dc6c6', decision: 'rejected', action_label: 'demo:tides::action::_anon_action_001' });
    expect(decisionBody(observe, 'accepted', 'seen twice')).toMatchObject({ decision: 'accepted', note: 'seen twice' });
  });

  it.each([
    [{ kind: 'review_decision', target: 'lcs_x', decision: 'accepted' }, null],
    [{ kind: 'review_decision', target: 'lcs_x', decision: 'rejected', action_label: 'p::action::a', note: 'n' }, null],
    [{ kind: 'review_decision', target: 'lcs_x', decision: 'needs_inputs' }, null],
    [{ kind: 'review_decision', target: 'lcs_x', decision: 'unreviewed' }, 'body: decision is not accepted, rejected or needs_inputs'],
    [{ kind: 'review_decision', target: '', decision: 'accepted' }, 'body: target is not a non-empty string'],
    [{ kind: 'review_decision', target: 'lcs_x', decision: 'accepted', action_label: 3 }, 'body: action_label is not a string'],
    [{ kind: 'review_decision', target: 'lcs_x', decision: 'accepted', prior: 0.5 }, 'unknown body field "prior" for review_decision'],
  ])('shape check of %j', (body, problem) => {
    const [op] = chain([body as unknown as OperationBody]);
    const checked = checkOperationShape(op);
    expect(checked.ok ? null : checked.detail).toBe(problem);
  });
});

describe('a decision follows its action when the target id changes', () => {
  it.each([
    [
      'a strategy id an edit changed, its label still unique: the decision follows',
      { target: 'lcs_gone', decision: 'rejected' as const, action_label: derive.action_label },
      ['unreviewed', 'rejected'],
    ],
    ['no label recorded: the decision names nothing now', { target: 'lcs_gone', decision: 'rejected' as const }, ['unreviewed', 'unreviewed']],
    ['a label no record has: ignored', { target: 'lcs_gone', decision: 'rejected' as const, action_label: 'demo:tides::action::other' }, ['unreviewed', 'unreviewed']],
  ])('%s', (_, decision, want) => {
    expect([...reviewStatuses(items, [decision]).values()]).toEqual(want);
  });
});

describe('decisions in a log', () => {
  const log = chain([decisionBody(derive, 'rejected'), decisionBody(observe, 'accepted'), decisionBody(derive, 'accepted')]);

  it('replay keeps them, in order, and gives them back', () => {
    const state = replayLog(log);
    expect(state.rejected).toEqual([]);
    expect(decisionsOfLog(state.applied)).toEqual([
      { target: derive.target_id, decision: 'rejected', action_label: derive.action_label },
      { target: observe.target_id, decision: 'accepted', action_label: observe.action_label },
      { target: derive.target_id, decision: 'accepted', action_label: derive.action_label },
    ]);
  });

  it('the lifecycle fold passes over them: nothing skipped, nothing standing', () => {
    const index = buildDependencyIndex(analyzeDocument('b1 .9 L0 @self "s1"', 'clair', 1).graph);
    const model = foldSession(index, log);
    expect(model.skipped).toEqual([]);
    expect(model.standing.size).toBe(0);
  });

  it('the report: statuses from the latest decision, beliefs as Gaia gives them under the decisions', () => {
    const report = reviewReport(ir, decisionsOfLog(log.slice(0, 2)));
    expect(report.items.map((i) => i.status)).toEqual(['accepted', 'rejected']);
    expect(report.counts).toEqual({ unreviewed: 0, accepted: 1, rejected: 1, needs_inputs: 0 });
    const want = oracle.beliefs[`rejected:${derive.target_id}`]!;
    expect(report.items[1]!.belief).toBeCloseTo(want['demo:tides::lunar_pull']!, 9);
    expect(report.items[1]!.prior).toBe(0.6);
    expect(report.items[0]!.gated_belief).toBeCloseTo(want['demo:tides::moon_overhead']!, 9);
    // The whole log: the derive accepted again, so nothing is held out.
    expect(irWithDecisions(ir, decisionsOfLog(log))).toBe(ir);
  });
});
