/** Which code cache a command line loads: the CLAIR-only one only when every file it names is a trace. */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_TABLE } from '../../src/core/languages/languageTable.ts';

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

  // bin/ is plain JavaScript and cannot read the language table: held to it here.
  it('knows every extension of the language table, and takes only CLAIR for traces', () => {
    for (const row of LANGUAGE_TABLE) for (const ext of row.extensions) expect(cacheVariant(['check', `doc${ext}`]), ext).toBe(row.id === 'clair' ? 'clair' : null);
    for (const row of LANGUAGE_TABLE) if (row.id !== 'clair') for (const ext of row.extensions) expect(cacheVariant(['check', 'a.clair', `doc${ext}`]), ext).toBeNull();
  });
});
