/**
 * The command line's device key: kept at `$WARRANT_KEY_FILE`, else
 * `~/.config/warrant/device-key.json`, created with mode 600 on first use. The file is
 * `{"secretKey": HEX, "publicKey": HEX}`; a file that is there but is not such a record
 * is an error (exit 2), never silently replaced.
 *
 * Nothing here can wait forever: the key is read only from a regular file, at most
 * 64 KiB of it, and its folder is made one level at a time, each level tried once — so
 * a place that cannot hold it (`/proc`, `/sys`, a read-only or unwritable folder, a
 * file where a folder should be) fails at once with one line, where Node's recursive
 * `mkdir` keeps retrying on `/proc` (it reports ENOENT for a folder that exists).
 */
import { chmod, lstat, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DeviceKey } from '../core/oplog/deviceKey.ts';
import { generateDeviceKey, parseDeviceKey } from '../core/oplog/deviceKey.ts';
import { CliFailure } from '../node/cliFailure.ts';
import { makeFolder } from '../node/makeFolder.ts';
import { describeIoError, readFileBounded } from '../node/readInput.ts';

/** A key record is about 200 bytes; anything much larger is not one. */
const MAX_KEY_FILE_BYTES = 64 * 1024;

export function deviceKeyPath(): string {
  return process.env.WARRANT_KEY_FILE || join(homedir(), '.config', 'warrant', 'device-key.json');
}

export async function loadOrCreateDeviceKey(path = deviceKeyPath(), retried = false): Promise<DeviceKey> {
  let text: string | null = null;
  let exists = true;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new CliFailure(`cannot read the device key ${path}: ${info.isDirectory() ? 'is a directory' : 'not a regular file'}`);
    if (info.size > MAX_KEY_FILE_BYTES) throw new CliFailure(`the device key ${path} is not a key record (it is ${info.size} bytes long)`);
  } catch (e) {
    if (e instanceof CliFailure) throw e;
    if ((e as { code?: string }).code !== 'ENOENT') throw new CliFailure(`cannot read the device key ${path}: ${describeIoError(e)}`);
    exists = false;
  }
  if (exists) {
    text = (await readFileBounded(path, MAX_KEY_FILE_BYTES, 'document', `the device key ${path}`)).toString('utf8');
  }
  if (text !== null) {
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    const key = parseDeviceKey(json);
    if (!key) throw new CliFailure(`the device key ${path} is not a key record ({"secretKey": 64 hex digits})`);
    return key;
  }
  const key = generateDeviceKey();
  try {
    await makeFolder(dirname(path), 0o700);
    // `wx`: never overwrite a key another process created meanwhile.
    await writeFile(path, JSON.stringify({ secretKey: key.secretKey, publicKey: key.publicKey }) + '\n', { mode: 0o600, flag: 'wx' });
    await chmod(path, 0o600);
  } catch (e) {
    // Another process wrote it meanwhile: read that one (once — a dangling symbolic link also says EEXIST).
    if ((e as { code?: string }).code === 'EEXIST' && !retried) return loadOrCreateDeviceKey(path, true);
    if ((e as { code?: string }).code === 'EEXIST') {
      const link = await lstat(path).catch(() => null);
      if (link?.isSymbolicLink()) throw new CliFailure(`cannot write the device key ${path}: a symbolic link to a missing file`);
    }
    throw new CliFailure(`cannot write the device key ${path}: ${describeIoError(e)}`);
  }
  return key;
}
