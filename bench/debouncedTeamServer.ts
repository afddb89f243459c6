/**
 * The team server as it stored rooms before its journal: Hocuspocus's own server with the
 * Database extension, each room written whole at most every 2 s while edited and at least
 * every 10 s — so an acknowledged update could be lost to a crash. Run as its own process
 * (`tsx bench/debouncedTeamServer.ts DIR`) only as the baseline of the durable-append row
 * of the team capacity benchmark; it prints its address as `warrant serve` does.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Database } from '@hocuspocus/extension-database';
import { Server } from '@hocuspocus/server';
import { checkRoomToken } from '../src/core/team/roomToken.ts';

const dir = process.argv[2]!;
const secret = new TextEncoder().encode(process.env.WARRANT_TEAM_SECRET ?? '');
await mkdir(dir, { recursive: true });
const fileOf = (room: string) => join(dir, `${room}.yjs`);
const server = new Server({
  port: 0,
  quiet: true,
  stopOnSignals: true,
  debounce: 2000,
  maxDebounce: 10_000,
  extensions: [
    new Database({
      fetch: async ({ documentName }) =>
        readFile(fileOf(documentName)).then(
          (b) => new Uint8Array(b),
          () => null,
        ),
      store: async ({ documentName, state }) => {
        await writeFile(`${fileOf(documentName)}.tmp`, state);
        await rename(`${fileOf(documentName)}.tmp`, fileOf(documentName));
      },
    }),
  ],
  async onAuthenticate({ token, documentName, connectionConfig }) {
    const check = checkRoomToken(token, secret, documentName);
    if (!check.ok) throw new Error(check.reason);
    connectionConfig.readOnly = check.claims.rights === 'read';
  },
});
server.httpServer.listen({ port: 0, host: '127.0.0.1' }, () => {
  const address = server.httpServer.address();
  process.stdout.write(`Warrant team server on ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0} (debounced store)\n`);
});
