/**
 * A connection to one room of a team server, the same in the page and on the command
 * line: a Yjs document kept in sync by Hocuspocus's provider, which reconnects by itself
 * and sends what was edited offline when it is back. Node passes `ws` as its WebSocket.
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';

export interface RoomAddress {
  /** ws:// or wss:// address of the team server. */
  readonly server: string;
  readonly room: string;
  readonly token: string;
}

export type RoomStatus = 'connecting' | 'connected' | 'disconnected';

export interface RoomConnectionOptions {
  readonly doc?: Y.Doc;
  readonly WebSocketPolyfill?: unknown;
  readonly onStatus?: (status: RoomStatus) => void;
  /** The server refused the token (the reason when it gave one). */
  readonly onRefused?: (reason: string) => void;
  readonly onSynced?: () => void;
}

export interface RoomConnection {
  readonly doc: Y.Doc;
  readonly provider: HocuspocusProvider;
  /** Resolves at the first sync with the server; rejects when the token is refused. */
  readonly synced: Promise<void>;
  /** Whether the server let this connection write (false: read-only, or not known yet). */
  canWrite(): boolean;
  /** Resolves once every local change has been acknowledged by the server. */
  flushed(timeoutMs?: number): Promise<void>;
  close(): void;
}

export function connectRoom(address: RoomAddress, options: RoomConnectionOptions = {}): RoomConnection {
  const doc = options.doc ?? new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: address.server,
    ...(options.WebSocketPolyfill ? { WebSocketPolyfill: options.WebSocketPolyfill } : {}),
    // Back quickly after a server restart or a lost network, then less often.
    delay: 250,
    minDelay: 250,
    factor: 1.5,
    maxDelay: 5000,
    maxAttempts: 0,
  });
  let settle: { resolve: () => void; reject: (e: Error) => void } | null = null;
  const synced = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  // Nobody may be waiting on it (the page follows events): never an unhandled rejection.
  synced.catch(() => {});
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: address.room,
    document: doc,
    token: address.token,
    onStatus: ({ status }) => options.onStatus?.(status as RoomStatus),
    onSynced: ({ state }) => {
      if (!state) return;
      settle?.resolve();
      options.onSynced?.();
    },
    onAuthenticationFailed: ({ reason }) => {
      const why = !reason || reason === 'permission-denied' ? 'the server refused the token' : reason;
      settle?.reject(new Error(why));
      options.onRefused?.(why);
    },
  });
  // A provider on a socket it did not make is attached by hand.
  provider.attach();
  return {
    doc,
    provider,
    synced,
    canWrite: () => provider.isAuthenticated && provider.authorizedScope === 'read-write',
    flushed: (timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (!provider.hasUnsyncedChanges) return resolve();
        const timer = setTimeout(() => {
          provider.off('unsyncedChanges', check);
          reject(new Error('the server did not acknowledge every change in time'));
        }, timeoutMs);
        const check = () => {
          if (provider.hasUnsyncedChanges) return;
          clearTimeout(timer);
          provider.off('unsyncedChanges', check);
          resolve();
        };
        provider.on('unsyncedChanges', check);
      }),
    close: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}
