/**
 * The page's world is kept with its session (issue 46 item 1): a `proposal_acceptance`
 * appended to a session's log is written to IndexedDB like any op, with its signed head,
 * and reads back — verified as the page verifies a session it opens — with nothing set
 * aside; the world rebuilt from what was read holds the accepted proposal.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { extend, ownerKey } from '../../fuzz/generators/signedLogs.ts';
import { signHead } from '../../src/core/oplog/logHead.ts';
import type { OperationBody } from '../../src/core/oplog/operation.ts';
import { textHash } from '../../src/core/oplog/opId.ts';
import { readLogValues } from '../../src/core/oplog/readLog.ts';
import { acceptanceBody, proposalHash, worldOf } from '../../src/core/proposal/index.ts';
import type { DbProblem } from '../../src/db/dbProblem.ts';
import { OpLogStore } from '../../src/db/opLogStore.ts';
import type { WarrantDb } from '../../src/db/warrantDb.ts';
import { nativeSignatureCheck } from '../../src/node/nativeSignatureCheck.ts';
import { baseProposal } from '../support/proposalFixtures.ts';
import { freshDb, ManualTimers } from './dbFixtures.ts';

const open: WarrantDb[] = [];
afterEach(() => {
  for (const d of open.splice(0)) d.close();
});

const headSigner = { author: ownerKey.author, sign: async (head: Parameters<typeof signHead>[0]) => signHead(head, ownerKey) };

describe('an acceptance in the session store', () => {
  it('is written with its head and reads back verified; the world rebuilt from it holds the proposal', async () => {
    const db = await freshDb();
    open.push(db);
    const problems: DbProblem[] = [];
    const store = new OpLogStore(db, { batchSize: 10, timers: new ManualTimers(), headSigner, onProblem: (p) => problems.push(p) });
    const session = 'session:world';
    const doc = baseProposal() as Record<string, unknown>;
    const text = JSON.stringify(doc);
    const bodies: OperationBody[] = [
      { kind: 'revision', text_hash: textHash(text), language: 'proposal', length: text.length },
      acceptanceBody(doc, proposalHash(doc)!, 'entailment', 'entailed', 'z3'),
    ];
    const ops = extend({ session, last: null }, bodies);
    store.appendMany(ops);
    await store.flushNow();
    expect(problems).toEqual([]);

    const stored = await db.ops.where('[session+seq]').between([session, 0], [session, Infinity]).toArray();
    const head = (await db.heads.get(session)) ?? null;
    expect(head?.seq).toBe(2);
    const reading = readLogValues(stored, { session, head, checkSignature: nativeSignatureCheck });
    expect(reading.rejected).toEqual([]);
    expect(reading.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(reading.applied.map((op) => op.id)).toEqual(ops.map((op) => op.id));
    const world = worldOf(reading.applied, session);
    expect(world.acceptances.map((a) => a.proposalId)).toEqual(['fp_test_001']);
    expect(world.registry.entries.size).toBe(6);
  });
});
