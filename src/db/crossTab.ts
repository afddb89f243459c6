/**
 * Tabs of the same origin tell each other what they wrote, over
 * `BroadcastChannel('warrant')`: after a committed batch of ops (`ops`, with the newest
 * seq), after a session was created, renamed or saved (`session`), after its text was
 * saved with a new content (`text`: tabs on that session load or merge it), or deleted
 * (`session-deleted`). A listener re-reads what it needs from IndexedDB; messages carry
 * no data beyond ids and seq.
 *
 * Presence: a tab editing a session posts a `lease` for it at once and every
 * `heartbeatMs`, and `release` when it leaves it. A lease not renewed within `leaseMs`
 * has expired (the tab crashed or was frozen). A tab that hears a lease for its own
 * session from a tab it did not know answers with its own lease, so both learn of each
 * other within one message. `onSharedSession` tells the UI which other tabs hold the
 * same session ("this session is open in another tab; changes there appear here").
 *
 * Where BroadcastChannel does not exist every method works and nothing is sent.
 */
import type { SchedulerTimers } from './saveScheduler.ts';

export type CrossTabMessage =
  | { readonly type: 'ops'; readonly session: string; readonly seq: number; readonly tab: string }
  | { readonly type: 'session'; readonly session: string; readonly seq: number; readonly tab: string }
  | { readonly type: 'text'; readonly session: string; readonly seq: number; readonly tab: string }
  | { readonly type: 'session-deleted'; readonly session: string; readonly seq: number; readonly tab: string }
  | { readonly type: 'lease'; readonly session: string; readonly seq: number; readonly tab: string }
  | { readonly type: 'release'; readonly session: string; readonly seq: number; readonly tab: string };

export type CrossTabMessageType = CrossTabMessage['type'];

/** The other tabs editing the session this tab has open (empty: none). */
export interface SharedSession {
  readonly session: string;
  readonly otherTabs: readonly string[];
}

interface ChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  unref?: () => void;
}

type ChannelConstructor = new (name: string) => ChannelLike;

export interface CrossTabOptions {
  readonly channelName?: string;
  /** This tab's id; random by default. */
  readonly tabId?: string;
  readonly heartbeatMs?: number;
  readonly leaseMs?: number;
  readonly now?: () => number;
  readonly timers?: SchedulerTimers;
  /** The BroadcastChannel class; `null` to run without one. Defaults to the global. */
  readonly channel?: ChannelConstructor | null;
}

const realTimers: SchedulerTimers = {
  set: (run, ms) => setInterval(run, ms),
  clear: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

const TYPES: readonly string[] = ['ops', 'session', 'text', 'session-deleted', 'lease', 'release'];

function readMessage(data: unknown): CrossTabMessage | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  if (typeof m.type !== 'string' || !TYPES.includes(m.type)) return null;
  if (typeof m.session !== 'string' || typeof m.tab !== 'string' || typeof m.seq !== 'number') return null;
  return m as unknown as CrossTabMessage;
}

export class CrossTab {
  readonly tabId: string;
  private readonly channel: ChannelLike | null;
  private readonly listeners = new Set<(message: CrossTabMessage) => void>();
  private readonly sharedListeners = new Set<(shared: SharedSession | null) => void>();
  /** Other tabs holding this tab's session → when their lease was last renewed. */
  private readonly peers = new Map<string, number>();
  private openSessionId: string | null = null;
  private heartbeat: unknown = null;
  private readonly heartbeatMs: number;
  private readonly leaseMs: number;
  private readonly now: () => number;
  private readonly timers: SchedulerTimers;
  private lastShared = '';

  constructor(options: CrossTabOptions = {}) {
    this.tabId = options.tabId ?? `tab:${Math.random().toString(36).slice(2, 10)}`;
    this.heartbeatMs = options.heartbeatMs ?? 2000;
    this.leaseMs = options.leaseMs ?? 5000;
    this.now = options.now ?? (() => Date.now());
    this.timers = options.timers ?? realTimers;
    const Ctor = options.channel === undefined ? ((globalThis as { BroadcastChannel?: ChannelConstructor }).BroadcastChannel ?? null) : options.channel;
    this.channel = Ctor ? new Ctor(options.channelName ?? 'warrant') : null;
    if (this.channel) {
      this.channel.onmessage = (event) => this.receive(event.data);
      this.channel.unref?.(); // Node: do not keep the process alive for the channel
    }
  }

