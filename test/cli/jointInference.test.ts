/**
 * `warrant infer PKG --depth N`: joint inference with the packages a package depends on,
 * as Gaia's `gaia run infer --depth N` (expected beliefs in
 * test/fixtures/gaia-packages/joint-telescope.expected/joint/). The whole command:
 * dependencies found through `[tool.uv.sources]`, the beliefs Gaia wrote, the exit codes.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasStackTrace, runWarrant } from './support/runWarrant.ts';

const ROOT = join(import.meta.dirname, '../fixtures/gaia-packages');
const TELESCOPE = join(ROOT, 'joint-telescope');

interface Beliefs {
  readonly beliefs: readonly { readonly knowledge_id: string; readonly belief: number }[];
}

function expectBeliefs(got: Beliefs, want: Beliefs): void {
  expect(got.beliefs.map((b) => b.knowledge_id)).toEqual(want.beliefs.map((b) => b.knowledge_id));
  got.beliefs.forEach((b, i) => expect(Math.abs(b.belief - want.beliefs[i]!.belief), b.knowledge_id).toBeLessThan(1e-9));
}

describe('warrant infer --depth N', () => {
  it('merges the dependencies N levels deep as Gaia does; 0 is local inference', async () => {
    for (const depth of ['1', '2', '-1']) {
      const run = await runWarrant(['infer', TELESCOPE, '--depth', depth, '--json']);
      expect(run.code, run.stderr).toBe(0);
      // The contradiction in the package and the one in glass are asserted relations: unpinned in the joint graph, said on stderr.
      expect(run.stderr).toContain('joint-evidence-dropped');
      expectBeliefs(JSON.parse(run.stdout) as Beliefs, JSON.parse(readFileSync(join(ROOT, 'joint-telescope.expected', 'joint', `depth${depth}`, 'beliefs.json'), 'utf8')) as Beliefs);
    }
    const local = await runWarrant(['infer', TELESCOPE, '--depth', '0', '--json']);
    expect(local.code).toBe(0);
    expectBeliefs(JSON.parse(local.stdout) as Beliefs, JSON.parse(readFileSync(join(ROOT, 'joint-telescope.expected', 'beliefs.json'), 'utf8')) as Beliefs);
  });

  it('a dependency that cannot be found stops it with exit 1 and its name; a bad depth is a usage error', async () => {
    // Copied alone, the package's [tool.uv.sources] paths lead nowhere.
    const dir = mkdtempSync(join(tmpdir(), 'warrant-joint-'));
    try {
      cpSync(TELESCOPE, join(dir, 'telescope'), { recursive: true });
      const run = await runWarrant(['infer', join(dir, 'telescope'), '--depth', '1']);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/lenses-gaia/);
      expect(hasStackTrace(run.stderr)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const bad = await runWarrant(['infer', TELESCOPE, '--depth', 'deep']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--depth takes a whole number');
    const none = await runWarrant(['infer', join(ROOT, 'joint-glass'), '--depth', '1', '--json']);
    expect(none.code).toBe(0);
    expect(none.stderr).toContain('no Gaia dependencies; running local inference only');
  });
});
