import { afterEach, describe, expect, it } from 'vitest';
import { announceCommits, CrossTab, type CrossTabMessage, type SharedSession } from '../../src/db/crossTab.ts';
import { OpLogStore } from '../../src/db/opLogStore.ts';
import { SessionRepository } from '../../src/db/sessionRepository.ts';
import { WarrantDb } from '../../src/db/warrantDb.ts';
import { fakeIdb, freshDbName, makeOps, ManualTimers } from './dbFixtures.ts';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

function tab(channelName: string, tabId: string, extra: { timers?: ManualTimers; now?: () => number } = {}): CrossTab {
  const t = new CrossTab({ channelName, tabId, heartbeatMs: 1000, leaseMs: 3000, ...extra });
  cleanup.push(() => t.close());
  return t;
}

/** Resolves with the next message `t` hears that matches. */
function next(t: CrossTab, match: (m: CrossTabMessage) => boolean): Promise<CrossTabMessage> {
  return new Promise((resolve) => {
    const off = t.subscribe((m) => {
      if (match(m)) {
        off();
        resolve(m);
      }
    });
  });
}

const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 20));

describe('cross-tab', () => {
  it('two tabs on one database see each other’s committed ops and session changes', async () => {
    const name = freshDbName();
    const channel = `warrant-${name}`;
    const dbA = new WarrantDb(name, fakeIdb);
    const dbB = new WarrantDb(name, fakeIdb);
    await dbA.open();
    await dbB.open();
    cleanup.push(
      () => dbA.close(),
      () => dbB.close(),
    );
    const tabA = tab(channel, 'tab:a');
    const tabB = tab(channel, 'tab:b');

    const repoA = new SessionRepository(dbA);
    const created = await repoA.create({ name: 'Shared', language: 'clair' });
    if (!created.ok) throw new Error('create failed');
    const id = created.session.id;
    const heardSession = next(tabB, (m) => m.type === 'session');
    tabA.notifySessionChanged(id);
    expect(await heardSession).toMatchObject({ type: 'session', session: id, tab: 'tab:a' });
    const repoB = new SessionRepository(dbB);
    expect((await repoB.get(id)).ok).toBe(true);

    const storeA = new OpLogStore(dbA, { timers: new ManualTimers() });
    cleanup.push(announceCommits(storeA, tabA));
    const heardOps = next(tabB, (m) => m.type === 'ops');
    storeA.appendMany(makeOps(id, 3));
    await storeA.flushNow();
    const message = await heardOps;
    expect(message).toEqual({ type: 'ops', session: id, seq: 3, tab: 'tab:a' });
    const storeB = new OpLogStore(dbB, { timers: new ManualTimers() });
    expect((await storeB.readLog(id)).ops.map((o) => o.seq)).toEqual([1, 2, 3]);

    // And back the other way.
    cleanup.push(announceCommits(storeB, tabB));
    const heardBack = next(tabA, (m) => m.type === 'ops');
    storeB.appendMany(makeOps(id, 1, { from: 4, parent: (await storeB.readLog(id)).ops[2]!.id }));
    await storeB.flushNow();
    expect(await heardBack).toMatchObject({ session: id, seq: 4, tab: 'tab:b' });
    expect((await storeA.readLog(id)).ops).toHaveLength(4);
  });

  it('warns when two tabs edit the same session, and stops when one leaves or goes silent', async () => {
    const channel = `warrant-${freshDbName()}`;
    let now = 0;
    const timersA = new ManualTimers();
    const timersB = new ManualTimers();
    const tabA = tab(channel, 'tab:a', { timers: timersA, now: () => now });
    const tabB = tab(channel, 'tab:b', { timers: timersB, now: () => now });
    const sharedA: (SharedSession | null)[] = [];
    const sharedB: (SharedSession | null)[] = [];
    tabA.onSharedSession((s) => sharedA.push(s));
    tabB.onSharedSession((s) => sharedB.push(s));

    tabA.openSession('session:1');
    tabB.openSession('session:2');
    await settle();
    expect(tabA.otherTabs()).toEqual([]);

    tabB.openSession('session:1'); // B's lease reaches A; A answers with its own
    await settle();
    expect(tabA.otherTabs()).toEqual(['tab:b']);
    expect(tabB.otherTabs()).toEqual(['tab:a']);
    expect(sharedA.at(-1)).toEqual({ session: 'session:1', otherTabs: ['tab:b'] });
    expect(sharedB.at(-1)).toEqual({ session: 'session:1', otherTabs: ['tab:a'] });

    tabB.openSession('session:2'); // B leaves: its release clears the warning in A
    await settle();
    expect(tabA.otherTabs()).toEqual([]);
    expect(sharedA.at(-1)).toBeNull();

    tabB.openSession('session:1');
    await settle();
    expect(tabA.otherTabs()).toEqual(['tab:b']);
    // B freezes (no heartbeats); A's own heartbeat finds B's lease expired.
    now += 3500;
    tabA.tick();
    expect(tabA.otherTabs()).toEqual([]);
    expect(sharedA.at(-1)).toBeNull();
  });

  it('works as a no-op where BroadcastChannel is missing', () => {
    const alone = new CrossTab({ channel: null, timers: new ManualTimers() });
    expect(alone.connected).toBe(false);
    alone.notifyOps('session:1', 3);
    alone.openSession('session:1');
    expect(alone.otherTabs()).toEqual([]);
    alone.close();
  });
});
