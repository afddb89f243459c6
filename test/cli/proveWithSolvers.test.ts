/**
 * `prove` and `answer` run their solver through one function (src/cli/proveWithSolvers.ts):
 * the same verdict on the same proposal, the same refusal of a bad `--timeout`, the same
 * plain failure when cvc5 is missing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseProposal, textOf } from '../support/proposalFixtures.ts';
import { runWarrant } from './support/runWarrant.ts';

const dir = mkdtempSync(join(tmpdir(), 'warrant-solvers-'));
const file = join(dir, 'heir.json');
writeFileSync(file, textOf(baseProposal()));

describe('prove and answer share the solver setup', () => {
  it('reach the same verdict on the same proposal', async () => {
    const proved = JSON.parse((await runWarrant(['prove', file, '--json'])).stdout) as { verdict: string };
    const answered = await runWarrant(['answer', file, '--json']);
    expect(answered.code).toBe(0);
    expect(proved.verdict).toBe('entailed');
    expect(answered.stdout).toContain('entailed');
  });

  it.each(['prove', 'answer'])('%s refuses --timeout 0 with the same message (exit 2)', async (command) => {
    const r = await runWarrant([command, file, '--timeout', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--timeout must be a whole number of milliseconds from 1 to 86400000 (got "0")');
  });

  it.each(['prove', 'answer'])('%s --solver cvc5 without cvc5: a plain message, exit 2, no stack trace', async (command) => {
    const r = await runWarrant([command, file, '--solver', 'cvc5'], { env: { WARRANT_CVC5: join(dir, 'no-cvc5-here') } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cvc5 is not installed/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
