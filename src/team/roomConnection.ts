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
  /**
   * The server closed this room's connection with a reason while the socket stayed open:
   * it refused a change (the room is full, the change would rewrite history) or the token
   * was revoked. The connection stays closed: what was refused would be refused again.
   */
  readonly onClosed?: (reason: string) => void;
  readonly onSynced?: () => void;
}

export interface RoomConnection {
  readonly doc: Y.Doc;
  readonly provider: HocuspocusProvider;
  /** Resolves at the first sync with the server; rejects when the token is refused. */
  readonly synced: Promise<void>;
  /** Whether the server let this connection write (false: read-only, or not known yet). */
  canWrite(): boolean;
  /** Resolves once every local change has been acknowledged by the server; rejects when the server closed the room. */
  flushed(timeoutMs?: number): Promise<void>;
  /** Why the server closed the room, or null while it has not. */
  closedBecause(): string | null;
  /**
   * The network is gone (the browser says so): the socket is closed now and shown as
   * disconnected, rather than after the ~30 s of silence the provider waits for; it
   * reconnects by itself as after any close.
   */
  dropSocket(): void;
  close(): void;
}

type SocketClass = new (url: string) => { addEventListener(type: 'error', listener: () => void): void };

/**
 * Node's sockets throw an error event nobody listens for. The provider stops listening
 * to a socket before it closes it, and a socket closed while still connecting reports
 * "closed before the connection was established" after that: heard here, it is the
 * expected end of a socket the provider has let go of, not a crash of the process.
 */
function heardToTheEnd(Socket: unknown): unknown {
  const Base = Socket as SocketClass;
  return class extends Base {
    constructor(url: string) {
      super(url);
      this.addEventListener('error', () => {});
    }
  };
}

export function connectRoom(address: RoomAddress, options: RoomConnectionOptions = {}): RoomConnection {
  const doc = options.doc ?? new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: address.server,
    ...(options.WebSocketPolyfill ? { WebSocketPolyfill: heardToTheEnd(options.WebSocketPolyfill) } : {}),
    // Back quickly after a server restart or a lost network, then less often.
    delay: 250,
    minDelay: 250,
    factor: 1.5,
    maxDelay: 5000,
    maxAttempts: 0,
  });
  let settle: { resolve: () => void; reject: (e: Error) => void } | null = null;
  let closedBecause: string | null = null;
  const whenClosed = new Set<(reason: string) => void>();
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
      // Refused now, refused on every retry: stop trying.
      socket.disconnect();
    },
    onClose: ({ event }) => {
      // The socket is still up: the server closed this room alone, and said why.
      if (socket.status !== 'connected' || closedBecause !== null) return;
      closedBecause = event.reason || 'the server closed the room';
      settle?.reject(new Error(closedBecause));
      options.onClosed?.(closedBecause);
      for (const f of whenClosed) f(closedBecause);
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
        if (closedBecause !== null) return reject(new Error(closedBecause));
        if (!provider.hasUnsyncedChanges) return resolve();
        const done = () => {
          clearTimeout(timer);
          provider.off('unsyncedChanges', check);
          whenClosed.delete(closed);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error('the server did not acknowledge every change in time'));
        }, timeoutMs);
        const check = () => {
          if (provider.hasUnsyncedChanges) return;
          done();
          resolve();
        };
        const closed = (reason: string) => {
          done();
          reject(new Error(reason));
        };
        provider.on('unsyncedChanges', check);
        whenClosed.add(closed);
      }),
    closedBecause: () => closedBecause,
    dropSocket: () => {
      // The provider's own path for a socket that went silent (checkConnection), taken at once.
      if (socket.status !== 'disconnected') socket.onClose({ event: { code: 4408, reason: 'offline' } } as Parameters<typeof socket.onClose>[0]);
    },
    close: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}
