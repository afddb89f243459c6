/**
 * How much a team server takes from one socket, one connection, one token and one room.
 * The defaults are far above what a team does — a person types tens of updates a second,
 * a room with a 16 MiB document and 80,000 ops is about 64 MiB — and low enough that one
 * client cannot fill the server's memory or hold up other rooms. Each is a flag of
 * `warrant serve` (`--max-NAME`, the name in kebab case).
 */
import { MAX_DOCUMENT_BYTES } from '../core/text/inputLimits.ts';

export interface ServerLimits {
  /** Bytes in one message after authentication (an update, a whole room's first sync). */
  readonly messageBytes: number;
  /** Bytes a room may hold (its stored state and the updates since). */
  readonly roomBytes: number;
  /** Messages a second one connection may send (more are read as the budget refills). */
  readonly updatesPerSecond: number;
  /** Messages a second all connections of one token together may send. */
  readonly tokenUpdatesPerSecond: number;
  /** Rooms one token may create in an hour. */
  readonly roomsPerHour: number;
  /** Bytes in one message before the socket has authenticated. */
  readonly preAuthMessageBytes: number;
  /** Bytes a socket may send before it has authenticated (its token, its first sync request). */
  readonly preAuthBytes: number;
  /** Milliseconds a socket has to authenticate before it is closed. */
  readonly authMs: number;
  /** Rooms one socket may open. */
  readonly roomsPerSocket: number;
  /** Sockets open at once (more are answered 503). */
  readonly sockets: number;
  /** Sockets not yet authenticated at once (more are answered 503). */
  readonly unauthenticatedSockets: number;
  /** Bytes of one connection's messages received but not yet answered (more: reading pauses). */
  readonly inFlightBytes: number;
  /** Bytes of one HTTP request's body. */
  readonly requestBytes: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  messageBytes: 2 * MAX_DOCUMENT_BYTES,
  roomBytes: 4 * MAX_DOCUMENT_BYTES,
  updatesPerSecond: 1_000,
  tokenUpdatesPerSecond: 5_000,
  roomsPerHour: 1_000,
  preAuthMessageBytes: 16 * 1024,
  preAuthBytes: 32 * 1024,
  authMs: 10_000,
  roomsPerSocket: 8,
  sockets: 20_000,
  unauthenticatedSockets: 4_096,
  inFlightBytes: 4 * MAX_DOCUMENT_BYTES,
  requestBytes: 64 * 1024,
};

/** The flag of each limit: `--max-message-bytes`, … */
export const LIMIT_FLAGS: Readonly<Record<keyof ServerLimits, string>> = {
  messageBytes: 'max-message-bytes',
  roomBytes: 'max-room-bytes',
  updatesPerSecond: 'max-updates-per-second',
  tokenUpdatesPerSecond: 'max-token-updates-per-second',
  roomsPerHour: 'max-rooms-per-hour',
  preAuthMessageBytes: 'max-pre-auth-message-bytes',
  preAuthBytes: 'max-pre-auth-bytes',
  authMs: 'max-auth-ms',
  roomsPerSocket: 'max-rooms-per-socket',
  sockets: 'max-sockets',
  unauthenticatedSockets: 'max-unauthenticated-sockets',
  inFlightBytes: 'max-in-flight-bytes',
  requestBytes: 'max-request-bytes',
};

/** The limits with `given` (flag name → text) applied; the first value that is not a positive integer is refused. */
export function limitsFrom(given: ReadonlyMap<string, string>): { ok: true; limits: ServerLimits } | { ok: false; flag: string; value: string } {
  const limits: Record<string, number> = { ...DEFAULT_LIMITS };
  for (const [name, flag] of Object.entries(LIMIT_FLAGS)) {
    const text = given.get(flag);
    if (text === undefined) continue;
    const n = Number(text);
    if (!Number.isSafeInteger(n) || n <= 0) return { ok: false, flag, value: text };
    limits[name] = n;
  }
  return { ok: true, limits: limits as unknown as ServerLimits };
}
