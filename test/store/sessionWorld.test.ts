/**
 * The page's world is its session's log (issue 46 item 1), and what the proposal view and
 * the review panel show is worked out in the validation worker: through the real
 * SessionController and the worker's API (called as comlink would), Accept appends a
 * signed `proposal_acceptance` to the session's log; the worker then reads the proposal
 * as accepted and the registry grown. A second device reading the same ops out of the
 * session's room (the Yjs document every member syncs, read by the one room reader) sees
 * the proposal accepted, and a proposal there that redeclares an accepted symbol contested.
 * The review panel's records and statuses come from the worker, following the decisions.
 */
import { readFileSync } from 'node:fs';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { decisionBody } from '../../src/core/gaia/review/reviewDecisionOps.ts';
import { reviewItems } from '../../src/core/gaia/review/reviewItems.ts';
import type { GaiaIr } from '../../src/core/infer/irInput.ts';
import type { SignedOperation } from '../../src/core/oplog/operation.ts';
import { verifyOperation } from '../../src/core/oplog/verifyOperation.ts';
import type { ProofOfText } from '../../src/core/proposal/index.ts';
import { RUN_FIRST } from '../../src/core/proposal/index.ts';
import { addRoomOps, roomOpEntries } from '../../src/core/team/roomDoc.ts';
import { RoomLogReader } from '../../src/core/team/roomLog.ts';
import { useDocumentStore } from '../../src/store/document/documentStore.ts';
import { useLifecycleStore } from '../../src/store/session/lifecycleStore.ts';
import { createValidationApi } from '../../workers/validationApi.ts';
import { baseProposal, redeclaring, textOf } from '../support/proposalFixtures.ts';
import { openPageSession } from '../support/pageSession.ts';

const PROOF: ProofOfText = { mode: 'entailment', verdict: 'entailed', solver: 'z3' };

const version = () => useDocumentStore.getState().analysis!.version;

/** A second device: its own worker, holding `ops` as its session's log and `text` as its document. */
function otherDevice(session: string, ops: readonly SignedOperation[], text: string) {
  const api = createValidationApi();
  api.analyze({ version: 1, text, language: 'proposal', baseVersion: null, fileName: 'other.json' });
  api.dispatch({ version: 1, log: { session, length: 0 }, action: { kind: 'open', session, ops } });
  return (mode: ProofOfText | null = null) => api.proposalWorld({ version: 1, log: { session, length: ops.length }, mode: 'entailment', proof: mode });
}

