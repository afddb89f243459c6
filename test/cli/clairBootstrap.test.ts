/**
 * The CLAIR spec's bootstrap attempt through `warrant check --json`: b2, a belief about
 * its own beliefs at the level of the belief it rests on, is a meta-level error
 * (docs/contract-extensions.md, "meta-level for a belief about its own beliefs").
 */
import { describe, expect, it } from 'vitest';
import { runWarrant } from './support/runWarrant.ts';

const BOOTSTRAP = 'b1 .9 L0 @self "I am reliable"\nb2 .95 L0 @self <b1 "my beliefs are trustworthy"  ; ✗ same level self-reference\n';

describe('check: the spec’s bootstrap example', () => {
  it('is an error on b2 (meta-level on the phrase, beside the derivation-bound warning), exit 1', async () => {
    const r = await runWarrant(['check', '-', '--json'], { input: BOOTSTRAP });
    expect(r.code).toBe(1);
    const diagnostics = JSON.parse(r.stdout).files[0].diagnostics as { code: string; line: number; column: number; endColumn: number; belief: string; severity: string }[];
    expect(diagnostics.map((d) => [d.line, d.code, d.severity])).toEqual([
      [2, 'exceeds-derivation-bound', 'warning'],
      [2, 'meta-level', 'error'],
    ]);
    const meta = diagnostics.find((d) => d.code === 'meta-level')!;
    expect(meta.belief).toBe('b2');
    expect(BOOTSTRAP.split('\n')[1]!.slice(meta.column - 1, meta.endColumn - 1)).toBe('my beliefs');
  });

  it('one level up within the Löb bound is valid, exit 0', async () => {
    const r = await runWarrant(['check', '-'], { input: BOOTSTRAP.replace('b2 .95 L0', 'b2 .81 L1') });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('no problems');
  });
});
