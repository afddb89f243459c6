/**
 * Between one client's WebSocket and Hocuspocus: what the server takes from a socket, and
 * in what order. Hocuspocus sees this gate as the socket (the few members of `ws` it uses);
 * every message from the client passes through it first.
 *
 *  - Before its first room is authenticated, a socket may send only small messages
 *    (`preAuthMessageBytes`, enforced by `ws` as each frame's header arrives, so nothing
 *    larger is ever buffered), at most `preAuthBytes` in all, and must authenticate within
 *    `authMs`; otherwise it is closed.
 *  - A room's messages wait here until its token is accepted and its document loaded; a
 *    socket opens at most `roomsPerSocket` rooms; messages for a refused room are dropped.
 *  - An update to a room (sync steps 1 and 2) is checked (roomUpdateCheck.ts: history only
 *    grows), counted against the room's size, appended to the room's journal and applied
 *    once durable (roomJournal.ts) — then handed to Hocuspocus, which relays nothing new
 *    (the update is in) and acknowledges it. A refused update closes the client's
 *    connection to that room with the reason.
 *  - Messages are handed on in the order they came; a connection that sends faster than
 *    its budget (per connection and per token) or has too much waiting is paused —
 *    nothing is dropped, and other rooms keep their share of the server.
 *  - A message that cannot be read closes the socket.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Connection } from '@hocuspocus/server';
import type { WebSocket } from 'ws';
import { AUTH_KIND, FRAME, readFrame, SYNC_STEP, syncStatusFrame, type Frame } from './syncFrame.ts';
import type { RateBucket } from './rateBucket.ts';
import type { ServerLimits } from './serverLimits.ts';
import { quoted, type ServerLog } from './serverLog.ts';
import type { UpdateVerdict } from '../core/team/roomUpdateCheck.ts';

/** What a gate needs of the server around it. */
export interface GateHost {
  readonly limits: ServerLimits;
  readonly log: ServerLog;
  /** Per-connection budget (a new bucket per socket). */
  socketBucket(): RateBucket;
  /** Per-connection budget of requests for a room's state (each costs the whole room). */
  stateRequestBucket(): RateBucket;
  /** Lets go of a checked update that will not be applied (a read-only connection's). */
  discard(room: string, verdict: Extract<UpdateVerdict, { ok: true }>): void;
  /** The shared budget of a token, by its key. */
  tokenBucket(tokenKey: string): RateBucket;
  /** Checks an update to a loaded room; null when the room is not loaded. */
  checkUpdate(room: string, update: Uint8Array): UpdateVerdict | null;
  /** Bytes `room` holds and has accepted. */
  roomBytes(room: string): number;
  /** Appends, then applies `update` to the room (origin: the connection) once durable; at once when it changes nothing. */
  persist(room: string, update: Uint8Array, verdict: Extract<UpdateVerdict, { ok: true }>, connection: Connection): Promise<void>;
  /** A socket's life: counted for the socket limits. */
  onAuthenticatedSocket(): void;
  onClosedSocket(authenticated: boolean): void;
}

/** Close codes the gate uses (4000–4999 are the application's). */
export const GATE_CLOSE = {
  malformed: 4400,
  authTimeout: 4408,
  tooMuch: 4413,
  tooManyRooms: 4429,
} as const;

type Phase = 'auth' | 'loading' | 'open' | 'refused' | 'closed';

interface GateRoom {
  phase: Phase;
  held: Uint8Array[];
  readOnly: boolean;
  connection: Connection | null;
  tokenKey: string | null;
  /** The token's id and those it was made from (a revocation of any closes the room). */
  tokenLine: readonly string[];
}

interface Entry {
  ready: boolean;
  readonly data: Uint8Array;
  readonly bytes: number;
  readonly answer: boolean;
}

/** Awareness states are a name and a cursor; anything this large is not one. */
const MAX_AWARENESS_BYTES = 64 * 1024;

