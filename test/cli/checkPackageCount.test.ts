/**
 * `warrant check PKG/` counts what it checked as a person counts it: a package folder is
 * its modules (the package's own `.py` files Gaia runs), not "1 file". Run as a user runs
 * it, on a package of 14 modules written to disk, and on the tides fixture beside a file.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/sharedReference.ts';
import { runWarrant } from './support/runWarrant.ts';

const TIDES = join(repoRoot, 'test', 'fixtures', 'gaia-packages', 'tides');

/** A package of `n` modules: `__init__.py` importing n − 1 modules of one claim each. */
function packageOf(n: number): string {
  const root = mkdtempSync(join(tmpdir(), 'warrant-modules-'));
  const src = join(root, 'src', 'fleet');
  mkdirSync(src, { recursive: true });
  writeFileSync(join(root, 'pyproject.toml'), '[project]\nname = "fleet-gaia"\nversion = "0.1.0"\n\n[tool.gaia]\ntype = "knowledge-package"\nnamespace = "demo"\n');
  const names = Array.from({ length: n - 1 }, (_, i) => `ship_${i + 1}`);
  for (const name of names) writeFileSync(join(src, `${name}.py`), `from gaia.engine.lang import claim\n\n${name}_sails = claim("Ship ${name} sails today.")\n`);
  writeFileSync(
    join(src, '__init__.py'),
    `from gaia.engine.lang import claim\n${names.map((m) => `from .${m} import ${m}_sails`).join('\n')}\n\n__all__ = [${names.map((m) => `"${m}_sails"`).join(', ')}]\n`,
  );
  return root;
}

describe('check counts the modules of a package it checked', () => {
  it('a package of 14 modules is 14 modules, not 1 file', async () => {
    const run = await runWarrant(['check', packageOf(14)]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('1 package of 14 modules checked: no problems\n');
  });

  it('files and packages given together are counted each as what it is', async () => {
    const trace = join(mkdtempSync(join(tmpdir(), 'warrant-trace-')), 'trace.clair');
    writeFileSync(trace, 'b1 .9 L0 @self "The tide is in"\n');
    const run = await runWarrant(['check', TIDES, trace]);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^1 file and 1 package of 6 modules checked: /);
  });
});
