/**
 * v5 strategies whose `reason=` is a list of texts and `Step(...)` objects, through the
 * real command line against real Gaia (test/fixtures/gaia-packages/steps*): where Gaia
 * compiled the package, `export --to gaia-ir` writes its ir.json byte for byte (each Step
 * an IR step with the premises it names, references in its text recorded on the
 * conclusion); where Gaia refused it, Warrant refuses it too (exit 1, nothing written),
 * at the call Gaia names, for the same cause.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWarrant } from './support/runWarrant.ts';

const ROOT = join(import.meta.dirname, '../fixtures/gaia-packages');

/** Each package; for a refused one, where Warrant's error is (file:line) and words it must contain. */
const CASES: readonly { readonly name: string; readonly at?: string; readonly refusal?: string }[] = [
  { name: 'steps' },
  { name: 'steps-outside-premise', at: '__init__.py:8:', refusal: `deduction() reason[0]: the Step names "B." as a premise, which is not one of the strategy's premises` },
  { name: 'steps-single', at: '__init__.py:7:', refusal: 'deduction() reason: a single Step is not a list of steps' },
  { name: 'steps-bad-entry', at: '__init__.py:7:', refusal: 'deduction() reason[1] must be a text or a Step(...), not an int' },
  { name: 'steps-no-reason', at: '__init__.py:7:', refusal: "Step() missing 1 required positional argument: 'reason'" },
  { name: 'steps-number-reason', at: '__init__.py:7:', refusal: "deduction() reason[0]: a Step's reason must be text, got an int" },
];

const status = (name: string) => JSON.parse(readFileSync(join(ROOT, `${name}.expected`, 'status.json'), 'utf8')) as { compiled?: boolean };

describe('Step reasons, through the CLI against Gaia', () => {
  it.each(CASES)('$name', async ({ name, at, refusal }) => {
    // The table says what Gaia did; the committed oracle output must agree with it.
    expect(status(name).compiled === true).toBe(refusal === undefined);
    const run = await runWarrant(['export', join(ROOT, name), '--to', 'gaia-ir']);
    if (refusal === undefined) {
      // The v5 verbs are deprecated: warnings only.
      expect(run.stderr.split('\n').filter((l) => l.includes(' error '))).toEqual([]);
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
