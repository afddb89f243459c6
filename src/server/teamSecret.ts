/**
 * The secret a team server signs room tokens with. Instances that share rooms (Redis,
 * PostgreSQL) must share it: $WARRANT_TEAM_SECRET, else a file. A lone server on disk
 * makes one at its first start, in its rooms folder, readable by its user alone.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CliFailure } from '../node/cliFailure.ts';

const MIN_SECRET_CHARS = 16;

export async function teamSecret(options: { dir: string | null; secretFile: string | null }): Promise<Uint8Array> {
  const fromEnv = process.env.WARRANT_TEAM_SECRET;
  if (fromEnv !== undefined && fromEnv !== '') return secretOf(fromEnv, '$WARRANT_TEAM_SECRET');
  if (options.secretFile) return secretOf(await readSecretFile(options.secretFile), options.secretFile);
  if (!options.dir) throw new CliFailure('instances that share rooms need one secret: set WARRANT_TEAM_SECRET (or --secret-file FILE) the same on each');
  const file = join(options.dir, 'secret');
  try {
    return secretOf(await readFile(file, 'utf8'), file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  await mkdir(options.dir, { recursive: true });
  const made = randomBytes(32).toString('hex');
  // 'wx': two servers starting at once on one folder keep the first secret.
  try {
    await writeFile(file, made + '\n', { mode: 0o600, flag: 'wx' });
    return secretOf(made, file);
  } catch {
    return secretOf(await readFile(file, 'utf8'), file);
  }
}

async function readSecretFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    throw new CliFailure(`cannot read the secret file ${file}: ${(e as Error).message}`);
  }
}

function secretOf(text: string, where: string): Uint8Array {
  const secret = text.trim();
  if (secret.length < MIN_SECRET_CHARS) throw new CliFailure(`the team secret in ${where} is too short (at least ${MIN_SECRET_CHARS} characters)`);
  return new TextEncoder().encode(secret);
}
