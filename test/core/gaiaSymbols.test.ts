/** Definitions, uses and exports of module names, for navigation, rename and hover. */
import { describe, expect, it } from 'vitest';
import { analyzeGaia } from '../../src/core/gaia/analyzeGaia.ts';
import { gaiaSymbolAt, gaiaUsesOf } from '../../src/core/gaia/gaiaSymbols.ts';

const TEXT = `from gaia.engine.lang import claim, derive
a = claim("A.", prior=0.4)
b = derive("B.", given=[a])
__all__ = ["a", 'b']
`;

describe('gaia symbols', () => {
  const s = analyzeGaia(TEXT, { namespace: 't', package: 'p' }).symbols;

  it('finds the definition, the reads and the export of a name', () => {
    expect(gaiaUsesOf(s, 'a').map((u) => [u.kind, u.role, u.range.line, u.range.column, u.range.endColumn])).toEqual([
      ['definition', 'definition', 2, 1, 2],
      ['justification', 'reference', 3, 25, 26],
      ['mention', 'export', 4, 13, 14],
    ]);
    expect(gaiaUsesOf(s, 'b').at(-1)!.range).toEqual({ line: 4, column: 18, endLine: 4, endColumn: 19 });
  });

  it('answers what is at a position', () => {
    expect(gaiaSymbolAt(s, 3, 25)?.id).toBe('a');
    expect(gaiaSymbolAt(s, 1, 30)?.id).toBe('claim');
    expect(gaiaSymbolAt(s, 2, 14)).toBeNull();
  });

  it('says what each name stands for', () => {
    const a = s.symbols.get('a')!;
    expect([a.kind, a.qid, a.nodeId]).toEqual(['claim', 't:p::a', 'a']);
    expect(a.summary).toContain('prior 0.4 (claim_inline)');
    expect(s.symbols.get('b')!.summary).toContain('from: derive');
    expect(s.symbols.get('derive')!.kind).toContain('derive');
  });
});
