/**
 * The command line's device key: kept at `$WARRANT_KEY_FILE`, else
 * `~/.config/warrant/device-key.json`, created with mode 600 on first use. The file is
 * `{"secretKey": HEX, "publicKey": HEX}`; a file that is there but is not such a record
 * is an error (exit 2), never silently replaced.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DeviceKey } from '../core/oplog/deviceKey.ts';
import { generateDeviceKey, parseDeviceKey } from '../core/oplog/deviceKey.ts';
import { CliFailure } from './cliFailure.ts';
import { describeIoError } from './readInput.ts';

export function deviceKeyPath(): string {
  return process.env.WARRANT_KEY_FILE || join(homedir(), '.config', 'warrant', 'device-key.json');
}

export async function loadOrCreateDeviceKey(path = deviceKeyPath()): Promise<DeviceKey> {
  let text: string | null = null;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as { code?: string }).code !== 'ENOENT') throw new CliFailure(`cannot read the device key ${path}: ${describeIoError(e)}`);
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
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    // `wx`: never overwrite a key another process created meanwhile.
    await writeFile(path, JSON.stringify({ secretKey: key.secretKey, publicKey: key.publicKey }) + '\n', { mode: 0o600, flag: 'wx' });
    await chmod(path, 0o600);
  } catch (e) {
    if ((e as { code?: string }).code === 'EEXIST') return loadOrCreateDeviceKey(path);
    throw new CliFailure(`cannot write the device key ${path}: ${describeIoError(e)}`);
  }
  return key;
}
