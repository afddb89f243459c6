/**
 * Galileo end to end: the one-module package from ../shared, compiled as namespace
 * `example`, package `galileo_v0_5`, gives Gaia's own files byte for byte.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeGaia } from '../../src/core/gaia/analyzeGaia.ts';
import { maskCompileMetadata } from '../../src/core/gaia/artifacts/compileMetadata.ts';
import { referenceDir } from '../support/sharedReference.ts';

const dir = referenceDir('gaia', 'galileo');

describe.skipIf(!dir)('Galileo against Gaia (../shared/reference/gaia/galileo)', () => {
  const text = dir ? readFileSync(join(dir, 'package.py'), 'utf8') : '';
  const analysis = analyzeGaia(text, { namespace: 'example', package: 'galileo_v0_5' });
  const files = analysis.artifacts({ compiledAt: '2026-01-01T00:00:00Z' });
  const expected = (name: string) => readFileSync(join(dir!, 'expected', name), 'utf8');

  it('is accepted with no diagnostics', () => {
    expect(analysis.diagnostics).toEqual([]);
    expect(analysis.accepted).toBe(true);
  });

  for (const name of ['ir.json', 'ir_hash', 'formalization_manifest.json', 'manifests/exports.json', 'manifests/premises.json', 'manifests/holes.json', 'manifests/bridges.json']) {
    it(`writes ${name} byte for byte`, () => {
      expect(files.get(name)).toBe(expected(name));
    });
  }

  it('writes compile_metadata.json as Gaia does, up to the run-specific fields the snapshot masks', () => {
    const ours = files.get('compile_metadata.json')!;
    expect(maskCompileMetadata(ours)).toBe(expected('compile_metadata.json'));
    expect(ours).toContain('"compiled_at": "2026-01-01T00:00:00Z"');
  });

  it('the same ir_hash, ids and helper claims field by field', () => {
    const want = JSON.parse(expected('ir.json')) as {
      ir_hash: string;
      knowledges: { id: string; content_hash: string }[];
      strategies: { strategy_id: string }[];
      operators: { operator_id: string }[];
    };
    const got = analysis.irJson() as unknown as typeof want;
    expect(got.ir_hash).toBe(want.ir_hash);
    expect(got.knowledges.map((k) => [k.id, k.content_hash])).toEqual(want.knowledges.map((k) => [k.id, k.content_hash]));
    expect(got.strategies.map((s) => s.strategy_id)).toEqual(want.strategies.map((s) => s.strategy_id));
    expect(got.operators.map((o) => o.operator_id)).toEqual(want.operators.map((o) => o.operator_id));
  });

  it('the package folder form (register_prior moved in) reads the same from a pyproject', () => {
    const pyproject = readFileSync(join(dir!, 'pyproject.toml'), 'utf8');
    const viaToml = analyzeGaia(text, { pyprojectToml: pyproject });
    expect(viaToml.identity).toMatchObject({ namespace: 'example', packageName: 'galileo_v0_5', version: '0.1.0', manifestPackage: 'galileo-v0-5' });
    expect(viaToml.irText()).toBe(expected('ir.json'));
  });
});
