/**
 * fills() and the bridges Gaia writes for it (src/core/gaia/artifacts/fillsBridges.ts),
 * on packages held in memory beside the fixture fills-reservoir, whose three open
 * premises (rain, snow, sealed) are the holes filled. What Gaia wrote for whole packages
 * is checked byte for byte in gaiaPackages.test.ts (fixtures fills-*); here, the parts a
 * fixture pins only once: how a requirement's version range reads in a bridge, the
 * relation's metadata per strength and mode, and each refusal, with where it is said.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeGaiaPackage } from '../../../src/core/gaia/analyzeGaia.ts';
import type { PackageFiles } from '../../../src/core/gaia/package/packageLayout.ts';
import { readPackage } from '../../../src/node/readPackage.ts';

const ROOT = join(import.meta.dirname, '../../fixtures/gaia-packages');
let pool: Map<string, PackageFiles>;

beforeAll(async () => {
  pool = new Map([['reservoir', (await readPackage(join(ROOT, 'fills-reservoir'))).files]]);
});

function dam(body: string, dependencies: readonly string[] = ['reservoir-gaia'], version = '0.3.0'): ReturnType<typeof analyzeGaiaPackage> {
  const pyproject = `[project]\nname = "dam-gaia"\nversion = "${version}"\ndependencies = ${JSON.stringify(dependencies)}\n\n[tool.gaia]\ntype = "knowledge-package"\nnamespace = "hydro"\n`;
  const module = `from gaia.engine.lang import claim\nfrom gaia.engine.lang.compat import fills\nfrom reservoir import rain, snow, sealed, full\n\ngauge = claim("The gauge read 300 mm.", prior=0.8)\n${body}`;
  return analyzeGaiaPackage(
    new Map([
      ['pyproject.toml', pyproject],
      ['src/dam/__init__.py', module],
    ]),
    {},
    pool,
  );
}

function bridges(a: ReturnType<typeof analyzeGaiaPackage>): Record<string, unknown>[] {
  expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return (JSON.parse(a.artifacts({ compiledAt: 'x' }).get('manifests/bridges.json')!) as { bridges: Record<string, unknown>[] }).bridges;
}

function firstError(a: ReturnType<typeof analyzeGaiaPackage>): string {
  const e = a.diagnostics.find((d) => d.severity === 'error');
  return e ? `${e.file}:${e.range.line}: ${e.message}` : '';
}

describe('a requirement’s version range, as a bridge records it (packaging’s SpecifierSet text)', () => {
  it.each([
    ['reservoir-gaia', '*'],
    ['reservoir-gaia>=2,<3', '<3,>=2'],
    ['reservoir-gaia >= 2.0 , < 3.0', '<3.0,>=2.0'],
    ['reservoir-gaia[docs]~=2.1', '~=2.1'],
    ['reservoir-gaia==2.1.0 ; python_version > "3"', '==2.1.0'],
    ['reservoir-gaia (>=2)', '>=2'],
    ['reservoir-gaia @ file:///somewhere/fills-reservoir', '*'],
  ])('%s → %s', (requirement, spec) => {
    const [b] = bridges(dam('fills(gauge, rain)\n', ['gaia-lang>=0.5', requirement]));
    expect(b!['target_dependency_req']).toBe(spec);
  });

  it('reads the same whatever order the range is written in', () => {
    const parts = ['>=2', '<3', '!=2.5', '~=2.1'];
    fc.assert(
      fc.property(fc.shuffledSubarray(parts, { minLength: 1 }), (chosen) => {
        const [b] = bridges(dam('fills(gauge, rain)\n', [`reservoir-gaia${chosen.join(',')}`]));
        expect(b!['target_dependency_req']).toBe([...chosen].sort().join(','));
      }),
      { numRuns: 15 },
    );
  });
});

describe('fills(): strategy and relation per strength and mode', () => {
  it.each([
    ['', 'deduction', 'exact', 'deduction'],
    [', strength="partial"', 'infer', 'partial', 'infer'],
    [', strength="conditional"', 'infer', 'conditional', 'infer'],
    [', mode="infer"', 'infer', 'exact', 'infer'],
    [', strength="partial", mode="deduction"', 'deduction', 'partial', 'deduction'],
    [', mode=None', 'deduction', 'exact', 'deduction'],
  ])('fills(gauge, rain%s): a v5 %s strategy, %s / %s', (args, type, strength, mode) => {
    const a = dam(`fills(gauge, rain${args})\n`);
    const s = a.irJson().strategies[0] as unknown as { type: string; metadata: { gaia: unknown } };
    expect(s.type).toBe(type);
    expect(s.metadata.gaia).toEqual({ relation: { mode, strength, type: 'fills' } });
    const [b] = bridges(a);
    expect([b!['strength'], b!['mode'], b!['declared_by_owner_of_source']]).toEqual([strength, mode, true]);
  });

  it('a justification from the reason: a string, or the steps’ texts a blank line apart; none without one', () => {
    const [withSteps, plain, none] = ['fills(gauge, rain, reason=["One.", Step("Two.")])\n', 'fills(gauge, rain, reason="Said.")\n', 'fills(gauge, rain)\n'].map(
      (body) => bridges(dam(`from gaia.engine.lang import Step\n${body}`))[0]!,
    );
    expect(withSteps!['justification']).toBe('One.\n\nTwo.');
    expect(plain!['justification']).toBe('Said.');
    expect('justification' in none!).toBe(false);
  });

  it('the relation id hashes who declares the fill: another version, another id; bridges sorted by it', () => {
    const one = bridges(dam('fills(gauge, rain)\nfills(gauge, snow)\nfills(gauge, sealed)\n'));
    const other = bridges(dam('fills(gauge, rain)\nfills(gauge, snow)\nfills(gauge, sealed)\n', ['reservoir-gaia'], '0.4.0'));
    const ids = one.map((b) => b['relation_id'] as string);
    expect(ids.every((id) => /^bridge_[0-9a-f]{16}$/.test(id))).toBe(true);
    expect(ids).toEqual([...ids].sort());
    expect(new Set([...ids, ...other.map((b) => b['relation_id'])]).size).toBe(6);
  });

  it('one hole of the dependency filling another: not declared by the owner of its source', () => {
    const [b] = bridges(dam('fills(snow, sealed)\n'));
    expect([b!['source_qid'], b!['target_qid'], b!['declared_by_owner_of_source']]).toEqual(['hydro:reservoir::snow', 'hydro:reservoir::sealed', false]);
  });
});

describe('fills(): refused, in Gaia’s words, at the call', () => {
  it.each([
    ['fills(gauge, rain, strength="strong")', 'fills() strength must be one of: exact, partial, conditional'],
    ['fills(gauge, rain, strength=None)', 'fills() strength must be one of: exact, partial, conditional'],
    ['fills(gauge, rain, mode="abduction")', 'fills() mode must be one of: deduction, infer'],
    ['fills(note("N."), rain)', "fills() requires source.type == 'claim'"],
    ['fills(gauge, note("N."))', "fills() requires target.type == 'claim'"],
    ['fills(gauge, claim("Mine."))', 'fills() target must be a foreign claim resolved from a dependency package'],
    ['fills(gauge, full)', "fills() target 'hydro:reservoir::full' is not a public premise in dependency 'reservoir'"],
    ['fills(gauge, rain)\nfills(gauge, rain, mode="infer")', "duplicate fills() relation for source 'hydro:dam::gauge' and target 'hydro:reservoir::rain'"],
    ['fills(gauge)', "missing 1 required positional argument: 'target'"],
    ['fills(gauge, rain, "deduction")', 'takes 2 positional arguments but 3 were given'],
  ])('%s', (call, words) => {
    const lines = call.split('\n');
    const a = dam(`from gaia.engine.lang import note\n${call}\n`);
    expect(a.accepted).toBe(false);
    // The module's header is 5 lines and the note import one more: the last call is where it is said.
    expect(firstError(a)).toContain(`src/dam/__init__.py:${6 + lines.length}: `);
    expect(firstError(a)).toContain(words);
  });

  it('a dependency at hand (as --deps gives it) that the package does not declare', () => {
    expect(firstError(dam('fills(gauge, rain)\n', []))).toBe(
      "src/dam/__init__.py:6: fills() target dependency 'reservoir' is not declared in [project].dependencies (no matching *-gaia distribution found)",
    );
  });
});
