/**
 * `mkdir -p`, bounded: each missing level of a path is created once, top down, and any
 * failure is final. Node's `mkdir(…, {recursive: true})` loops forever on /proc, which
 * answers ENOENT for a folder whose parent exists; here that is a failure with its own
 * code (`ENOFOLDER`, message "cannot create the folder F"), as is a file where a folder
 * should be (ENOTDIR).
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function makeFolder(dir: string, mode = 0o777): Promise<void> {
  const missing: string[] = [];
  for (let at = dir; ; ) {
    try {
      const info = await stat(at);
      if (!info.isDirectory()) throw Object.assign(new Error(`${at} is not a directory`), { code: 'ENOTDIR' });
      break;
    } catch (e) {
      if ((e as { code?: string }).code !== 'ENOENT') throw e;
    }
    missing.push(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const level of missing.reverse()) {
    try {
      await mkdir(level, { mode });
    } catch (e) {
      // ENOENT with the parent in place: this file system does not hold folders (e.g. /proc).
      if ((e as { code?: string }).code === 'ENOENT') throw Object.assign(new Error(`cannot create the folder ${level}`), { code: 'ENOFOLDER' });
      if ((e as { code?: string }).code !== 'EEXIST') throw e;
    }
  }
}
