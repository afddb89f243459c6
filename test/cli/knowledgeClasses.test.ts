/**
 * Claim, Note, Question, Setting and Context called directly, through the real command
 * line against real Gaia (test/fixtures/gaia-packages/classes*): where Gaia compiled the
 * package, `export --to gaia-ir` writes its ir.json byte for byte; where Gaia refused it,
 * Warrant refuses it too (exit 1, nothing written) and names the same cause.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWarrant } from './support/runWarrant.ts';

const ROOT = join(import.meta.dirname, '../fixtures/gaia-packages');

/** Each package, and for a refused one the words Warrant's error must contain. */
const CASES: readonly { readonly name: string; readonly refusal?: string }[] = [
  { name: 'classes' },
  { name: 'classes-priors' },
  { name: 'classes-label' },
  { name: 'classes-setting-lang' },
  { name: 'classes-note-prior', refusal: 'a Note cannot have a prior' },
  { name: 'classes-question-prior', refusal: 'a Question cannot have a prior' },
  { name: 'classes-setting-prior', refusal: 'a Setting cannot have a prior' },
  { name: 'classes-context-prior', refusal: 'a Context cannot have a prior' },
  { name: 'classes-claim-keyword', refusal: "Claim() got an unexpected keyword argument 'source'" },
  { name: 'classes-note-type', refusal: 'Note() got the keyword type' },
  { name: 'classes-bad-prior', refusal: "the prior 1.5 of test:classes_bad_prior::c is outside Cromwell's bounds" },
  { name: 'classes-knowledge', refusal: 'Knowledge()' },
];

const status = (name: string) => JSON.parse(readFileSync(join(ROOT, `${name}.expected`, 'status.json'), 'utf8')) as { compiled?: boolean };

describe('knowledge classes called directly, through the CLI against Gaia', () => {
  it.each(CASES)('$name', async ({ name, refusal }) => {
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
    expect(run.stderr).toContain(refusal);
  });
});
