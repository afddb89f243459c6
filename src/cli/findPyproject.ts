/**
 * The pyproject.toml a Gaia package module belongs to: beside the file or in a parent
 * folder, as Gaia finds it (docs/contract.md §1.2). Returns its text, or null.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

export async function findPyproject(filePath: string | null): Promise<string | null> {
  if (!filePath) return null;
  let dir = dirname(resolve(filePath));
  for (;;) {
    try {
      return await readFile(join(dir, 'pyproject.toml'), 'utf8');
    } catch {
      // Not here: try the parent.
    }
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
