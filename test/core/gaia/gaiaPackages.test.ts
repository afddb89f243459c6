/**
 * Gaia packages read from their folders, against real Gaia: every package under
 * test/fixtures/gaia-packages/ has beside it NAME.expected/ — what Gaia's own loader,
 * compiler and exact inference wrote for it (the oracle's status.json, ir.json,
 * manifests, beliefs.json). A package Gaia compiles must give the same ir.json and
 * manifests byte for byte and the same beliefs to 1e-9; one Gaia refuses must be refused
 * (an error, never accepted). Where NAME.expected/joint/depthN/beliefs.json exists, Gaia's
 * `gaia run infer --depth N` wrote it: joint inference with the dependencies must agree.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeGaiaPackage } from '../../../src/core/gaia/analyzeGaia.ts';
import { runInference } from '../../../src/core/infer/runInference.ts';
import type { GaiaIr } from '../../../src/core/infer/irInput.ts';
import { readDependencies, readPackage } from '../../../src/node/readPackage.ts';
import { jointDependencies } from '../../../src/core/gaia/jointDependencies.ts';
import { stampsClock } from '../../../src/core/gaia/runtime/registrationClock.ts';
import { addressesByName } from '../../../src/core/gaia/runtime/functionAddresses.ts';

const ROOT = join(import.meta.dirname, '../../fixtures/gaia-packages');
const packages = existsSync(ROOT)
  ? readdirSync(ROOT)
      .filter((n) => n.endsWith('.expected'))
      .map((n) => n.slice(0, -'.expected'.length))
      .filter((n) => existsSync(join(ROOT, n)))
      .sort()
  : [];

/** The `created_at` stamps Gaia's text holds, each once, earliest first. */
function registrationStamps(irText: string): string[] {
  return [...new Set([...irText.matchAll(/'created_at': '([^']+)'/g)].map((m) => m[1]!))].sort();
}

/**
 * The address Gaia's text gives each function, by qualname (`<function outer.<locals>.inner
 * at 0x7f…>`), and each instance a bound method is written with, by module and qualname
 * (`<pkg.C object at 0x7f…>`).
 */
function functionAddresses(irText: string): Map<string, string> {
  return new Map([...irText.matchAll(/<(?:function (\S+) at|(\S+) object at) (0x[0-9a-f]+)>/g)].map((m) => [(m[1] ?? m[2])!, m[3]!] as const));
}

interface Status {
  readonly compiled?: boolean;
  readonly inferred?: boolean;
  readonly error?: string;
}

describe('Gaia packages from their folders, against real Gaia', () => {
  it('has fixtures', () => expect(packages.length).toBeGreaterThan(0));

  for (const name of packages) {
    const expected = join(ROOT, `${name}.expected`);
    const status = JSON.parse(readFileSync(join(expected, 'status.json'), 'utf8')) as Status;
    if (!status.compiled) {
      it(`${name}: refused, as Gaia refuses it (${(status.error ?? '').slice(0, 80)})`, async () => {
        const a = analyzeGaiaPackage((await readPackage(join(ROOT, name))).files);
        expect(a.accepted).toBe(false);
        expect(a.diagnostics.filter((d) => d.severity === 'error').length).toBeGreaterThan(0);
      });
      continue;
    }
    it(`${name}: ir.json and manifests byte for byte, beliefs to 1e-9`, async () => {
      const input = await readPackage(join(ROOT, name));
      // Dependencies are found as the CLI finds them ([tool.uv.sources] paths beside it).
      // A lift over a claim with prior records writes the time each was registered at:
      // Warrant is given the stamps of Gaia's run (registered in time order).
      const irText = readFileSync(join(expected, 'ir.json'), 'utf8');
      // So are the addresses of the functions a lifted compute writes (Python's id()).
      const a = analyzeGaiaPackage(input.files, { clock: stampsClock(registrationStamps(irText)), addresses: addressesByName(functionAddresses(irText)) }, await readDependencies(input, undefined));
      expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(a.irText()).toBe(irText);
      const files = a.artifacts({ compiledAt: 'x' });
      for (const f of ['formalization_manifest.json', 'manifests/exports.json', 'manifests/premises.json', 'manifests/holes.json', 'manifests/bridges.json']) {
        if (existsSync(join(expected, f))) expect(files.get(f), f).toBe(readFileSync(join(expected, f), 'utf8'));
      }
      if (!status.inferred) {
        // Gaia compiled it and its inference refused the factor graph: so does Warrant's.
        if (status.error)
          expect(
            runInference(a.irForInference() as GaiaIr, { method: 'auto' }).problems.some((p) => p.severity === 'error'),
            status.error,
          ).toBe(true);
        return;
      }
      const want = JSON.parse(readFileSync(join(expected, 'beliefs.json'), 'utf8')) as { beliefs: { knowledge_id: string; belief: number }[] };
      const result = runInference(a.irForInference() as GaiaIr, { method: 'auto' });
      expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
      const got = new Map(result.beliefs.map((b) => [b.knowledge_id, b.belief]));
      for (const b of want.beliefs) expect(Math.abs((got.get(b.knowledge_id) ?? NaN) - b.belief), b.knowledge_id).toBeLessThan(1e-9);
    });
  }

  for (const name of packages) {
    const jointDir = join(ROOT, `${name}.expected`, 'joint');
    if (!existsSync(jointDir)) continue;
    for (const entry of readdirSync(jointDir).sort()) {
      const depth = Number(entry.slice('depth'.length));
      it(`${name}: joint inference at --depth ${depth}, beliefs to 1e-9`, async () => {
        const input = await readPackage(join(ROOT, name));
        const pool = await readDependencies(input, undefined);
        const a = analyzeGaiaPackage(input.files, {}, pool);
        const joint = jointDependencies(input.files, pool, depth);
        if (!joint.ok) throw new Error(joint.message);
        const result = runInference(a.irForInference() as GaiaIr, { method: 'auto', dependencies: joint.dependencies });
        expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
        const want = JSON.parse(readFileSync(join(jointDir, entry, 'beliefs.json'), 'utf8')) as { beliefs: { knowledge_id: string; belief: number }[]; diagnostics: { treewidth: number } };
        expect(result.beliefs.map((b) => b.knowledge_id)).toEqual(want.beliefs.map((b) => b.knowledge_id));
        const got = new Map(result.beliefs.map((b) => [b.knowledge_id, b.belief]));
        for (const b of want.beliefs) expect(Math.abs((got.get(b.knowledge_id) ?? NaN) - b.belief), b.knowledge_id).toBeLessThan(1e-9);
        expect(result.diagnostics.treewidth).toBe(want.diagnostics.treewidth);
      });
    }
  }

  it('joint inference names a dependency it cannot find, and one met twice is taken once', async () => {
    const input = await readPackage(join(ROOT, 'joint-telescope'));
    const missing = jointDependencies(input.files, new Map(), 1);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.message).toContain("'lenses-gaia'");
    const all = jointDependencies(input.files, await readDependencies(input, undefined), -1);
    expect(all.ok && all.dependencies.map((d) => d.importName)).toEqual(['lenses', 'glass', 'mounts']);
    const direct = jointDependencies(input.files, await readDependencies(input, undefined), 1);
    expect(direct.ok && direct.dependencies.map((d) => d.importName)).toEqual(['lenses', 'mounts']);
  });
});
