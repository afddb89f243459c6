/**
 * `warrant serve`: a team server (src/server/teamServer.ts) until interrupted.
 *   --port N (default 4488), --host H (default 127.0.0.1),
 *   --dir DIR (default ./warrant-rooms: rooms on disk),
 *   --postgres URL (rooms in PostgreSQL instead), --redis URL (share rooms live with the
 *   other instances on that Redis), --name NAME (this instance, in logs and /health),
 *   --secret-file FILE (else $WARRANT_TEAM_SECRET, else DIR/secret, made at first start),
 *   --invite-days N (the longest an invite lasts, default 30), and the limits of
 *   src/server/serverLimits.ts (`--max-room-bytes N`, …).
 * It prints its address and two team tokens (write and read-only, any room), which the
 * page takes under Live (src/app/chrome/LiveButton.tsx). SIGINT or SIGTERM stop it: sockets are closed (clients
 * reconnect to another instance or wait), rooms are written, and it exits — within a few
 * seconds, whatever the clients do.
 */
import { resolve } from 'node:path';
import { parseCommandLine } from '../commandLine.ts';
import { CliFailure, usageFailure } from '../../node/cliFailure.ts';
import { writeStdout } from '../output.ts';

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
  const { LIMIT_FLAGS, limitsFrom } = await import('../../server/serverLimits.ts');
  const limitFlags = Object.fromEntries(Object.values(LIMIT_FLAGS).map((f) => [f, null]));
  const cl = parseCommandLine('serve', args, { values: { port: null, host: null, dir: null, postgres: null, redis: null, name: null, 'secret-file': null, 'invite-days': null, ...limitFlags } });
  if (cl.positionals.length > 0) throw usageFailure('serve takes no FILE', 'serve');
  const port = Number(cl.values.get('port') ?? DEFAULT_TEAM_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageFailure(`--port must be a port number: ${cl.values.get('port')}`, 'serve');
  const postgres = cl.values.get('postgres') ?? null;
  const redis = cl.values.get('redis') ?? null;
  for (const [flag, url, schemes] of [
    ['postgres', postgres, ['postgres:', 'postgresql:']],
    ['redis', redis, ['redis:']],
  ] as const) {
    if (url !== null && !schemes.some((s) => url.startsWith(s))) throw usageFailure(`--${flag} must be a ${schemes[0]}// address: ${url}`, 'serve');
  }
  const limits = limitsFrom(cl.values);
  if (!limits.ok) throw usageFailure(`--${limits.flag} must be a positive whole number: ${limits.value}`, 'serve');
  const inviteDaysText = cl.values.get('invite-days');
  const inviteDays = inviteDaysText === undefined ? 30 : Number(inviteDaysText);
  if (!(Number.isFinite(inviteDays) && inviteDays > 0)) throw usageFailure(`--invite-days must be a positive number: ${inviteDaysText}`, 'serve');
  const dir = postgres ? null : resolve(cl.values.get('dir') ?? 'warrant-rooms');
  const { teamSecret } = await import('../../server/teamSecret.ts');
  const { diskRoomStore, postgresRoomStore } = await import('../../server/roomStores.ts');
  const { startTeamServer } = await import('../../server/teamServer.ts');
  const { mintRoomToken } = await import('../../core/team/roomToken.ts');
  const secret = await teamSecret({ dir, secretFile: cl.values.get('secret-file') ?? null });
  const name = cl.values.get('name');
  const store = await failingAs(postgres ? `cannot use PostgreSQL at ${postgres}` : `cannot keep rooms in ${dir}`, () =>
    postgres ? postgresRoomStore(postgres, { ...(name ? { instance: name } : {}), shared: redis !== null }) : diskRoomStore(dir!),
  );
  const host = cl.values.get('host') ?? '127.0.0.1';
  const server = await failingAs(`cannot listen on ${host}:${port}`, () =>
    startTeamServer({
      port,
      host,
      secret,
      store,
      revocations: postgres ? { postgres } : { dir: dir! },
      limits: limits.limits,
      inviteMs: inviteDays * 86_400_000,
      ...(redis ? { redis } : {}),
      ...(name ? { name } : {}),
    }),
  );
  // Last resorts: what escapes every handler (a library's own promise) is one log line,
  // and the server goes on; anything a library prints is one line too.
  process.on('unhandledRejection', (e) => server.log.event(`an operation failed unexpectedly: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`));
  process.on('uncaughtException', (e) => server.log.event(`an operation failed unexpectedly: ${e.message.split('\n')[0]}`));
  console.error = (...parts: unknown[]) =>
    server.log.event(
      parts
        .map((p) => (p instanceof Error ? p.message : String(p)))
        .join(' ')
        .split('\n')[0]!
        .slice(0, 200),
    );
  console.warn = console.error;
  await writeStdout(
    [
      `Warrant team server on ${server.url}${name ? ` (${name})` : ''}`,
      `rooms: ${store.where}${redis ? `; shared live with other instances through ${new URL(redis).host}` : ''}`,
      `team token, write, any room:  ${mintRoomToken({ room: '*', rights: 'write' }, secret)}`,
      `team token, read-only:        ${mintRoomToken({ room: '*', rights: 'read' }, secret)}`,
      'In the IDE: Live → "Share this session live", with this address and a token. Ctrl+C stops the server.',
      '',
    ].join('\n'),
  );
  await new Promise<void>((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      server.stop().then(done, (e: unknown) => {
        server.log.event(`while stopping: ${e instanceof Error ? e.message : String(e)}`);
        done();
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  // Stopped: whatever a library still holds open (a timer, a pool) does not keep the process.
  setTimeout(() => process.exit(0), 500).unref();
  return 0;
}
