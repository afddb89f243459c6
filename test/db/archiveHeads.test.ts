/**
 * Archives and where their logs end (issue 42, item 7): an archive whose log lost its
 * head is refused unless the import is asked for explicitly; one older than a head this
 * device has seen of the session is refused as rolled back (only its own explicit
 * choice passes over that); an archive's document obeys the document limit; and every
 * archive Warrant writes carries a head.
 */
import { describe, expect, it } from 'vitest';
import { signHead } from '../../src/core/oplog/logHead.ts';
import { decodeShare, encodeShare } from '../../src/core/share/shareLink.ts';
import { verifyOperation } from '../../src/core/oplog/verifyOperation.ts';
import { MAX_DOCUMENT_BYTES } from '../../src/core/text/inputLimits.ts';
import type { HeadSigner } from '../../src/db/opLogStore.ts';
import { OpLogStore } from '../../src/db/opLogStore.ts';
import type { ImportResult } from '../../src/db/sessionArchive.ts';
import { exportSession, importSession } from '../../src/db/sessionArchive.ts';
import { SessionRepository } from '../../src/db/sessionRepository.ts';
import type { WarrantDb } from '../../src/db/warrantDb.ts';
import { colleagueKey, NINE_TEXT, ownerKey, ownerLog } from '../../fuzz/generators/signedLogs.ts';
import { databasesPerTest, fakeSigner } from './dbFixtures.ts';

const db = databasesPerTest();

const ownerHeads: HeadSigner = { author: ownerKey.author, sign: async (head) => signHead(head, ownerKey) };
const verify = (op: unknown) => verifyOperation(op).ok;

/** A session of the owner's with `counts` ops written in steps (heads signed by `heads`; null: none), exported after each step: its archives, oldest first. */
async function archivesOf(counts: readonly number[], heads: HeadSigner | null = ownerHeads): Promise<{ id: string; archives: string[] }> {
  const d = await db();
  const repo = new SessionRepository(d, { now: () => 1700000000000 });
  const created = await repo.create({ name: 'trace', language: 'clair', text: NINE_TEXT });
  if (!created.ok) throw new Error('create');
  const id = created.session.id;
  await repo.storeText(id, NINE_TEXT);
  const ops = ownerLog(Math.max(...counts), id);
  const store = new OpLogStore(d, heads ? { headSigner: heads } : {});
  const archives: string[] = [];
  let written = 0;
  for (const count of counts) {
    store.appendMany(ops.slice(written, count));
    written = count;
    await store.flushNow();
    const exported = await exportSession(d, id);
    if (!exported.ok) throw new Error(exported.problem.message);
    archives.push(exported.json);
  }
  return { id, archives };
}

function edited(json: string, change: (archive: Record<string, unknown> & { ops: unknown[] }) => void): string {
  const archive = JSON.parse(json);
  change(archive);
  return JSON.stringify(archive);
}

function codes(result: ImportResult): string[] {
  return result.ok ? [] : result.problems.map((p) => p.code);
}

async function counts(d: WarrantDb) {
  return { sessions: await d.sessions.count(), ops: await d.ops.count(), heads: await d.heads.count() };
}

describe('an archive whose log lost its head', () => {
  it('the head removed and the last ops dropped: refused, nothing written; imported when asked for explicitly', async () => {
    const { archives } = await archivesOf([10]);
    const cut = edited(archives[0]!, (a) => {
      delete a.head;
      a.ops.splice(8);
    });
    const target = await db();
    const refused = await importSession(target, cut, { verify });
    expect(codes(refused)).toEqual(['headless-log']);
    expect(refused.ok ? '' : refused.problems[0]!.message).toMatch(/has no signed head, so whether it was cut short cannot be checked.*import it without a head only if you trust where it came from/);
    expect(await counts(target)).toEqual({ sessions: 0, ops: 0, heads: 0 });

    const chosen = await importSession(target, cut, { verify, allowHeadless: true });
    expect(chosen).toMatchObject({ ok: true, outcome: 'imported' });
    expect(await counts(target)).toEqual({ sessions: 1, ops: 8, heads: 0 });
  });

  it('a share link carrying such a log: the link reads, the import it leads to is refused the same way', async () => {
    const { archives } = await archivesOf([10]);
    const cut = edited(archives[0]!, (a) => {
      delete a.head;
      a.ops.splice(7);
    });
    const opened = decodeShare(`#share=${encodeShare({ name: 'trace', archive: cut })}`);
    if (!opened.ok || !('archive' in opened.payload)) throw new Error('the link does not read');
    const target = await db();
    expect(codes(await importSession(target, opened.payload.archive, { verify }))).toEqual(['headless-log']);
    expect(await importSession(target, opened.payload.archive, { verify, allowHeadless: true })).toMatchObject({ ok: true });
  });

  it('a session with no ops needs no head', async () => {
    const { archives } = await archivesOf([0]);
    expect(JSON.parse(archives[0]!).head).toBeUndefined();
    expect(await importSession(await db(), archives[0]!)).toMatchObject({ ok: true, outcome: 'imported' });
  });

  it('every archive Warrant writes carries a head: a log stored without one gets one signed by the device when it is a member', async () => {
    const { id, archives } = await archivesOf([6], null);
    expect(JSON.parse(archives[0]!).head).toBeUndefined();
    const d = await db();
    expect(await importSession(d, archives[0]!, { allowHeadless: true })).toMatchObject({ ok: true });
    const signed = await exportSession(d, id, ownerHeads);
    if (!signed.ok) throw new Error(signed.problem.message);
    expect(JSON.parse(signed.json).head).toMatchObject({ kind: 'head', session: id, seq: 6, count: 6, author: ownerKey.author });
    expect(await importSession(await db(), signed.json, { verify })).toMatchObject({ ok: true, outcome: 'imported' });
    // A device that is not a member cannot vouch for the log: no head is made up.
    const stranger = await exportSession(d, id, { author: colleagueKey.author, sign: async (head) => signHead(head, colleagueKey) });
    expect(stranger.ok && JSON.parse(stranger.json).head).toBeUndefined();
  });
});

