import { describe, expect, it } from 'vitest';
import { OpLogStore } from '../../src/db/opLogStore.ts';
import { exportSession, importSession, SESSION_ARCHIVE_FORMAT } from '../../src/db/sessionArchive.ts';
import { SessionRepository } from '../../src/db/sessionRepository.ts';
import type { WarrantDb } from '../../src/db/warrantDb.ts';
import { fakeSigner, databasesPerTest, makeOps } from './dbFixtures.ts';

const db = databasesPerTest();

/**
 * The fixture's ops are signed by hashing (dbFixtures.ts), so no real head can vouch for
 * them: these tests, about the archive's shape, import them headless on purpose
 * (test/db/archiveHeads.test.ts is about heads).
 */
const headless = { allowHeadless: true } as const;

/** A session with two revisions and a few corrections. */
async function seeded(d: WarrantDb) {
  const repo = new SessionRepository(d, { now: () => 1700000000000 });
  const created = await repo.create({ name: 'Trace “α”', language: 'clair', text: 'b1 .9 L0 @self "first"' });
  if (!created.ok) throw new Error('create');
  const id = created.session.id;
  await repo.saveEditingState(id, { selection: { anchor: 1, head: 4 }, viewport: { x: 1.5, y: -2, zoom: 0.75 } });
  const h1 = await repo.storeText(id, 'b1 .9 L0 @self "first"');
  const h2 = await repo.storeText(id, 'b1 .8 L0 @self "second"\n');
  const ops = makeOps(id, 6, {
    body: (seq) =>
      seq === 1
        ? { kind: 'revision', text_hash: h1, language: 'clair', length: 22 }
        : seq === 4
          ? { kind: 'revision', text_hash: h2, language: 'clair', length: 24 }
          : { kind: 'claim_correction', target: 'b1', value: seq / 10, revision: null, note: `n${seq}` },
  });
  const store = new OpLogStore(d);
  store.appendMany(ops);
  await store.flushNow();
  return { repo, id, ops };
}

describe('session archive (warrant.session.v1)', () => {
  it('round trips byte for byte with the same op ids', async () => {
    const source = await db();
    const { id, ops } = await seeded(source);
    const exported = await exportSession(source, id);
    if (!exported.ok) throw new Error(exported.problem.message);
    const parsed = JSON.parse(exported.json);
    expect(parsed.format).toBe(SESSION_ARCHIVE_FORMAT);
    expect(parsed.texts).toHaveLength(2);
    expect(parsed.ops.map((o: { id: string }) => o.id)).toEqual(ops.map((o) => o.id));

    const target = await db();
    const imported = await importSession(target, exported.json, headless);
    expect(imported).toMatchObject({ ok: true, outcome: 'imported' });
    const again = await exportSession(target, id);
    if (!again.ok) throw new Error(again.problem.message);
    expect(again.json).toBe(exported.json);

    // Importing the same file again changes nothing.
    expect(await importSession(target, exported.json, headless)).toMatchObject({ ok: true, outcome: 'unchanged' });
    expect(await target.ops.count()).toBe(6);
  });

  it('an id taken by a different session imports as a new session with the log re-signed', async () => {
    const d = await db();
    const { repo, id } = await seeded(d);
    const exported = await exportSession(d, id);
    if (!exported.ok) throw new Error('export');
    await repo.rename(id, 'Changed here');
    expect(await importSession(d, exported.json, headless)).toMatchObject({ ok: false, problems: [{ code: 'signer-required' }] });
    const result = await importSession(d, exported.json, { ...headless, sign: fakeSigner, newId: () => 'session:imported' });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.outcome).toBe('imported-as-new');
    expect(result.session.id).toBe('session:imported');
    expect(result.session.name).toBe('Trace “α”');
    expect(result.session.origin).toMatchObject({ session: id, seq: 6, how: 'import' });
    const log = await new OpLogStore(d).readLog('session:imported');
    expect(log.ops.map((o) => o.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await repo.get(id)).ok).toBe(true);
  });

  it('refuses a broken archive, lists what is wrong, and writes nothing', async () => {
    const d = await db();
    const { id } = await seeded(d);
    const exported = await exportSession(d, id);
    if (!exported.ok) throw new Error('export');
    const target = await db();

    expect(await importSession(target, '{not json')).toMatchObject({ ok: false });
    const wrongFormat = await importSession(target, JSON.stringify({ ...JSON.parse(exported.json), format: 'other' }));
    expect(wrongFormat.ok ? [] : wrongFormat.problems.map((p) => p.code)).toEqual(['invalid-archive']);

    const tampered = JSON.parse(exported.json);
    tampered.texts[0].text += ' (edited)';
    tampered.ops.splice(2, 1); // a hole in the chain
    const result = await importSession(target, JSON.stringify(tampered));
    expect(result.ok).toBe(false);
    const messages = result.ok ? [] : result.problems.map((p) => p.message).join('\n');
    expect(messages).toMatch(/does not match its hash/);
    expect(messages).toMatch(/expected 3/);
    expect(messages).toMatch(/hash chain is broken/);

    const unverified = await importSession(target, exported.json, { verify: (op) => op.seq !== 5 });
    expect(unverified.ok ? '' : unverified.problems[0]!.message).toMatch(/ops\[4\].*fails verification/);
    expect(await target.sessions.count()).toBe(0);
    expect(await target.ops.count()).toBe(0);
    expect(await target.texts.count()).toBe(0);
  });
});
