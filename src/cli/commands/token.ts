/**
 * `warrant token [--room ROOM] [--read-only] [--days N]`: a room token signed with the
 * team server's secret (the same sources as `serve`: $WARRANT_TEAM_SECRET,
 * --secret-file, or DIR/secret), for scripts and invitations.
 * `warrant token --revoke TOKEN|ID [--dir DIR | --postgres URL]`: revokes a token (and
 * every invite made from it) where the servers keep their revocations; running servers
 * close its connections within a second.
 */
import { resolve } from 'node:path';
import { parseCommandLine } from '../commandLine.ts';
import { usageFailure } from '../../node/cliFailure.ts';
import { writeStdout } from '../output.ts';

export async function runToken(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('token', args, { flags: ['read-only'], values: { room: null, days: null, dir: null, postgres: null, 'secret-file': null, revoke: null } });
  if (cl.positionals.length > 0) throw usageFailure('token takes no FILE', 'token');
  const { ROOM_NAME, mintRoomToken, tokenIdOf } = await import('../../core/team/roomToken.ts');
  const revoke = cl.values.get('revoke');
  if (revoke !== undefined) {
    const id = revoke.startsWith('wt1.') ? tokenIdOf(revoke) : revoke;
    if (!id) throw usageFailure(`--revoke takes a token or a token id: ${revoke}`, 'token');
    const postgres = cl.values.get('postgres');
    const dir = resolve(cl.values.get('dir') ?? 'warrant-rooms');
    const { teamSecret } = await import('../../server/teamSecret.ts');
    const { revokeToken } = await import('../../server/tokenRevocations.ts');
    const secret = await teamSecret({ dir: postgres ? null : dir, secretFile: cl.values.get('secret-file') ?? null });
    await revokeToken(postgres ? { postgres } : { dir }, secret, id);
    await writeStdout(`revoked ${id}\n`);
    return 0;
  }
  const room = cl.values.get('room') ?? '*';
  if (room !== '*' && !ROOM_NAME.test(room)) throw usageFailure(`--room must be a room name (letters, digits, . _ -): ${room}`, 'token');
  const daysText = cl.values.get('days');
  const days = daysText === undefined ? null : Number(daysText);
  if (days !== null && !(Number.isFinite(days) && days > 0)) throw usageFailure(`--days must be a positive number: ${daysText}`, 'token');
  const { teamSecret } = await import('../../server/teamSecret.ts');
  const secret = await teamSecret({ dir: resolve(cl.values.get('dir') ?? 'warrant-rooms'), secretFile: cl.values.get('secret-file') ?? null });
  const token = mintRoomToken({ room, rights: cl.flags.has('read-only') ? 'read' : 'write', ...(days !== null ? { exp: Date.now() + days * 86_400_000 } : {}) }, secret);
  await writeStdout(token + '\n');
  return 0;
}