describe('an archive older than a head this device has seen', () => {
  it('an older genuine head with the log cut to it: refused as rolled back, naming both counts; imported when asked for explicitly', async () => {
    const { id, archives } = await archivesOf([7, 10]);
    const [older, newer] = archives as [string, string];
    const target = await db();
    expect(await importSession(target, newer, { verify })).toMatchObject({ ok: true, outcome: 'imported' });
    const refused = await importSession(target, older, { verify, sign: fakeSigner });
    expect(codes(refused)).toEqual(['rolled-back']);
    expect(refused.ok ? '' : refused.problems[0]!.message).toContain(`the log holds 7 operations, but this device has seen a head of session ${id} with 10 operations`);
    // The headless choice does not pass over a rollback.
    expect(codes(await importSession(target, older, { verify, sign: fakeSigner, allowHeadless: true }))).toEqual(['rolled-back']);
    expect(await counts(target)).toEqual({ sessions: 1, ops: 10, heads: 1 });
    expect(await importSession(target, older, { verify, sign: fakeSigner, allowRollback: true, newId: () => 'session:older' })).toMatchObject({ ok: true, outcome: 'imported-as-new' });
  });

  it('the head a device saw in an archive it imported under another id, or deleted since, is remembered', async () => {
    const { id, archives } = await archivesOf([7, 10]);
    const [older, newer] = archives as [string, string];
    const target = await db();
    // Not a member: the archive becomes a new session here, re-signed; its own id's head is remembered.
    expect(await importSession(target, newer, { verify, sign: fakeSigner, member: colleagueKey.author, newId: () => 'session:mine' })).toMatchObject({ ok: true, outcome: 'imported-as-new' });
    expect(await target.sessions.get(id)).toBeUndefined();
    expect(await target.seenHeads.get(id)).toMatchObject({ session: id, head: { count: 10 } });
    expect(codes(await importSession(target, older, { verify, sign: fakeSigner, member: colleagueKey.author }))).toEqual(['rolled-back']);

    const other = await db();
    expect(await importSession(other, newer, { verify })).toMatchObject({ ok: true, outcome: 'imported' });
    expect((await new SessionRepository(other).delete(id)).ok).toBe(true);
    expect(codes(await importSession(other, older, { verify }))).toEqual(['rolled-back']);
  });

  it('the head removed from an archive of a session the device knows: rolled back too, which --allow-headless alone does not pass over', async () => {
    const { archives } = await archivesOf([10]);
    const target = await db();
    expect(await importSession(target, archives[0]!, { verify, member: colleagueKey.author, sign: fakeSigner })).toMatchObject({ ok: true });
    const headless = edited(archives[0]!, (a) => delete a.head);
    expect(codes(await importSession(target, headless, { verify, member: colleagueKey.author, sign: fakeSigner }))).toEqual(['headless-log', 'rolled-back']);
    expect(codes(await importSession(target, headless, { verify, member: colleagueKey.author, sign: fakeSigner, allowHeadless: true }))).toEqual(['rolled-back']);
    expect(await importSession(target, headless, { verify, member: colleagueKey.author, sign: fakeSigner, allowHeadless: true, allowRollback: true })).toMatchObject({ ok: true });
  });

  it('ordinary use never trips it: the same archive twice, an older one then a newer one', async () => {
    const { archives } = await archivesOf([7, 10]);
    const [older, newer] = archives as [string, string];
    const target = await db();
    expect(await importSession(target, older, { verify })).toMatchObject({ ok: true, outcome: 'imported' });
    expect(await importSession(target, older, { verify })).toMatchObject({ ok: true, outcome: 'unchanged' });
    // Newer than the stored session: a new session (its id is taken), and its head remembered.
    expect(await importSession(target, newer, { verify, sign: fakeSigner })).toMatchObject({ ok: true, outcome: 'imported-as-new' });
    expect(await importSession(target, newer, { verify, sign: fakeSigner })).toMatchObject({ ok: true });
    // …after which the older one is older than what this device has seen.
    expect(codes(await importSession(target, older, { verify, sign: fakeSigner }))).toEqual(['rolled-back']);
  });
});

describe('an archive obeys the document limit a paste does', () => {
  it('a session text past 16 MiB is refused with the same words as an over-large file', async () => {
    const { archives } = await archivesOf([3]);
    const big = edited(archives[0]!, (a) => {
      (a.session as { text: string }).text = 'x'.repeat(MAX_DOCUMENT_BYTES + 1);
    });
    const refused = await importSession(await db(), big, { verify });
    expect(codes(refused)).toEqual(['invalid-archive']);
    expect(refused.ok ? '' : refused.problems[0]!.message).toBe("The session's text cannot be opened: it is 16777217 bytes; Warrant reads at most 16 MiB for a document.");
  });
});
