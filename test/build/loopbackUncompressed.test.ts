/**
 * The preview server answers this machine's requests uncompressed (gzip on the fly costs
 * the cores the browser parses with) and keeps compression for any other client.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fromLoopback, loopbackUncompressed } from '../../build-plugins/loopbackUncompressed.ts';

describe('requests from this machine go uncompressed', () => {
  it.each([
    ['127.0.0.1', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.0.2.2', false],
    ['10.0.0.7', false],
    [undefined, false],
  ])('a request from %s is from this machine: %s', (address, loopback) => {
    expect(fromLoopback({ socket: { remoteAddress: address } } as never)).toBe(loopback);
  });

  it('the middleware drops Accept-Encoding from a loopback request only', () => {
    const middlewares: ((req: { headers: Record<string, string>; socket: { remoteAddress: string } }, res: unknown, next: () => void) => void)[] = [];
    const hook = loopbackUncompressed().configurePreviewServer as (server: unknown) => void;
    hook({ middlewares: { use: (fn: (typeof middlewares)[number]) => middlewares.push(fn) } });
    expect(middlewares).toHaveLength(1);
    const seen = (remoteAddress: string) => {
      const req = { headers: { 'accept-encoding': 'gzip, br' } as Record<string, string>, socket: { remoteAddress } };
      let called = false;
      middlewares[0]!(req, {}, () => (called = true));
      expect(called).toBe(true);
      return req.headers['accept-encoding'];
    };
    expect(seen('127.0.0.1')).toBeUndefined();
    expect(seen('192.0.2.2')).toBe('gzip, br');
  });

  it('a real loopback connection is recognised', async () => {
    const address = await new Promise<string | undefined>((resolve) => {
      const server = createServer((req, res) => {
        resolve(req.socket.remoteAddress);
        res.end();
        server.close();
      }).listen(0, '127.0.0.1', () => void fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`).then((r) => r.text()));
    });
    expect(fromLoopback({ socket: { remoteAddress: address } } as never)).toBe(true);
  });
});