export class SocketGate extends EventEmitter {
  /** Set by Hocuspocus; messages are always handed on as they came. */
  binaryType = 'nodebuffer';
  private readonly rooms = new Map<string, GateRoom>();
  private readonly entries: Entry[] = [];
  private inFlight = 0;
  /** Rooms whose token was sent and whose document is not open yet. */
  private loading = 0;
  private preAuthBytes = 0;
  private authenticated = false;
  private authTimer: ReturnType<typeof setTimeout> | null;
  private readonly bucket: RateBucket;
  private pausedUntil = 0;
  private pauseTimer: ReturnType<typeof setTimeout> | null = null;
  /** Messages read while over budget, taken in order as the budget refills. */
  private readonly waiting: { data: Buffer; isBinary: boolean }[] = [];
  private readonly stateRequests: RateBucket;
  private paused = false;
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    readonly request: IncomingMessage,
    private readonly host: GateHost,
  ) {
    super();
    this.setMaxListeners(0);
    this.bucket = host.socketBucket();
    this.stateRequests = host.stateRequestBucket();
    this.maxPayload(host.limits.preAuthMessageBytes);
    this.authTimer = setTimeout(() => this.shut(GATE_CLOSE.authTimeout, 'authenticate first'), host.limits.authMs);
    ws.on('message', (data: Buffer, isBinary: boolean) => this.receive(data, isBinary));
    ws.on('pong', () => this.emit('pong'));
    ws.on('error', (e: Error & { code?: string }) => {
      const why = e.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? (this.authenticated ? 'a message past the size limit' : 'a message past the size limit before authenticating') : 'a protocol error';
      host.log.event(`closed a socket: ${why}`);
    });
    ws.once('close', (code: number, reason: Buffer) => {
      this.closed = true;
      if (this.authTimer) clearTimeout(this.authTimer);
      if (this.pauseTimer) clearTimeout(this.pauseTimer);
      host.onClosedSocket(this.authenticated);
      this.emit('close', code, reason);
    });
  }

  // --- what Hocuspocus uses of a socket ---

  get readyState(): number {
    return this.ws.readyState;
  }

  send(data: Uint8Array, callback?: (error?: Error) => void): void {
    this.watchOutgoing(data);
    this.ws.send(data, callback);
    // A client that does not read what it is sent would hold it all in this server's memory.
    if (this.ws.bufferedAmount > this.host.limits.roomBytes + this.host.limits.inFlightBytes) this.shut(GATE_CLOSE.tooMuch, 'reads too slowly', 'closed a socket that does not read what it is sent');
  }

  close(code?: number, reason?: string): void {
    this.ws.close(code, reason);
  }

  ping(): void {
    this.ws.ping();
  }

  terminate(): void {
    this.ws.terminate();
  }

  // --- what the server tells the gate ---

  /** The room's token was accepted: which token (for its budget and revocation). */
  authenticatedBy(room: string, tokenKey: string, line: readonly string[]): void {
    const r = this.rooms.get(room);
    if (!r) return;
    r.tokenKey = tokenKey;
    r.tokenLine = line;
  }

  /** Hocuspocus has loaded the room and made its connection: held messages go on. */
  opened(room: string, connection: Connection): void {
    const r = this.rooms.get(room);
    if (!r || r.phase !== 'loading') return;
    const held = this.release(r);
    r.phase = 'open';
    r.connection = connection;
    r.readOnly = connection.readOnly;
    for (const data of held) this.handle(readFrame(data)!, data, r);
    this.maybeResume();
  }

  /** Closes this socket's connection to `room` with `reason` (a refused update, a revoked token). */
  refuse(room: string, reason: string): void {
    const r = this.rooms.get(room);
    if (!r || r.phase === 'closed' || r.phase === 'refused') return;
    this.release(r);
    r.phase = 'closed';
    r.connection?.close({ code: 4403, reason });
  }

  /** The rooms open through this socket, each with its token's line (for revocation). */
  roomsByToken(): [string, readonly string[]][] {
    const out: [string, readonly string[]][] = [];
    for (const [room, r] of this.rooms) if (r.tokenKey && r.phase === 'open') out.push([room, r.tokenLine]);
    return out;
  }

  // --- the client's messages ---

  private receive(data: Buffer, isBinary: boolean): void {
    if (this.closed) return;
    // Over budget: what was already read waits here, in order, and reading stops.
    if (this.waiting.length > 0 || performance.now() < this.pausedUntil) {
      this.waiting.push({ data, isBinary });
      this.pauseReading();
      this.wake();
      return;
    }
    this.take(data, isBinary);
  }

  /** One message, now: read, counted against the budgets, and handled. */
  private take(data: Buffer, isBinary: boolean): void {
    const frame = isBinary ? readFrame(data) : null;
    if (!frame) return this.shut(GATE_CLOSE.malformed, 'a message that is not one', 'closed a socket: a message that cannot be read');
    let wait = this.bucket.take();
    // A request for the room's state costs the server the whole room: a budget of its own.
    if ((frame.type === FRAME.sync || frame.type === FRAME.syncReply) && frame.step === SYNC_STEP.stateVector) wait = Math.max(wait, this.stateRequests.take());
    let r = this.rooms.get(frame.room);
    if (!r) {
      if (this.rooms.size >= this.host.limits.roomsPerSocket) return this.shut(GATE_CLOSE.tooManyRooms, 'too many rooms on one socket');
      r = { phase: 'auth', held: [], readOnly: true, connection: null, tokenKey: null, tokenLine: [] };
      this.rooms.set(frame.room, r);
    }
    if (r.tokenKey) wait = Math.max(wait, this.host.tokenBucket(r.tokenKey).take());
    if (wait > 0) this.pausedUntil = Math.max(this.pausedUntil, performance.now() + wait);
    if (!this.authenticated) {
      this.preAuthBytes += data.length;
      if (this.preAuthBytes > this.host.limits.preAuthBytes) return this.shut(GATE_CLOSE.tooMuch, 'too much before authenticating');
    }
    this.handle(frame, data, r);
  }

  private handle(frame: Frame, data: Uint8Array, r: GateRoom): void {
    switch (r.phase) {
      case 'auth':
        if (frame.type === FRAME.auth && frame.authKind === AUTH_KIND.token) {
          r.phase = 'loading';
          this.loading++;
          this.pass(data);
        } else this.hold(r, data);
        return;
      case 'loading':
        this.hold(r, data);
        return;
      case 'refused':
      case 'closed':
        return;
      case 'open':
        return this.handleOpen(frame, data, r);
    }
  }

  private handleOpen(frame: Frame, data: Uint8Array, r: GateRoom): void {
    const connection = r.connection!;
    const isSync = frame.type === FRAME.sync || frame.type === FRAME.syncReply;
    if (isSync && frame.update && !r.readOnly) return this.acceptUpdate(frame.room, frame.update, data, connection);
    if (isSync && frame.update) return this.answerReadOnly(frame.room, frame.update);
    if (isSync || frame.type === FRAME.queryAwareness || frame.type === FRAME.close || frame.type === FRAME.auth) return this.pass(data);
    if (frame.type === FRAME.awareness && data.length <= MAX_AWARENESS_BYTES) return this.pass(data);
    // Stateless messages, acknowledgements and kinds the rooms do not use: not passed on.
    this.host.log.event(`dropped a message of a kind rooms do not use (${frame.type}) in room ${quoted(frame.room)}`, `kind ${frame.type}`);
  }

  private acceptUpdate(room: string, update: Uint8Array, data: Uint8Array, connection: Connection): void {
    const limit = this.host.limits.roomBytes;
    const held = this.host.roomBytes(room);
    if (held + update.length > limit) {
      this.host.log.event(`room ${quoted(room)}: refused an update of ${update.length} bytes: the room holds ${held} bytes (limit ${limit})`, `full ${room}`);
      return this.refuse(room, `the room is full: it holds ${mib(held)} and this change is ${mib(update.length)} (the server takes ${mib(limit)} a room)`);
    }
    const verdict = this.host.checkUpdate(room, update);
    if (!verdict) return this.pass(data);
    if (!verdict.ok) {
      this.host.log.event(`room ${quoted(room)}: refused an update: ${verdict.reason}`, `refused ${room} ${verdict.reason}`);
      return this.refuse(room, `the server refused a change: ${verdict.reason}`);
    }
    const entry = this.enqueue(data, false);
    this.host.persist(room, update, verdict, connection).then(
      () => this.ready(entry),
      () => this.ready(entry),
    );
  }

  /**
   * A read-only connection's update never reaches the room. It is acknowledged when it
   * holds nothing new (a first sync) — so the client is not left waiting — and otherwise
   * answered as not taken, here, without the room's whole state being computed for it.
   */
  private answerReadOnly(room: string, update: Uint8Array): void {
    const verdict = this.host.checkUpdate(room, update);
    if (verdict?.ok) this.host.discard(room, verdict);
    const taken = verdict?.ok === true && !verdict.changes;
    this.enqueue(syncStatusFrame(room, taken), true, true);
  }

  /** Keeps a message until its room opens; counted with those in flight, so a room slow to load cannot be flooded. */
  private hold(r: GateRoom, data: Uint8Array): void {
    r.held.push(data);
    this.inFlight += data.length;
    if (this.inFlight > this.host.limits.inFlightBytes) this.pauseReading();
  }

  /** Lets go of the messages `r` holds (handed on, or dropped with the room). */
  private release(r: GateRoom): Uint8Array[] {
    const held = r.held;
    r.held = [];
    for (const data of held) this.inFlight -= data.length;
    if (r.phase === 'loading') this.loading--;
    return held;
  }

  // --- order and pace ---

  /** Hands `data` on after everything before it. */
  private pass(data: Uint8Array): void {
    this.enqueue(data, true);
  }

  /** `answer`: `data` is the server's own answer to send back, not a message for Hocuspocus. */
  private enqueue(data: Uint8Array, ready: boolean, answer = false): Entry {
    const entry: Entry = { ready, data, bytes: data.length, answer };
    this.entries.push(entry);
    this.inFlight += entry.bytes;
    if (this.inFlight > this.host.limits.inFlightBytes) this.pauseReading();
    if (ready) this.deliver();
    return entry;
  }

  private ready(entry: Entry): void {
    entry.ready = true;
    this.deliver();
  }

  /** Hands on the ready messages at the front, in order. */
  private deliver(): void {
    while (this.entries.length > 0 && this.entries[0]!.ready) {
      const entry = this.entries.shift()!;
      this.inFlight -= entry.bytes;
      if (this.closed) continue;
      if (entry.answer) this.send(entry.data);
      else this.emit('message', entry.data);
    }
    this.maybeResume();
  }

  /** Takes the waiting messages whose time has come; wakes again for the rest. */
  private drainWaiting(): void {
    while (this.waiting.length > 0 && !this.closed && performance.now() >= this.pausedUntil) {
      const next = this.waiting.shift()!;
      this.take(next.data, next.isBinary);
    }
    if (this.waiting.length > 0) this.wake();
    else this.maybeResume();
  }

  private wake(): void {
    if (this.pauseTimer || this.closed) return;
    this.pauseTimer = setTimeout(
      () => {
        this.pauseTimer = null;
        this.drainWaiting();
      },
      Math.max(1, this.pausedUntil - performance.now()),
    );
  }

  private maybeResume(): void {
    if (!this.paused || this.waiting.length > 0 || this.inFlight > this.host.limits.inFlightBytes / 2) return;
    if (performance.now() < this.pausedUntil) return this.wake();
    this.resumeReading();
  }

  private pauseReading(): void {
    if (this.paused || this.closed) return;
    this.paused = true;
    this.ws.pause();
  }

  private resumeReading(): void {
    if (!this.paused || this.closed) return;
    this.paused = false;
    this.ws.resume();
  }

  // --- watching the server's answers ---

  /** Learns from the server's own answers whether a room's token was accepted or refused. */
  private watchOutgoing(data: Uint8Array): void {
    // Only while a room awaits its answer, which is tiny: relayed updates are not looked at.
    if (this.loading === 0 || data.length > 4096) return;
    const frame = readFrame(data);
    if (!frame || frame.type !== FRAME.auth) return;
    const r = this.rooms.get(frame.room);
    if (!r) return;
    if (frame.authKind === AUTH_KIND.authenticated) {
      r.readOnly = frame.authText === 'readonly';
      if (!this.authenticated) {
        this.authenticated = true;
        if (this.authTimer) clearTimeout(this.authTimer);
        this.authTimer = null;
        this.maxPayload(this.host.limits.messageBytes);
        this.host.onAuthenticatedSocket();
      }
    } else if (frame.authKind === AUTH_KIND.denied) {
      this.release(r);
      r.phase = 'refused';
      this.maybeResume();
    }
  }

  private maxPayload(bytes: number): void {
    // ws checks each frame's announced length against this before reading its payload.
    const receiver = (this.ws as unknown as { _receiver?: { _maxPayload: number } })._receiver;
    if (receiver) receiver._maxPayload = bytes;
  }

  private shut(code: number, reason: string, logLine?: string): void {
    if (this.closed) return;
    this.host.log.event(logLine ?? `closed a socket: ${reason}`);
    this.closed = true;
    this.ws.close(code, reason);
    // A peer that does not answer the close is cut off.
    setTimeout(() => this.ws.terminate(), 2000).unref?.();
  }
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
