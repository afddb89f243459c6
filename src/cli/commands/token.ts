/**
 * `warrant token [--room ROOM] [--read-only] [--days N]`: a room token signed with the
 * team server's secret (the same sources as `serve`: $WARRANT_TEAM_SECRET,
 * --secret-file, or DIR/secret), for scripts and invitations.
 */
import { resolve } from 'node:path';
import { parseCommandLine } from '../commandLine.ts';
import { usageFailure } from '../cliFailure.ts';
import { writeStdout } from '../output.ts';

export async function runToken(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('token', args, { flags: ['read-only'], values: { room: null, days: null, dir: null, 'secret-file': null } });
  if (cl.positionals.length > 0) throw usageFailure('token takes no FILE', 'token');
  const { ROOM_NAME, mintRoomToken } = await import('../../core/team/roomToken.ts');
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
