/**
 * A room client with nothing but the protocol (Hocuspocus's framing of the Yjs sync
 * messages over one WebSocket, no provider, no reconnects): cheap enough that one process
 * holds thousands, and able to send updates as fast as the socket takes them — what the
 * team capacity benchmark needs to load a server the way many people, or one flooding
 * client, would.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { WebSocket } from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { AUTH_KIND, FRAME } from '../src/server/syncFrame.ts';

const LOCAL = 'local';

export class RawRoomClient {
  readonly doc = new Y.Doc();
  /** Updates sent, and acknowledged by the server (it acknowledges in order). */
  sent = 0;
  acked = 0;
  private readonly ackWaiters: { n: number; resolve: () => void }[] = [];

  private constructor(
    readonly ws: WebSocket,
    readonly room: string,
  ) {
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === LOCAL) this.sendUpdate(update);
    });
  }

  /** Connects, authenticates and syncs; resolves once the room's state has arrived. */
  static connect(url: string, room: string, token: string, timeoutMs = 60_000): Promise<RawRoomClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      const client = new RawRoomClient(ws, room);
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error(`room ${room}: not synced within ${timeoutMs} ms`));
      }, timeoutMs);
      let synced = false;
      ws.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      ws.on('close', (code) => {
        clearTimeout(timer);
        if (!synced) reject(new Error(`room ${room}: closed (${code}) before it synced`));
      });
      ws.on('open', () => ws.send(client.frame(FRAME.auth, (e) => (encoding.writeVarUint(e, AUTH_KIND.token), encoding.writeVarString(e, token)))));
      ws.on('message', (data: Buffer) => {
        const d = decoding.createDecoder(new Uint8Array(data));
        decoding.readVarString(d);
        const type = decoding.readVarUint(d);
        if (type === FRAME.auth) {
          if (decoding.readVarUint(d) !== AUTH_KIND.authenticated) {
            clearTimeout(timer);
            reject(new Error(`room ${room}: refused (${decoding.readVarString(d)})`));
            return;
          }
          ws.send(client.frame(FRAME.sync, (e) => syncProtocol.writeSyncStep1(e, client.doc)));
        } else if (type === FRAME.sync || type === FRAME.syncReply) {
          const reply = encoding.createEncoder();
          encoding.writeVarString(reply, room);
          encoding.writeVarUint(reply, FRAME.sync);
          const step = syncProtocol.readSyncMessage(d, reply, client.doc, 'server');
          if (step === syncProtocol.messageYjsSyncStep1) {
            // Our answer (what we hold that the server lacks) is acknowledged like an edit.
            client.sent++;
            ws.send(encoding.toUint8Array(reply));
          }
          if (step === syncProtocol.messageYjsSyncStep2 && !synced) {
            synced = true;
            clearTimeout(timer);
            resolve(client);
          }
        } else if (type === FRAME.syncStatus) {
          client.acked++;
          while (client.ackWaiters.length > 0 && client.ackWaiters[0]!.n <= client.acked) client.ackWaiters.shift()!.resolve();
        }
      });
    });
  }

  /** One local edit: `text` inserted at the end of the room's text (one update message). */
  edit(text: string): void {
    const t = this.doc.getText('text');
    this.doc.transact(() => t.insert(t.length, text), LOCAL);
  }

  /** Resolves once the server has acknowledged `n` updates of this client. */
  ackedUpTo(n: number): Promise<void> {
    if (this.acked >= n) return Promise.resolve();
    return new Promise((resolve) => this.ackWaiters.push({ n, resolve }));
  }

  close(): void {
    this.ws.terminate();
    this.doc.destroy();
  }

  private sendUpdate(update: Uint8Array): void {
    this.sent++;
    this.ws.send(this.frame(FRAME.sync, (e) => syncProtocol.writeUpdate(e, update)));
  }

  private frame(type: number, body: (e: encoding.Encoder) => void): Uint8Array {
    const e = encoding.createEncoder();
    encoding.writeVarString(e, this.room);
    encoding.writeVarUint(e, type);
    body(e);
    return encoding.toUint8Array(e);
  }
}
