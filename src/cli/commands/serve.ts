/**
 * `warrant serve`: a team server (src/server/teamServer.ts) until interrupted.
 *   --port N (default 4488), --host H (default 127.0.0.1),
 *   --dir DIR (default ./warrant-rooms: rooms on disk),
 *   --postgres URL (rooms in PostgreSQL instead), --redis URL (share rooms live with the
 *   other instances on that Redis), --name NAME (this instance, in logs and /health),
 *   --secret-file FILE (else $WARRANT_TEAM_SECRET, else DIR/secret, made at first start).
 * It prints its address and two team tokens (write and read-only, any room), which the
 * page's "Share live" takes.
 */
import { resolve } from 'node:path';
import { parseCommandLine } from '../commandLine.ts';
import { CliFailure, usageFailure } from '../cliFailure.ts';
import { writeStderr, writeStdout } from '../output.ts';

export const DEFAULT_TEAM_PORT = 4488;

/** Runs `start`; a failure (a port in use, a database that refuses) becomes one line saying what could not be done. */
async function failingAs<T>(what: string, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (e) {
    throw new CliFailure(`${what}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
}

export async function runServe(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('serve', args, { values: { port: null, host: null, dir: null, postgres: null, redis: null, name: null, 'secret-file': null } });
  if (cl.positionals.length > 0) throw usageFailure('serve takes no FILE', 'serve');
  const port = Number(cl.values.get('port') ?? DEFAULT_TEAM_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageFailure(`--port must be a port number: ${cl.values.get('port')}`, 'serve');
  const postgres = cl.values.get('postgres') ?? null;
  const redis = cl.values.get('redis') ?? null;
  for (const [flag, url, schemes] of [['postgres', postgres, ['postgres:', 'postgresql:']], ['redis', redis, ['redis:']]] as const) {
    if (url !== null && !schemes.some((s) => url.startsWith(s))) throw usageFailure(`--${flag} must be a ${schemes[0]}// address: ${url}`, 'serve');
  }
  const dir = postgres ? null : resolve(cl.values.get('dir') ?? 'warrant-rooms');
  const { teamSecret } = await import('../../server/teamSecret.ts');
  const { diskRoomStore, postgresRoomStore } = await import('../../server/roomStores.ts');
  const { startTeamServer } = await import('../../server/teamServer.ts');
  const { mintRoomToken } = await import('../../core/team/roomToken.ts');
  const secret = await teamSecret({ dir, secretFile: cl.values.get('secret-file') ?? null });
  const store = await failingAs(postgres ? `cannot use PostgreSQL at ${postgres}` : `cannot keep rooms in ${dir}`, () => (postgres ? postgresRoomStore(postgres) : diskRoomStore(dir!)));
  const name = cl.values.get('name');
  const host = cl.values.get('host') ?? '127.0.0.1';
  const server = await failingAs(`cannot listen on ${host}:${port}`, () => startTeamServer({ port, host, secret, store, ...(redis ? { redis } : {}), ...(name ? { name } : {}) }));
  await writeStdout(
    [
      `Warrant team server on ${server.url}${name ? ` (${name})` : ''}`,
      `rooms: ${store.where}${redis ? `; shared live with other instances through ${new URL(redis).host}` : ''}`,
      `team token, write, any room:  ${mintRoomToken({ room: '*', rights: 'write' }, secret)}`,
      `team token, read-only:        ${mintRoomToken({ room: '*', rights: 'read' }, secret)}`,
      'In the IDE: Share → Share live, then this address and a token. Ctrl+C stops the server.',
      '',
    ].join('\n'),
  );
  await new Promise<void>((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      // Rooms are stored before the process ends.
      server.stop().then(done, async (e: unknown) => {
        await writeStderr(`warrant: while stopping: ${e instanceof Error ? e.message : String(e)}\n`);
        done();
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return 0;
}
