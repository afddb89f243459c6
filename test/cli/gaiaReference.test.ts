/**
 * Galileo (../shared/reference/gaia/galileo) through the real command line, from the
 * package text to Gaia's files: `export --to gaia-ir` is Gaia's ir.json byte for byte,
 * and `infer --json` gives Gaia's beliefs.json — ids, labels, order, ir_hash and every
 * belief to 1e-9.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { referenceDir } from '../support/sharedReference.ts';
import { runWarrant } from './support/runWarrant.ts';

interface BeliefsFile {
  beliefs: { knowledge_id: string; label: string | null; belief: number }[];
  ir_hash: string;
  gaia_lang_version: string;
}

const dir = referenceDir('gaia', 'galileo');
const expected = (name: string) => readFileSync(join(dir!, 'expected', name), 'utf8');

describe.skipIf(!dir)('galileo through the CLI against Gaia (../shared/reference/gaia/galileo)', () => {
  const out = mkdtempSync(join(tmpdir(), 'warrant-galileo-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('export --to gaia-ir writes Gaia ir.json byte for byte', async () => {
    const run = await runWarrant(['export', join(dir!, 'package.py'), '--to', 'gaia-ir']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(expected('ir.json'));
  });

  it('infer --json gives Gaia beliefs to 1e-9, with the same ids, labels, order and ir_hash', async () => {
    const run = await runWarrant(['infer', '--json', join(dir!, 'package.py')]);
    expect(run.code).toBe(0);
    const got = JSON.parse(run.stdout) as BeliefsFile;
    const want = JSON.parse(expected('beliefs.json')) as BeliefsFile;
    expect(got.ir_hash).toBe(want.ir_hash);
    // The snapshot masks the version as <GAIA_LANG_VERSION>; ours is the one we write.
    if (want.gaia_lang_version.startsWith('<')) expect(got.gaia_lang_version).toMatch(/^\d+\.\d+\.\d+$/);
    else expect(got.gaia_lang_version).toBe(want.gaia_lang_version);
    expect(got.beliefs.map((b) => [b.knowledge_id, b.label])).toEqual(want.beliefs.map((b) => [b.knowledge_id, b.label]));
    got.beliefs.forEach((b, i) => expect(Math.abs(b.belief - want.beliefs[i]!.belief)).toBeLessThanOrEqual(1e-9));
  });

  it('export --to manifests writes every manifest Gaia writes', async () => {
    const run = await runWarrant(['export', join(dir!, 'package.py'), '--to', 'manifests', '--out', out]);
    expect(run.code).toBe(0);
    for (const name of ['formalization_manifest.json', 'manifests/exports.json', 'manifests/premises.json', 'manifests/holes.json', 'manifests/bridges.json']) {
      expect(readFileSync(join(out, name), 'utf8')).toBe(expected(name));
    }
  });
});
