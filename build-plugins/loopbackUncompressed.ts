/**
 * The preview server (`npm start`, the browser tests and benchmarks) gzips every script
 * it sends, as it goes: for the first load that is about 7 MB compressed on the same two
 * cores the browser is parsing them with, to save a transfer over the loopback that costs
 * nothing. Measured on this project's machine, six interleaved cold loads each way:
 * median 1.40 s compressed, 1.28 s not. So a request from this machine is answered
 * uncompressed; any other keeps the server's compression.
 */
import type { IncomingMessage } from 'node:http';
import type { Plugin } from 'vite';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** True when the request comes from this machine. */
export function fromLoopback(request: Pick<IncomingMessage, 'socket'>): boolean {
  return LOOPBACK.has(request.socket.remoteAddress ?? '');
}

export function loopbackUncompressed(): Plugin {
  return {
    name: 'warrant-loopback-uncompressed',
    // Runs before the preview server's own middleware, compression included.
    configurePreviewServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (fromLoopback(request)) delete request.headers['accept-encoding'];
        next();
      });
    },
  };
}
