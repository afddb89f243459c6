/**
 * Gaia's `@compose` decorator, through the real command line against real Gaia
 * (test/fixtures/gaia-packages/compose*): where Gaia compiled the package,
 * `export --to gaia-ir` writes its ir.json byte for byte (the `composes` records, their
 * ids and hash included) and `infer --json` gives its beliefs to 1e-9; where Gaia refused
 * it, Warrant refuses it too (exit 1, nothing written) and names the same cause.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWarrant } from './support/runWarrant.ts';

const ROOT = join(import.meta.dirname, '../fixtures/gaia-packages');

/** Each package, and for a refused one the words Warrant's error must contain. */
const CASES: readonly { readonly name: string; readonly refusal?: string }[] = [
  { name: 'compose' },
  { name: 'compose-forms' },
  { name: 'compose-pattern' },
  { name: 'compose-docs' },
  { name: 'compose-stacked' },
  { name: 'compose-not-claim', refusal: '@compose functions must return a Claim object; memo() returned a note' },
  { name: 'compose-self-warrant', refusal: "step() returns one of its composition's warrants" },
  { name: 'compose-duplicate-label', refusal: "action label 'the_step' is used twice (it already names lcm_92aaaf6a5269bda4)" },
  { name: 'compose-label-collision', refusal: "'a' labels both a knowledge node and this action" },
];

interface BeliefsFile {
  readonly ir_hash: string;
  readonly beliefs: readonly { readonly knowledge_id: string; readonly label: string | null; readonly belief: number }[];
}

const expected = (name: string, file: string) => readFileSync(join(ROOT, `${name}.expected`, file), 'utf8');
const status = (name: string) => JSON.parse(expected(name, 'status.json')) as { compiled?: boolean; inferred?: boolean };

describe('@compose, through the CLI against Gaia', () => {
  it.each(CASES)('$name', async ({ name, refusal }) => {
    // The table says what Gaia did; the committed oracle output must agree with it.
    expect(status(name).compiled === true).toBe(refusal === undefined);
    const run = await runWarrant(['export', join(ROOT, name), '--to', 'gaia-ir']);
    if (refusal === undefined) {
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(expected(name, 'ir.json'));
      return;
    }
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(refusal);
  });

  it.each(CASES.filter((c) => c.refusal === undefined))('$name: infer --json gives Gaia’s beliefs to 1e-9', async ({ name }) => {
    expect(status(name).inferred).toBe(true);
    const run = await runWarrant(['infer', '--json', join(ROOT, name)]);
    expect(run.code).toBe(0);
    const got = JSON.parse(run.stdout) as BeliefsFile;
    const want = JSON.parse(expected(name, 'beliefs.json')) as BeliefsFile;
    expect(got.ir_hash).toBe(want.ir_hash);
    expect(got.beliefs.map((b) => [b.knowledge_id, b.label])).toEqual(want.beliefs.map((b) => [b.knowledge_id, b.label]));
    got.beliefs.forEach((b, i) => expect(Math.abs(b.belief - want.beliefs[i]!.belief)).toBeLessThanOrEqual(1e-9));
  });
});
