import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeClair } from '../../src/core/clair/analyzeClair.ts';
import { referenceDir } from '../support/sharedReference.ts';

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

describe.skipIf(!dir)('CLAIR reference cases (../shared/reference/clair)', () => {
  it('finds the six cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(6);
  });
  for (const file of cases) {
    const name = file.replace(/\.clair$/, '');
    const expected = JSON.parse(readFileSync(join(dir!, `${name}.expected.json`), 'utf8')) as Expected;
    const text = readFileSync(join(dir!, file), 'utf8');
    it(`${name}: exactly the expected diagnostics`, () => {
      const { diagnostics } = analyzeClair(text);
      const key = (d: { line: number; code: string; severity: string }) => `${d.line}:${d.code}:${d.severity}`;
      const got = [...new Set(diagnostics.map((d) => key({ line: d.range.line, code: d.code, severity: d.severity })))].sort();
      expect(got).toEqual(expected.diagnostics.map(key).sort());
    });
    if (expected.infer) {
      it(`${name}: derived confidences to 1e-9`, () => {
        const { derived } = analyzeClair(text);
        expect(derived.map((d) => d.id)).toEqual(expected.infer!.map((d) => d.id));
        expected.infer!.forEach((e, i) => {
          const d = derived[i]!;
          expect(d.stated).toBeCloseTo(e.stated, 9);
          expect(d.derived).not.toBeNull();
          expect(Math.abs(d.derived! - e.derived)).toBeLessThanOrEqual(1e-9);
          expect(Math.abs(d.effective! - e.effective)).toBeLessThanOrEqual(1e-9);
        });
      });
    }
  }
});
