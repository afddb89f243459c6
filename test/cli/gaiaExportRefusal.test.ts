/**
 * A Gaia package with errors is not exported as Gaia's files (contract-extensions,
 * `export`): Gaia would not compile it, and what was read of it can hold numbers no JSON
 * carries (issue 12, finding 6) — a probability or a metadata value of 1e999.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWarrant } from './support/runWarrant.ts';

const dir = mkdtempSync(join(tmpdir(), 'warrant-gaia-refusal-'));
const write = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};

const HEADER = 'from gaia.engine.lang import claim, infer\n';

describe('export of a Gaia package with errors', () => {
  it.each([
    ['a probability of 1e999', HEADER + 'a = claim("A.", prior=0.5)\nb = claim("B.", prior=0.5)\nt = infer(a, hypothesis=b, p_e_given_h=1e999, p_e_given_not_h=0.2, label="t")\n', 'probability-range'],
    ['a metadata value of 1e999', HEADER + 'a = claim("A.", prior=0.5, weight=1e999)\n', 'bad-argument'],
  ])('%s: gaia-ir and beliefs write nothing, exit 1, and say why', async (_case, text, code) => {
    const file = write(`p${code}.py`, text);
    for (const format of ['gaia-ir', 'beliefs']) {
      const r = await runWarrant(['export', file, '--to', format]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`error ${code}:`);
      expect(r.stderr).toContain('has errors, which Gaia would not compile; nothing was written');
      expect(r.stderr).not.toMatch(/Infinity|NaN/);
    }
  });
});
