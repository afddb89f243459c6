/**
 * Every Gaia verb Warrant runs, called as Gaia's signatures allow and as they do not
 * (parameter names, positional or keyword, required, accepted values), against what real
 * Gaia did with the same call: test/fixtures/gaia-signatures/cases.json, with Gaia's
 * verdicts in cases.expected.json (scripts/gaia-signature-oracle.mjs). A call Gaia
 * refuses is an error here; one it compiles gives the same ir.json and formalization
 * manifest, byte for byte. Also: the editor's vocabulary offers only keywords the verbs take.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeGaiaPackage } from '../../../src/core/gaia/analyzeGaia.ts';
import { VERBS } from '../../../src/core/gaia/runtime/verbs/verbTable.ts';
import { GAIA_VERBS } from '../../../src/core/editing/gaiaVocabulary.ts';

const FOLDER = join(import.meta.dirname, '../../fixtures/gaia-signatures');

interface Case {
  readonly verb: string;
  readonly module: string;
  readonly priors?: string;
}

interface Fixture {
  readonly pyproject: string;
  readonly header: string;
  readonly priors_header: string;
  readonly cases: readonly Case[];
}

type Verdict = { readonly compiled: true; readonly ir_sha256: string; readonly manifest_sha256?: string } | { readonly compiled: false; readonly error: string };

const fixture = JSON.parse(readFileSync(join(FOLDER, 'cases.json'), 'utf8')) as Fixture;
const verdicts = JSON.parse(readFileSync(join(FOLDER, 'cases.expected.json'), 'utf8')) as Record<string, Verdict>;

/** As scripts/gaia-signature-oracle.mjs names it. */
function caseName(c: Case): string {
  return `${c.verb}: ${(c.priors ?? c.module).trim().split('\n').join('; ')}`;
}

function analyze(c: Case) {
  const files = new Map([
    ['pyproject.toml', fixture.pyproject],
    ['src/signatures/__init__.py', fixture.header + c.module],
  ]);
  if (c.priors !== undefined) files.set('src/signatures/priors.py', fixture.priors_header + c.priors);
  return analyzeGaiaPackage(files);
}

const sha256 = (text: string | undefined) =>
  createHash('sha256')
    .update(text ?? '')
    .digest('hex');

describe('verb signatures, against real Gaia', () => {
  const rows = fixture.cases.map((c) => [caseName(c), c] as const);

  it('has Gaia’s verdict for every case', () => {
    expect(Object.keys(verdicts).sort()).toEqual(rows.map(([name]) => name).sort());
  });

  it.each(rows)('%s', (name, c) => {
    const verdict = verdicts[name]!;
    const a = analyze(c);
    const errors = a.diagnostics.filter((d) => d.severity === 'error');
    if (!verdict.compiled) {
      expect(errors.length, `Gaia refused it: ${verdict.error}`).toBeGreaterThan(0);
      return;
    }
    expect(errors).toEqual([]);
    expect(sha256(a.irText()), 'ir.json').toBe(verdict.ir_sha256);
    if (verdict.manifest_sha256) expect(sha256(a.artifacts({ compiledAt: 'x' }).get('formalization_manifest.json')), 'formalization manifest').toBe(verdict.manifest_sha256);
  });

  it('calls every verb Warrant runs both ways: one Gaia compiles and one it refuses', () => {
    const byVerb = (compiled: boolean) => new Set(rows.filter(([name]) => verdicts[name]?.compiled === compiled).map(([, c]) => c.verb));
    // compute runs the author's function, which Warrant never does: its conclusion differs by design.
    // fills compiles only onto another package's hole, which one package cannot give (fixtures fills-* do).
    expect([...VERBS.keys()].filter((v) => v !== 'compute' && v !== 'fills' && !byVerb(true).has(v))).toEqual([]);
    expect([...VERBS.keys()].filter((v) => !byVerb(false).has(v))).toEqual([]);
  });
});

describe('the editor vocabulary', () => {
  it.each(GAIA_VERBS.flatMap((v) => v.keywords.map((k) => [v.name, k] as const)))('%s takes %s=', (verb, keyword) => {
    const a = analyze({ verb, module: `x = ${verb}(${keyword}=None)\n` });
    expect(a.diagnostics.map((d) => d.message).filter((m) => m.includes('unexpected keyword'))).toEqual([]);
  });
});
