/**
 * Saving a session's text from two tabs (issue 11, finding 7): the save is a
 * compare-and-swap against the text the tab last loaded, so the later of two writers
 * merges instead of overwriting, and a tab hears that another one saved.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CrossTab, type CrossTabMessage } from '../../src/db/crossTab.ts';
import { SessionRepository } from '../../src/db/sessionRepository.ts';
import { WarrantDb } from '../../src/db/warrantDb.ts';
import { fakeIdb, freshDbName } from './dbFixtures.ts';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

/** Two tabs: two connections to one database. */
async function twoTabs(): Promise<{ a: SessionRepository; b: SessionRepository }> {
  const name = freshDbName();
  const dbA = new WarrantDb(name, fakeIdb);
  const dbB = new WarrantDb(name, fakeIdb);
  await dbA.open();
  await dbB.open();
  cleanup.push(
    () => dbA.close(),
    () => dbB.close(),
  );
  return { a: new SessionRepository(dbA), b: new SessionRepository(dbB) };
}

const BASE = 'b1 1.0 L0 @user "one"\nb2 .9 L0 @self <b1 "two"\n';

async function sessionWith(repo: SessionRepository, text: string): Promise<string> {
  const created = await repo.create({ name: 's.clair', language: 'clair', text });
  if (!created.ok) throw new Error(created.problem.message);
  return created.session.id;
}

async function storedText(repo: SessionRepository, id: string): Promise<string> {
  const got = await repo.get(id);
  if (!got.ok) throw new Error(got.problem.message);
  return got.session.text;
}

describe('SessionRepository.saveText', () => {
  it('saves when the stored text is still the base, and says unchanged for the same text', async () => {
    const { a } = await twoTabs();
    const id = await sessionWith(a, BASE);
    const next = BASE + 'b3 .5 L0 @self <b2 "three"\n';
    expect(await a.saveText(id, { text: next, base: BASE }, { selectedNode: 'b2' })).toMatchObject({ ok: true, outcome: 'saved', text: next });
    expect(await storedText(a, id)).toBe(next);
    const got = await a.get(id);
    expect(got.ok && got.session.selectedNode).toBe('b2');
    expect(await a.saveText(id, { text: next, base: BASE })).toMatchObject({ ok: true, outcome: 'unchanged', text: next });
  });

  it('the later of two tabs editing from the same text merges: both lines are kept (the reported loss)', async () => {
    const { a, b } = await twoTabs();
    const id = await sessionWith(a, BASE);
    const lineA = 'b3 .6 L0 @user <b2 "typed in tab A"';
    const lineB = 'b4 .5 L0 @user <b2 "typed in tab B"';
    expect(await a.saveText(id, { text: BASE + lineA, base: BASE })).toMatchObject({ outcome: 'saved' });
    // Tab B never saw A's save: its base is still BASE.
    const r = await b.saveText(id, { text: BASE + lineB, base: BASE });
    expect(r).toMatchObject({ ok: true, outcome: 'merged', text: `${BASE}${lineA}\n${lineB}` });
    expect(await storedText(a, id)).toBe(`${BASE}${lineA}\n${lineB}`);
  });

  it('edits to different lines are merged whichever tab saves last', async () => {
    const { a, b } = await twoTabs();
    const id = await sessionWith(a, BASE);
    const ours = BASE.replace('"one"', '"one, edited in B"');
    const theirs = BASE.replace('"two"', '"two, edited in A"');
    await a.saveText(id, { text: theirs, base: BASE });
    const r = await b.saveText(id, { text: ours, base: BASE });
    expect(r).toMatchObject({ outcome: 'merged', text: BASE.replace('"one"', '"one, edited in B"').replace('"two"', '"two, edited in A"') });
  });

  it('both tabs changing the same line is a conflict: nothing is written, the stored text comes back', async () => {
    const { a, b } = await twoTabs();
    const id = await sessionWith(a, BASE);
    const theirs = BASE.replace('"two"', '"two, as A has it"');
    await a.saveText(id, { text: theirs, base: BASE }, { selectedNode: 'b1' });
    const r = await b.saveText(id, { text: BASE.replace('"two"', '"two, as B has it"'), base: BASE }, { selectedNode: 'b2' });
    expect(r).toMatchObject({ ok: true, outcome: 'conflict', stored: theirs });
    expect(await storedText(a, id)).toBe(theirs);
    const got = await a.get(id);
    expect(got.ok && got.session.selectedNode).toBe('b1');
  });

  it('two saves racing from the same base: exactly one is a plain save, the other merges', async () => {
    const { a, b } = await twoTabs();
    const id = await sessionWith(a, BASE);
    const [ra, rb] = await Promise.all([a.saveText(id, { text: BASE + 'x1', base: BASE }), b.saveText(id, { text: 'x0\n' + BASE, base: BASE })]);
    const outcomes = [ra, rb].map((r) => (r.ok ? r.outcome : 'failed')).sort();
    expect(outcomes).toEqual(['merged', 'saved']);
    expect(await storedText(a, id)).toBe('x0\n' + BASE + 'x1');
  });

  it('a missing session is reported, not created', async () => {
    const { a } = await twoTabs();
    expect(await a.saveText('session:none', { text: 'x', base: '' })).toMatchObject({ ok: false, problem: { code: 'missing-session' } });
  });
});

describe('CrossTab text messages', () => {
  it('a tab hears that another saved a session’s text', async () => {
    const channelName = `warrant-${freshDbName()}`;
    const a = new CrossTab({ channelName, tabId: 'tab:a' });
    const b = new CrossTab({ channelName, tabId: 'tab:b' });
    cleanup.push(
      () => a.close(),
      () => b.close(),
    );
    const heard = new Promise<CrossTabMessage>((resolve) => b.subscribe((m) => m.type === 'text' && resolve(m)));
    a.notifyText('session:x');
    expect(await heard).toEqual({ type: 'text', session: 'session:x', seq: 0, tab: 'tab:a' });
  });
});
