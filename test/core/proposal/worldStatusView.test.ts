/**
 * The page's view of a proposal in its session's world (issue 46 item 1), as the
 * validation worker computes it: a session's log holds `proposal_acceptance` ops among
 * its other ops (the session schema takes them, replay keeps them), its acceptances make
 * the world, and the view says the status, its reasons, the world's size, and what
 * Accept would sign — only for a proof of the text, nothing contesting it.
 */
import { describe, expect, it } from 'vitest';
import { generateDeviceKey } from '../../../src/core/oplog/deviceKey.ts';
import type { OperationBody, SignedOperation } from '../../../src/core/oplog/operation.ts';
import { checkOperationShape } from '../../../src/core/oplog/operationSchema.ts';
import { replayLog } from '../../../src/core/oplog/replayLog.ts';
import { appendSigned } from '../../../src/core/oplog/signOperation.ts';
import type { ProofOfText } from '../../../src/core/proposal/index.ts';
import { acceptanceBody, proposalHash, RUN_FIRST, worldStatusView } from '../../../src/core/proposal/index.ts';
import type { Json } from '../../support/proposalFixtures.ts';
import { baseProposal, declarationsOf, redeclaring, textOf } from '../../support/proposalFixtures.ts';

const key = generateDeviceKey(new Uint8Array(32).fill(61));
const PROOF: ProofOfText = { mode: 'entailment', verdict: 'entailed', solver: 'z3' };
const SESSION = 'session-world-test';

/** A session's log: a revision, then an acceptance of each document in turn. */
function sessionLog(...docs: { [k: string]: Json }[]): SignedOperation[] {
  const bodies: OperationBody[] = [
    { kind: 'revision', text_hash: `b3:${'1'.repeat(64)}`, language: 'proposal', length: 10 },
    ...docs.map((doc) => acceptanceBody(doc as Record<string, unknown>, proposalHash(doc)!, 'entailment', 'entailed', 'z3')),
  ];
  const ops: SignedOperation[] = [];
  for (const body of bodies) {
    const last = ops[ops.length - 1];
    ops.push(appendSigned({ session: SESSION, last: last ? { seq: last.seq, id: last.id } : null }, body, key, { at: '2026-11-30T00:00:00.000Z', source: 'inspector' }));
  }
  return ops;
}

/** A new proposal (fp_new) that declares `extra` beside the base declarations. */
function withExtra(extra: { [k: string]: Json }): { [k: string]: Json } {
  const p = baseProposal();
  p.proposalId = 'fp_new';
  declarationsOf(p).push(extra);
  return p;
}

const LOG = sessionLog(baseProposal());
const world = { ops: LOG, session: SESSION };

describe('a session log holds acceptances', () => {
  it('the session schema takes a proposal_acceptance, and replay keeps it among the other ops', () => {
    expect(checkOperationShape(LOG[1]).ok).toBe(true);
    const replay = replayLog(LOG);
    expect(replay.rejected).toEqual([]);
    expect(replay.applied.map((op) => op.body.kind)).toEqual(['revision', 'proposal_acceptance']);
  });

  it.each([
    ['a verdict that is not the proof', { verdict: 'not-entailed' }, 'verdict is not entailed'],
    ['an unknown solver', { solver: 'yices' }, 'solver is not z3 or cvc5'],
    ['a proposal that is not an object', { proposal: [] }, 'proposal is not an object'],
    ['an extra field', { extra: 1 }, 'unknown body field "extra"'],
  ])('refuses %s', (_name, change, detail) => {
    const op = { ...LOG[1]!, body: { ...LOG[1]!.body, ...change } };
    const check = checkOperationShape(op);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.detail).toContain(detail);
  });
});

describe('worldStatusView', () => {
  it.each([
    ['no run yet: proposed, Accept waits for a run', textOf(withExtra({ kind: 'predicate', name: 'taxResident', argSorts: ['Person'], resultSort: 'Bool' })), null, 'proposed', [], RUN_FIRST],
    ['a proof of it, nothing contesting: Accept may sign', textOf(withExtra({ kind: 'predicate', name: 'taxResident', argSorts: ['Person'], resultSort: 'Bool' })), PROOF, 'proposed', [], null],
    ['not a proof', textOf(withExtra({ kind: 'sort', name: 'Company' })), { ...PROOF, verdict: 'not-entailed' }, 'proposed', [], 'only entailed'],
    ['the accepted proposal itself', textOf(baseProposal()), PROOF, 'accepted', [], 'already accepted'],
    ['a redeclaration of a world symbol', textOf(redeclaring()), PROOF, 'contested', ['registry'], 'contested'],
    ['a synonym of a world symbol', textOf(withExtra({ kind: 'predicate', name: 'isLegalHeir', argSorts: ['Person'], resultSort: 'Bool' })), PROOF, 'contested', ['registry'], 'contested'],
    ['not JSON', '{ "schemaVersion": ', PROOF, 'contested', ['schema'], 'contested'],
  ] as const)('%s', (_name, text, proof, status, kinds, refusal) => {
    const view = worldStatusView(text, world, 'entailment', proof);
    expect(view.status).toBe(status);
    expect([...new Set(view.reasons.map((r) => r.kind))]).toEqual(kinds);
    if (refusal === null) expect(view.refusal).toBeNull();
    else expect(view.refusal).toContain(refusal);
    expect(view.acceptance === null).toBe(refusal !== null);
    expect(view.accepted).toBe(1);
  });

  it('a redeclaration names both declarations', () => {
    const view = worldStatusView(textOf(redeclaring()), world, 'entailment', PROOF);
    expect(view.reasons.map((r) => r.code)).toEqual(['registry-world-redeclared']);
    expect(view.reasons[0]!.message).toContain('predicate legalHeir(Person, Person) redeclares legalHeir, which the world already has as predicate legalHeir(Person) (accepted in fp_test_001)');
  });

  it('what Accept signs is the acceptance of the text as written, with the proof given', () => {
    const doc = withExtra({ kind: 'sort', name: 'Company' });
    const view = worldStatusView(textOf(doc), world, 'entailment', PROOF);
    expect(view.acceptance).toEqual(acceptanceBody(doc as Record<string, unknown>, proposalHash(doc)!, 'entailment', 'entailed', 'z3'));
    // Accepted, the world grows: the next read of the same text is accepted, its symbols in the registry.
    const grown = sessionLog(baseProposal(), doc);
    const after = worldStatusView(textOf(doc), { ops: grown, session: SESSION }, 'entailment', PROOF);
    expect(after.status).toBe('accepted');
    expect(after.accepted).toBe(2);
    const other = worldStatusView(textOf(baseProposal()), { ops: grown, session: SESSION }, 'entailment', null);
    expect(other.symbols).toBe(7);
  });

  it('an empty session log is an empty world', () => {
    const view = worldStatusView(textOf(baseProposal()), { ops: [], session: SESSION }, 'entailment', PROOF);
    expect(view).toMatchObject({ status: 'proposed', accepted: 0, symbols: 0, refusal: null, problems: [] });
  });
});
