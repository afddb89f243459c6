/**
 * The shared reference cases (../shared/reference/clair) through the real command
 * line: `check --json` gives exactly the expected (line, code, severity) set and exit
 * code; `infer --json` gives the expected numbers to 1e-9.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceDir } from '../support/sharedReference.ts';
import { runWarrant } from './support/runWarrant.ts';

interface Expected {
  diagnostics: { line: number; code: string; severity: string }[];
  infer?: { id: string; stated: number; derived: number; effective: number }[];
}

const dir = referenceDir('clair');
const cases = dir
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.clair'))
      .sort()
  : [];
const expectedOf = (file: string): Expected => JSON.parse(readFileSync(join(dir!, file.replace(/\.clair$/, '.expected.json')), 'utf8'));
const key = (d: { line: number; code: string; severity: string }) => `${d.line}:${d.code}:${d.severity}`;

describe.skipIf(!dir)('reference cases through the CLI (../shared/reference/clair)', () => {
  it('check --json on all cases at once: exactly the expected diagnostics per file', async () => {
    expect(cases.length).toBeGreaterThanOrEqual(6);
    const run = await runWarrant(['check', '--json', ...cases.map((c) => join(dir!, c))]);
    const anyError = cases.some((c) => expectedOf(c).diagnostics.some((d) => d.severity === 'error'));
    expect(run.code).toBe(anyError ? 1 : 0);
    const json = JSON.parse(run.stdout) as { files: { file: string; diagnostics: { line: number; code: string; severity: string }[] }[] };
    expect(json.files).toHaveLength(cases.length);
    json.files.forEach((f, i) => {
      expect(f.file).toBe(join(dir!, cases[i]!));
      const got = [...new Set(f.diagnostics.map(key))].sort();
      expect({ file: cases[i], diagnostics: got }).toEqual({ file: cases[i], diagnostics: expectedOf(cases[i]!).diagnostics.map(key).sort() });
    });
  });

  it('check exits 1 exactly when a case expects an error', async () => {
    const runs = await Promise.all(cases.map((c) => runWarrant(['check', join(dir!, c)])));
    runs.forEach((run, i) => {
      const expectsError = expectedOf(cases[i]!).diagnostics.some((d) => d.severity === 'error');
      expect({ file: cases[i], code: run.code }).toEqual({ file: cases[i], code: expectsError ? 1 : 0 });
    });
  });

  it('infer --json gives the expected derived confidences to 1e-9', async () => {
    const withInfer = cases.filter((c) => expectedOf(c).infer);
    expect(withInfer.length).toBeGreaterThan(0);
    const runs = await Promise.all(withInfer.map((c) => runWarrant(['infer', '--json', join(dir!, c)])));
    runs.forEach((run, i) => {
      const expected = expectedOf(withInfer[i]!).infer!;
      expect(run.code).toBe(0);
      const { beliefs } = JSON.parse(run.stdout) as { beliefs: { id: string; stated: number; derived: number; effective: number }[] };
      expect(beliefs.map((b) => b.id)).toEqual(expected.map((b) => b.id));
      beliefs.forEach((b, j) => {
        const e = expected[j]!;
        for (const field of ['stated', 'derived', 'effective'] as const) {
          expect(Math.abs(b[field] - e[field]), `${withInfer[i]} ${b.id}.${field}`).toBeLessThanOrEqual(1e-9);
        }
      });
    });
  });
});
