/**
 * Artifacts — artifact(kind=...) and figure(...) notes, and `[@label]` references to
 * them — through the real command line against real Gaia
 * (test/fixtures/gaia-packages/artifacts*): where Gaia compiled the package, `export --to
 * gaia-ir` writes its ir.json byte for byte (an artifact's metadata, references to it as
 * `artifact_refs`); where Gaia refused it, Warrant refuses it too (exit 1, nothing
 * written), at the call or node Gaia names, for the same cause.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWarrant } from './support/runWarrant.ts';

const ROOT = join(import.meta.dirname, '../fixtures/gaia-packages');

/** Each package; for a refused one, where Warrant's error is (file:line) and words it must contain. */
const CASES: readonly { readonly name: string; readonly at?: string; readonly refusal?: string }[] = [
  { name: 'artifacts' },
  { name: 'artifacts-bad-kind', at: '__init__.py:4:', refusal: "artifact() kind 'photo' is not one Gaia knows" },
  { name: 'artifacts-no-locator', at: '__init__.py:4:', refusal: 'a figure taken from a source needs a locator' },
  { name: 'artifacts-escape', at: '__init__.py:4:', refusal: "figure() path 'figures/../../outside.png' must be relative to the package and stay inside it" },
  { name: 'artifacts-nothing', at: '__init__.py:4:', refusal: 'figure() needs a source (a key of references.json) or a path' },
  { name: 'artifacts-positional', at: '__init__.py:4:', refusal: 'figure() takes 0 positional arguments but 1 was given' },
  { name: 'artifacts-unknown-source', at: '__init__.py:4:', refusal: "the artifact source 'Galileo1610' of 'fig' is not a key of references.json" },
  { name: 'artifacts-gaia-meta', at: '__init__.py:4:', refusal: "metadata['gaia'] must be a dict" },
];

const status = (name: string) => JSON.parse(readFileSync(join(ROOT, `${name}.expected`, 'status.json'), 'utf8')) as { compiled?: boolean };

describe('artifacts, through the CLI against Gaia', () => {
  it.each(CASES)('$name', async ({ name, at, refusal }) => {
    // The table says what Gaia did; the committed oracle output must agree with it.
    expect(status(name).compiled === true).toBe(refusal === undefined);
    const run = await runWarrant(['export', join(ROOT, name), '--to', 'gaia-ir']);
    if (refusal === undefined) {
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(readFileSync(join(ROOT, `${name}.expected`, 'ir.json'), 'utf8'));
      return;
    }
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const first = run.stderr.split('\n').find((l) => l.includes(' error '));
    expect(first).toContain(at);
    expect(first).toContain(refusal);
  });
});
