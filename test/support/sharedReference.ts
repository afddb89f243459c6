/**
 * Locates ../shared/reference (beside the clone, as CI has it). Tests that need it call
 * `referenceDir` and skip with a visible notice when it is absent.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function referenceDir(...parts: string[]): string | null {
  const dir = join(repoRoot, '..', 'shared', 'reference', ...parts);
  if (existsSync(dir)) return dir;
  console.warn(`\n[warrant] NOTICE: ${dir} is absent; the reference tests that need it are skipped.\n`);
  return null;
}

export { repoRoot };
