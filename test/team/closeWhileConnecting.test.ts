/**
 * A room closed while its socket is still connecting (a server that accepted the TCP
 * connection and has not answered yet) ends quietly: Node's socket reports the close
 * as an error after the provider stopped listening, and that must not reach the process.
 */
import net from 'node:net';
import { afterAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectRoom } from '../../src/team/roomConnection';

const held = new Set<net.Socket>();
const silent = net.createServer((s) => held.add(s));
afterAll(() => {
  for (const s of held) s.destroy();
  return new Promise<void>((done) => silent.close(() => done()));
});

it('closing rooms whose sockets never finished connecting raises nothing', async () => {
  await new Promise<void>((ready) => silent.listen(0, '127.0.0.1', ready));
  const { port } = silent.address() as net.AddressInfo;
  const uncaught: unknown[] = [];
  const hear = (e: unknown) => uncaught.push(e);
  process.on('uncaughtException', hear);
  try {
    for (let i = 0; i < 5; i++) {
      const room = connectRoom({ server: `ws://127.0.0.1:${port}`, room: 'r', token: 't' }, { WebSocketPolyfill: WebSocket });
      await new Promise((r) => setTimeout(r, 30));
      room.close();
    }
    await new Promise((r) => setTimeout(r, 300));
  } finally {
    process.off('uncaughtException', hear);
  }
  expect(uncaught.map(String)).toEqual([]);
});
