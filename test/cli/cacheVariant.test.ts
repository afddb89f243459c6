/** Which code cache a command line loads: the CLAIR-only one only when every file it names is a trace. */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const { cacheVariant } = createRequire(import.meta.url)('../../bin/bundleLoader.cjs') as { cacheVariant: (args: readonly string[]) => string | null };

describe('cacheVariant', () => {
  it.each([
    [['check', 'a.clair'], 'clair'],
    [['check', 'a.clair', 'b.CLAIR', '--json'], 'clair'],
    [['explain', 'dir.py/trace.clair', 'b1'], 'clair'],
    [['check', 'a.clair', 'model.py'], null],
    [['check', 'proposal.json'], null],
    [['check', 'packages/tides'], null],
    [['check', '-'], null],
    [['lsp'], null],
    [[], null],
  ])('%j → %s', (args, variant) => expect(cacheVariant(args)).toBe(variant));
});
