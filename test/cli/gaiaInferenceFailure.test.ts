/**
 * A Gaia package that compiles but whose inference fails (issue 11): `check` and `infer`
 * exit 1 with the same error diagnostic — code, range, message — that the page's Problems
 * panel shows, since both come from src/core/infer/inferenceDiagnostics.ts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { toDiagnosticRecord } from '../../src/core/export/diagnosticRecord.ts';
import { inferenceDiagnostics } from '../../src/core/infer/inferenceDiagnostics.ts';
import type { GaiaIr } from '../../src/core/infer/irInput.ts';
import { runInference } from '../../src/core/infer/runInference.ts';
import { hasStackTrace, runWarrant } from './support/runWarrant.ts';

const SAMPLE = readFileSync(new URL('../fixtures/associate-conflict/migraine_evidence.py', import.meta.url), 'utf8');
const BROKEN = SAMPLE.replace('value=0.35', 'value=0.5');

let file = '';
let sample = '';
beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'warrant-infer-fail-'));
  file = join(dir, 'migraine_evidence.py');
  writeFileSync(file, BROKEN);
  sample = join(dir, 'sample.py');
  writeFileSync(sample, SAMPLE);
});

/** What the page computes: the validation worker's analysis, the inference worker's problems, the pipeline's mapping. */
function pageDiagnostics() {
  const analysis = analyzeDocument(BROKEN, 'gaia', 1, Date.now, { fileName: 'migraine_evidence.py' });
  const result = runInference(analysis.ir as GaiaIr);
  return inferenceDiagnostics(result.problems, analysis.graph).map(toDiagnosticRecord);
}

describe('a failed Gaia inference on the command line', () => {
  it('check --json and infer --json exit 1 with the page’s diagnostic', async () => {
    const expected = pageDiagnostics();
    expect(expected).toHaveLength(1);
    expect(expected[0]).toMatchObject({ severity: 'error', code: 'lowering', belief: '@absorption_link' });
    const [check, infer] = await Promise.all([runWarrant(['check', '--json', file]), runWarrant(['infer', '--json', file])]);
    for (const run of [check, infer]) {
      expect(run.code).toBe(1);
      expect(hasStackTrace(run.stderr)).toBe(false);
      const json = JSON.parse(run.stdout) as { files: { language: string; diagnostics: unknown[] }[] };
      expect(json.files[0]!.language).toBe('gaia');
      expect(json.files[0]!.diagnostics).toEqual(expected);
    }
  });

  it('the text form names the line of the associate and the claims', async () => {
    const [check, infer] = await Promise.all([runWarrant(['check', file]), runWarrant(['infer', file])]);
    const line = BROKEN.split('\n').findIndex((l) => l.includes('absorption_link = associate(')) + 1;
    for (const run of [check, infer]) {
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(`${file}:${line}:1: error lowering: inference failed: associate absorption_link: the priors of absorption (0.8) and effective (0.5) cannot both hold`);
      expect(run.stdout).toMatch(/1 file checked: 1 error, 0 warnings/);
    }
  });

  it('the sample as shipped still checks clean and infers', async () => {
    const [check, infer] = await Promise.all([runWarrant(['check', sample]), runWarrant(['infer', '--json', sample])]);
    expect(check.code).toBe(0);
    expect(check.stdout).toBe('1 file checked: no problems\n');
    expect(infer.code).toBe(0);
    expect((JSON.parse(infer.stdout) as { beliefs: unknown[] }).beliefs.length).toBeGreaterThan(0);
  });
});