describe('the world in the session log', () => {
  it('Accept appends a signed acceptance; the worker reads the proposal as accepted and the registry grown', async () => {
    const page = await openPageSession(textOf(baseProposal()), 'proposal');
    const before = await page.controller.proposalWorld(version(), 'entailment', null);
    expect(before).toMatchObject({ status: 'proposed', accepted: 0, symbols: 0, refusal: RUN_FIRST, acceptance: null });

    const proved = (await page.controller.proposalWorld(version(), 'entailment', PROOF))!;
    expect(proved.refusal).toBeNull();
    const written = await page.controller.recordAcceptance(proved.acceptance!);
    expect(typeof written).not.toBe('string');
    const log = useLifecycleStore.getState().log;
    expect(log[log.length - 1]).toBe(written);
    expect((written as SignedOperation).body).toEqual(proved.acceptance);

    const after = await page.controller.proposalWorld(version(), 'entailment', PROOF);
    expect(after).toMatchObject({ status: 'accepted', accepted: 1, symbols: 6, refusal: 'the proposal is already accepted in this world' });

    // A redeclaration typed into the same session is contested, naming both declarations.
    await page.edit(textOf(redeclaring()));
    const contested = (await page.controller.proposalWorld(version(), 'entailment', PROOF))!;
    expect(contested.status).toBe('contested');
    expect(contested.reasons.map((r) => r.code)).toEqual(['registry-world-redeclared']);
    expect(contested.reasons[0]!.message).toContain('which the world already has as predicate legalHeir(Person) (accepted in fp_test_001)');
    expect(contested.acceptance).toBeNull();
  });

  it('a log the worker does not hold yet gets no answer (the page asks again)', async () => {
    const page = await openPageSession(textOf(baseProposal()), 'proposal');
    const session = page.controller.log[0]?.session ?? 'none';
    expect(page.api.proposalWorld({ version: version(), log: { session, length: page.controller.logLength + 1 }, mode: 'entailment', proof: null })).toBeNull();
    expect(page.api.proposalWorld({ version: 999, log: { session, length: page.controller.logLength }, mode: 'entailment', proof: null })).toBeNull();
  });

  it('a session shared read-only refuses Accept with the reason, writing nothing', async () => {
    const page = await openPageSession(textOf(baseProposal()), 'proposal');
    const proved = (await page.controller.proposalWorld(version(), 'entailment', PROOF))!;
    const length = page.controller.logLength;
    page.controller.setGates({ write: () => 'this session is shared with you read-only', revision: () => true });
    expect(await page.controller.recordAcceptance(proved.acceptance!)).toBe('not accepted: this session is shared with you read-only');
    expect(page.controller.logLength).toBe(length);
    page.controller.setGates(null);
  });

  it("a second device reading the session's room sees the proposal accepted, and a redeclaration contested", async () => {
    const page = await openPageSession(textOf(baseProposal()), 'proposal');
    const proved = (await page.controller.proposalWorld(version(), 'entailment', PROOF))!;
    await page.controller.recordAcceptance(proved.acceptance!);
    const ops = page.controller.log;
    const session = ops[0]!.session;

    // Device A's ops go into the room; device B's copy of the room syncs them.
    const roomA = new Y.Doc();
    addRoomOps(roomA, ops);
    const roomB = new Y.Doc();
    Y.applyUpdate(roomB, Y.encodeStateAsUpdate(roomA));
    const reading = await new RoomLogReader(session, (x) => verifyOperation(x)).read(roomOpEntries(roomB));
    expect(reading.refused).toEqual([]);
    expect(reading.applied.map((op) => op.id)).toEqual(ops.map((op) => op.id));

    const accepted = otherDevice(session, reading.applied, textOf(baseProposal()))();
    expect(accepted).toMatchObject({ status: 'accepted', accepted: 1, symbols: 6 });
    const contested = otherDevice(session, reading.applied, textOf(redeclaring()))(PROOF);
    expect(contested?.status).toBe('contested');
    expect(contested?.reasons.map((r) => r.code)).toEqual(['registry-world-redeclared']);
  });
});

describe('the review panel from the worker', () => {
  const SAMPLE = readFileSync(new URL('../../public/samples/pendulum_period.py', import.meta.url), 'utf8');

  it("lists the package's review records with their statuses, following the session's decisions", async () => {
    const page = await openPageSession(SAMPLE, 'gaia');
    const items = reviewItems(useDocumentStore.getState().analysis!.ir as GaiaIr);
    expect(items.length).toBeGreaterThan(0);
    const first = (await page.controller.reviewPanel(version()))!;
    expect(first.compiled).toBe(true);
    expect(first.records.map((r) => r.item)).toEqual(items);
    expect(first.records.every((r) => r.status === 'unreviewed')).toBe(true);
    expect(first.counts).toEqual({ unreviewed: items.length, accepted: 0, rejected: 0, needs_inputs: 0 });

    await page.controller.recordReview(decisionBody(items[0]!, 'rejected'));
    const after = (await page.controller.reviewPanel(version()))!;
    expect(after.records[0]!.status).toBe('rejected');
    expect(after.counts).toEqual({ unreviewed: items.length - 1, accepted: 0, rejected: 1, needs_inputs: 0 });
  });

  it('a document that is not a compiled package has no records', async () => {
    const page = await openPageSession(textOf(baseProposal()), 'proposal');
    expect(await page.controller.reviewPanel(version())).toEqual({ compiled: false, records: [], counts: { unreviewed: 0, accepted: 0, rejected: 0, needs_inputs: 0 } });
  });
});
