/**
 * The pyproject.toml a Gaia package module belongs to: beside the file or in a parent
 * folder, as Gaia finds it (docs/contract.md §1.2). Returns its text, or null.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { MAX_DOCUMENT_BYTES, tooLargeMessage } from '../core/text/inputLimits.ts';
import { CliFailure } from './cliFailure.ts';
import { statOrNull } from './statOrNull.ts';

export async function findPyproject(filePath: string | null): Promise<string | null> {
  if (!filePath) return null;
  let dir = dirname(resolve(filePath));
  for (;;) {
    const path = join(dir, 'pyproject.toml');
    // Only a regular file of at most the document limit: a device or pipe by that name would never end.
    const info = statOrNull(path);
    if (info?.isFile()) {
      if (info.size > MAX_DOCUMENT_BYTES) throw new CliFailure(`cannot read ${path}: ${tooLargeMessage(info.size, MAX_DOCUMENT_BYTES, 'document')}`);
      try {
        return readFileSync(path, 'utf8');
      } catch {
        // Unreadable: as if absent.
      }
    }
    // Not here: try the parent.
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
