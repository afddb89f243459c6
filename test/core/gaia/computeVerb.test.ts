/**
 * What compute records of its function, against CPython: the `module.qualname` and the
 * SHA-256 of the source `inspect.getsource` gives (for lambdas, the lines from the
 * lambda's own line to the end of the logical line the tokenizer finds from there), in
 * test/fixtures/python/compute-sources.json; and `inspect.cleandoc`, which turns an
 * @compute docstring into its rationale, in cleandoc-cases.json. Both files were made
 * by running the same inputs in Python 3.11.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeGaia } from '../../../src/core/gaia/analyzeGaia.ts';
import { cleanDoc } from '../../../src/core/gaia/runtime/verbs/computeVerb.ts';

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/python/${name}`, import.meta.url), 'utf8')) as T;

interface SourceCase {
  readonly name: string;
  readonly module: string;
  readonly function_ref: string;
  readonly code_hash: string;
}

describe('compute records its function as Gaia does', () => {
  it.each(fixture<SourceCase[]>('compute-sources.json'))('$name', (c) => {
    const a = analyzeGaia(`from gaia.engine.lang import Claim, claim, compute\n${c.module}`);
    expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const strategy = a.irJson().strategies[0] as unknown as { metadata: { compute: { function_ref: string; code_hash: string } } };
    // The module's own name differs (Warrant's single module is not `pkg`): the qualified name after it must not.
    expect(strategy.metadata.compute.function_ref.replace(/^[^.]*\./, 'pkg.')).toBe(c.function_ref);
    expect(strategy.metadata.compute.code_hash).toBe(c.code_hash);
  });
});

describe('cleanDoc is inspect.cleandoc', () => {
  it.each(fixture<[string, string][]>('cleandoc-cases.json'))('%j', (doc, want) => {
    expect(cleanDoc(doc)).toBe(want);
  });
});
