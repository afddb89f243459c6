import { afterEach, describe, expect, it } from 'vitest';
import { OpLogStore } from '../../src/db/opLogStore.ts';
import { SaveScheduler } from '../../src/db/saveScheduler.ts';
import { applyEditingState, SessionRepository } from '../../src/db/sessionRepository.ts';
import type { WarrantDb, SessionRecord } from '../../src/db/warrantDb.ts';
import { fakeSigner, freshDb, freshDbName, makeOps, ManualTimers } from './dbFixtures.ts';

const open: WarrantDb[] = [];
async function db(name?: string): Promise<WarrantDb> {
  const d = await freshDb(name);
  open.push(d);
  return d;
}
afterEach(() => {
  for (const d of open.splice(0)) d.close();
});

function clock(start = 1000): () => number {
  let t = start;
  return () => (t += 10);
}

function unwrap<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
}

describe('SessionRepository', () => {
  it('creates, gets, renames and lists sessions by updatedAt, newest first', async () => {
    const repo = new SessionRepository(await db(), { now: clock() });
    const a = unwrap(await repo.create({ name: 'A', language: 'clair', text: 'x' })).session;
    const b = unwrap(await repo.create({ name: 'B', language: 'gaia' })).session;
    expect(a.id.startsWith('session:')).toBe(true);
    expect(unwrap(await repo.get(a.id)).session).toEqual(a);
    expect((await repo.list()).sessions.map((s) => s.name)).toEqual(['B', 'A']);
    const renamed = unwrap(await repo.rename(a.id, 'A2')).session;
    expect(renamed.name).toBe('A2');
    expect(renamed.updatedAt).toBeGreaterThan(b.updatedAt);
    const list = await repo.list();
    expect(list.sessions.map((s) => s.name)).toEqual(['A2', 'B']);
    expect(list.problems).toEqual([]);
  });

  it('reports a missing session instead of throwing', async () => {
    const repo = new SessionRepository(await db());
    const got = await repo.get('session:nope');
    expect(got.ok).toBe(false);
    if (!got.ok) expect(got.problem.code).toBe('missing-session');
    const renamed = await repo.rename('session:nope', 'x');
    expect(renamed.ok).toBe(false);
  });

  it('saves the editing state and reads it back after a reload', async () => {
    const name = freshDbName();
    const first = await db(name);
    const repo = new SessionRepository(first);
    const s = unwrap(await repo.create({ name: 'S', language: 'clair' })).session;
    await repo.saveEditingState(s.id, { text: 'b1 .9 L0 @self "x"', selection: { anchor: 3, head: 5 }, viewport: { x: 10, y: -4, zoom: 1.5 }, showHelpers: true, selectedNode: 'b1' });
    first.close();
    const reloaded = new SessionRepository(await db(name));
    const back = unwrap(await reloaded.get(s.id)).session;
    expect(back.text).toBe('b1 .9 L0 @self "x"');
    expect(back.selection).toEqual({ anchor: 3, head: 5 });
    expect(back.viewport).toEqual({ x: 10, y: -4, zoom: 1.5 });
    expect(back.showHelpers).toBe(true);
    expect(back.selectedNode).toBe('b1');
  });

  it('a click or a pan saves the view apart from the session record, and the view stands over the record', async () => {
    const d = await db();
    const repo = new SessionRepository(d, { now: clock() });
    const s = unwrap(await repo.create({ name: 'big', language: 'clair', text: 'b1 .9 L0 @self "x"' })).session;
    const stored = await d.sessions.get(s.id);
    unwrap(await repo.saveView(s.id, { selectedNode: 'b1' }));
    unwrap(await repo.saveView(s.id, { viewport: { x: 3, y: 4, zoom: 0.5 } }));
    expect(await d.sessions.get(s.id)).toEqual(stored); // the record, text and all, was not written
    expect(unwrap(await repo.get(s.id)).session).toMatchObject({ selectedNode: 'b1', viewport: { x: 3, y: 4, zoom: 0.5 }, text: s.text });
    expect((await repo.list()).sessions[0]).toMatchObject({ selectedNode: 'b1', viewport: { x: 3, y: 4, zoom: 0.5 } });
    // A save of the text that names the selection keeps the view current as well.
    unwrap(await repo.saveText(s.id, { text: 'b2 .9 L0 @self "y"', base: s.text }, { selectedNode: 'b2' }));
    unwrap(await repo.saveEditingState(s.id, { viewport: null }));
    expect(unwrap(await repo.get(s.id)).session).toMatchObject({ selectedNode: 'b2', viewport: null, text: 'b2 .9 L0 @self "y"' });
    // An unreadable view record is ignored field by field; deleting the session removes it.
    await d.views.put({ id: s.id, viewport: { x: Number.NaN, y: 0, zoom: 1 } as never, selectedNode: 7 as never });
    expect(unwrap(await repo.get(s.id)).session).toMatchObject({ selectedNode: 'b2', viewport: null });
    unwrap(await repo.delete(s.id));
    expect(await d.views.get(s.id)).toBeUndefined();
  });

  it('applyEditingState is pure and keeps fields the patch leaves out', () => {
    const record = {
      id: 'session:1',
      name: 'n',
      language: 'clair',
      text: 't',
      createdAt: 1,
      updatedAt: 5,
      selection: { anchor: 1, head: 1 },
      selectedNode: null,
      viewport: null,
      showHelpers: false,
      origin: null,
    } as SessionRecord;
    const next = applyEditingState(record, { viewport: { x: 1, y: 2, zoom: 1 } }, 9);
    expect(next).not.toBe(record);
    expect(next.text).toBe('t');
    expect(next.selection).toEqual({ anchor: 1, head: 1 });
    expect(next.updatedAt).toBe(9);
    expect(record.viewport).toBeNull();
    expect(applyEditingState(record, { selection: null }, 2).selection).toBeNull();
    expect(applyEditingState(record, {}, 2).updatedAt).toBe(5);
  });

  it('the save scheduler merges patches and writes once after the delay, or at once on flushNow', async () => {
    const repo = new SessionRepository(await db());
    const s = unwrap(await repo.create({ name: 'S', language: 'clair' })).session;
    const timers = new ManualTimers();
    const saves: unknown[] = [];
    const scheduler = new SaveScheduler({
      delayMs: 300,
      timers,
      save: (id, state) => {
        saves.push(state);
        return repo.saveEditingState(id, state);
      },
    });
    scheduler.schedule(s.id, { text: 'a' });
    timers.advance(200);
    scheduler.schedule(s.id, { text: 'ab', selection: { anchor: 2, head: 2 } });
    timers.advance(200);
    expect(saves).toEqual([]);
    timers.advance(100);
    await scheduler.flushNow();
    expect(saves).toEqual([{ text: 'ab', selection: { anchor: 2, head: 2 } }]);
    scheduler.schedule(s.id, { viewport: { x: 0, y: 0, zoom: 2 } });
    expect(scheduler.hasPending).toBe(true);
    await scheduler.flushNow();
    expect(saves).toHaveLength(2);
    const back = unwrap(await repo.get(s.id)).session;
    expect(back.text).toBe('ab');
    expect(back.viewport?.zoom).toBe(2);
  });

  it('the save scheduler keeps a patch whose write failed and sends it with the next one', async () => {
    const timers = new ManualTimers();
    const problems: string[] = [];
    const sent: unknown[] = [];
    let fail = true;
    const scheduler = new SaveScheduler({
      timers,
      onProblem: (p) => problems.push(p.code),
      save: async (_id, state) => {
        sent.push(state);
        if (fail) return { ok: false, problem: { code: 'write-failed', message: 'disk on fire' } };
        return { ok: true, session: {} as SessionRecord };
      },
    });
    scheduler.schedule('session:1', { text: 'a', selection: { anchor: 1, head: 1 } });
    await scheduler.flushNow();
    expect(problems).toEqual(['write-failed']);
    expect(scheduler.hasPending).toBe(true);
    fail = false;
    scheduler.schedule('session:1', { text: 'ab' });
    await scheduler.flushNow();
    expect(sent.at(-1)).toEqual({ text: 'ab', selection: { anchor: 1, head: 1 } });
    expect(scheduler.hasPending).toBe(false);
  });

  it('duplicates a session with its text and its whole log, re-signed under the new id', async () => {
    const d = await db();
    const repo = new SessionRepository(d);
    const s = unwrap(await repo.create({ name: 'Orig', language: 'clair', text: 'hello' })).session;
    const hash = await repo.storeText(s.id, 'hello');
    const ops = makeOps(s.id, 5, {
      body: (seq) => (seq === 1 ? { kind: 'revision', text_hash: hash, language: 'clair', length: 5 } : { kind: 'claim_correction', target: 'b1', value: 0.5, revision: null }),
    });
    const log = new OpLogStore(d);
    log.appendMany(ops);
    await log.flushNow();

    expect((await repo.duplicate(s.id)).ok).toBe(false); // a log needs a signer
    const copy = unwrap(await repo.duplicate(s.id, { sign: fakeSigner })).session;
    expect(copy.id).not.toBe(s.id);
    expect(copy.name).toBe('Orig (copy)');
    expect(copy.text).toBe('hello');
    expect(copy.origin).toEqual({ session: s.id, op: ops[4]!.id, seq: 5, how: 'duplicate' });
    const copied = (await log.readLog(copy.id)).ops;
    expect(copied.map((o) => o.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(copied.every((o) => o.session === copy.id)).toBe(true);
    expect(copied[0]!.parent).toBeNull();
    for (let i = 1; i < copied.length; i++) expect(copied[i]!.parent).toBe(copied[i - 1]!.id);
    expect(copied.map((o) => o.body)).toEqual(ops.map((o) => o.body));
    expect((await log.readLog(s.id)).ops).toEqual(ops); // the original is untouched
    expect((await d.texts.get(hash))?.sessions).toEqual([s.id, copy.id]);
  });

  it('deletes a session with its ops and the texts no other session uses', async () => {
    const d = await db();
    const repo = new SessionRepository(d);
    const a = unwrap(await repo.create({ name: 'A', language: 'clair' })).session;
    const b = unwrap(await repo.create({ name: 'B', language: 'clair' })).session;
    const shared = await repo.storeText(a.id, 'shared');
    await repo.storeText(b.id, 'shared');
    const own = await repo.storeText(a.id, 'only a');
    const log = new OpLogStore(d);
    log.appendMany(makeOps(a.id, 3));
    log.appendMany(makeOps(b.id, 2));
    await log.flushNow();
    const result = unwrap(await repo.delete(a.id));
    expect(result).toEqual({ ok: true, ops: 3, texts: 1 });
    expect((await repo.get(a.id)).ok).toBe(false);
    expect(await d.texts.get(own)).toBeUndefined();
    expect((await d.texts.get(shared))?.sessions).toEqual([b.id]);
    expect((await log.readLog(b.id)).ops).toHaveLength(2);
    expect(await d.ops.count()).toBe(2);
  });

  it('reports corrupt session records, skips them, and leaves them in place', async () => {
    const d = await db();
    const repo = new SessionRepository(d);
    unwrap(await repo.create({ name: 'Good', language: 'clair' }));
    await d.sessions.put({ id: 'session:bad', name: 42 } as unknown as SessionRecord);
    await d.sessions.put({ id: 'session:bad2', name: 'x', language: 'cobol', text: '', createdAt: 1, updatedAt: 1 } as unknown as SessionRecord);
    const list = await repo.list();
    expect(list.sessions.map((s) => s.name)).toEqual(['Good']);
    expect(list.problems.map((p) => [p.code, p.key])).toEqual([
      ['corrupt-record', 'session:bad'],
      ['corrupt-record', 'session:bad2'],
    ]);
    expect(list.problems[0]!.message).toMatch(/name must be a string.*skipped and left in place/);
    const got = await repo.get('session:bad');
    expect(got.ok).toBe(false);
    if (!got.ok) expect(got.problem.code).toBe('corrupt-record');
    expect(await d.sessions.count()).toBe(3);
  });

  it('reports a revision text whose content does not match its hash', async () => {
    const d = await db();
    const repo = new SessionRepository(d);
    const hash = await repo.storeText('session:x', 'right');
    await d.texts.put({ hash, text: 'wrong', sessions: ['session:x'] });
    const read = await repo.readText(hash);
    expect(read.text).toBeNull();
    expect(read.problem?.code).toBe('corrupt-record');
  });
});
