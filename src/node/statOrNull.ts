/**
 * A path's status, or null when nothing readable is there. Synchronous, as the CLI's
 * reads are: a command needs its inputs before it can do anything else, and an
 * asynchronous call is a round trip through the thread pool.
 */
import type { Stats } from 'node:fs';
import { statSync } from 'node:fs';

export function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
