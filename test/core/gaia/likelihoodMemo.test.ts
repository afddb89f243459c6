/**
 * Noisy log-likelihoods remembered across analyses (src/core/gaia/ir/likelihoodMemo.ts):
 * a value is computed once per exact input, and a package compiled with its likelihoods
 * read back from the memo — after an edit and the edit undone, as typing does — still
 * gives Gaia's ir.json byte for byte and the IR of the edited text is not a stale one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeGaiaPackage } from '../../../src/core/gaia/analyzeGaia.ts';
import { numberKey, rememberedLikelihood } from '../../../src/core/gaia/ir/likelihoodMemo.ts';
import { readPackage } from '../../../src/node/readPackage.ts';

const ROOT = join(import.meta.dirname, '../../fixtures/gaia-packages');

describe('the likelihood memo', () => {
  it('computes a key once and gives the same value after', () => {
    let calls = 0;
    const compute = () => {
      calls += 1;
      return -1.25;
    };
    const key = `test ${Math.random()}`;
    expect(rememberedLikelihood(key, compute)).toBe(-1.25);
    expect(rememberedLikelihood(key, compute)).toBe(-1.25);
    expect(calls).toBe(1);
  });

  it.each([
    [0, -0],
    [0.1 + 0.2, 0.3],
    [1, 1 + Number.EPSILON],
    [Number.MIN_VALUE, 0],
  ])('keys %s and %s apart', (a, b) => expect(numberKey(a)).not.toBe(numberKey(b)));

  it.each(['bayes-ldl-docs', 'bayes-distributions'])('%s: Gaia’s ir.json from remembered likelihoods, and an edit not served stale', async (name) => {
    const { files } = await readPackage(join(ROOT, name));
    const expected = readFileSync(join(ROOT, `${name}.expected`, 'ir.json'), 'utf8');
    const [path, text] = [...files].find(([, t]) => t.includes('error='))!;
    // The first `error=` scalar, changed: every noisy likelihood of that observation is new.
    const edited = new Map(files).set(
      path,
      text.replace(/error=(\d+(?:\.\d+)?)/, (_m, e: string) => `error=${Number(e) + 0.5}`),
    );
    const first = analyzeGaiaPackage(files).irText();
    const changed = analyzeGaiaPackage(edited).irText();
    const again = analyzeGaiaPackage(files).irText();
    expect(first).toBe(expected);
    expect(again).toBe(expected);
    expect(changed).not.toBe(expected);
  });
});