  /** Whether messages really go anywhere (false where BroadcastChannel is missing). */
  get connected(): boolean {
    return this.channel !== null;
  }

  /** After a committed batch of `session`'s ops, newest `seq`. */
  notifyOps(session: string, seq: number): void {
    this.post({ type: 'ops', session, seq, tab: this.tabId });
  }

  /** After a session was created, renamed or its editing state saved. */
  notifySessionChanged(session: string): void {
    this.post({ type: 'session', session, seq: 0, tab: this.tabId });
  }

  /** After the session's stored text changed (other tabs on it re-read and merge it). */
  notifyText(session: string): void {
    this.post({ type: 'text', session, seq: 0, tab: this.tabId });
  }

  notifySessionDeleted(session: string): void {
    this.post({ type: 'session-deleted', session, seq: 0, tab: this.tabId });
  }

  /** Hears other tabs' messages (never this tab's own). */
  subscribe(listener: (message: CrossTabMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * This tab now edits `session` (null: none). Starts the heartbeat; the previous
   * session's lease is released.
   */
  openSession(session: string | null): void {
    if (this.openSessionId === session) return;
    if (this.openSessionId !== null) this.post({ type: 'release', session: this.openSessionId, seq: 0, tab: this.tabId });
    this.openSessionId = session;
    this.peers.clear();
    this.emitShared();
    if (this.heartbeat !== null) this.timers.clear(this.heartbeat);
    this.heartbeat = null;
    if (session === null) return;
    this.postLease();
    this.heartbeat = this.timers.set(() => this.tick(), this.heartbeatMs);
  }

  /** Called with the other tabs on this tab's session whenever that set changes. */
  onSharedSession(listener: (shared: SharedSession | null) => void): () => void {
    this.sharedListeners.add(listener);
    return () => this.sharedListeners.delete(listener);
  }

  /** The other tabs whose lease on this tab's session is live. */
  otherTabs(): string[] {
    this.expire();
    return [...this.peers.keys()].sort();
  }

  /** Renews the lease and drops expired peers (the heartbeat calls this). */
  tick(): void {
    this.expire();
    this.postLease();
  }

  /** Releases the lease and closes the channel. */
  close(): void {
    this.openSession(null);
    this.channel?.close();
    this.listeners.clear();
    this.sharedListeners.clear();
  }

  private postLease(): void {
    if (this.openSessionId !== null) this.post({ type: 'lease', session: this.openSessionId, seq: 0, tab: this.tabId });
  }

  private post(message: CrossTabMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel: another tab simply does not hear this one.
    }
  }

  private receive(data: unknown): void {
    const message = readMessage(data);
    if (!message || message.tab === this.tabId) return;
    if (message.session === this.openSessionId) {
      if (message.type === 'lease') {
        const known = this.peers.has(message.tab);
        this.peers.set(message.tab, this.now());
        if (!known) {
          this.postLease();
          this.emitShared();
        }
      } else if (message.type === 'release' || message.type === 'session-deleted') {
        if (this.peers.delete(message.tab)) this.emitShared();
      }
    }
    for (const listener of this.listeners) listener(message);
  }

  private expire(): void {
    const limit = this.now() - this.leaseMs;
    let changed = false;
    for (const [tab, at] of this.peers) {
      if (at < limit) {
        this.peers.delete(tab);
        changed = true;
      }
    }
    if (changed) this.emitShared();
  }

  private emitShared(): void {
    const others = [...this.peers.keys()].sort();
    const key = `${this.openSessionId}|${others.join(',')}`;
    if (key === this.lastShared) return;
    this.lastShared = key;
    const shared = this.openSessionId !== null && others.length > 0 ? { session: this.openSessionId, otherTabs: others } : null;
    for (const listener of this.sharedListeners) listener(shared);
  }
}

/** Posts an `ops` message for every session in each batch the store commits. */
export function announceCommits(store: { onCommitted(listener: (heads: readonly { session: string; seq: number }[]) => void): () => void }, crossTab: CrossTab): () => void {
  return store.onCommitted((heads) => {
    for (const head of heads) crossTab.notifyOps(head.session, head.seq);
  });
}
