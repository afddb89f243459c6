/**
 * Bad input never throws: random text, and the galileo package cut, duplicated and
 * scrambled line by line, always give an analysis whose diagnostics lie inside the
 * document and whose graph is consistent. Analysis is deterministic.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeGaia } from '../../src/core/gaia/analyzeGaia.ts';
import { GAIA_HEADER } from '../support/gaiaPackages.ts';
import { referenceDir } from '../support/sharedReference.ts';

const dir = referenceDir('gaia', 'galileo');
const GALILEO = dir ? readFileSync(join(dir, 'package.py'), 'utf8') : GAIA_HEADER + 'a = claim("A.")\nb = derive("B.", given=[a])\n';

function wellFormed(text: string): void {
  const a = analyzeGaia(text, { namespace: 't', package: 'p' });
  const lines = text.split(/\r\n|\r|\n/).length;
  for (const d of a.diagnostics) {
    expect(d.range.line).toBeGreaterThanOrEqual(1);
    expect(d.range.endLine).toBeLessThanOrEqual(lines + 1);
  }
  const ids = new Set(a.graph.nodes.map((n) => n.id));
  for (const e of a.graph.edges) expect(ids.has(e.from) && ids.has(e.to)).toBe(true);
  expect(a.irText().length).toBeGreaterThan(0);
  a.artifacts({ compiledAt: 'T' });
}

const TOKENS = [
  'claim(',
  'derive(',
  'equal(',
  'infer(',
  'decompose(',
  '"x."',
  'a',
  'b',
  '=',
  ',',
  ')',
  '(',
  '[',
  ']',
  '~',
  '&',
  '|',
  'given=',
  'prior=',
  '0.5',
  '\n',
  ' ',
  'label=',
  '__all__',
  'def ',
  ':',
  'observe(',
  'formula=',
  'parts=',
  'lnot(',
  'None',
  '**',
  '.',
];

describe('gaia robustness', () => {
  it('random text never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => wellFormed(s)),
      { numRuns: 200 },
    );
  });

  it('random token soup after the imports never throws', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }), (ts) => wellFormed(GAIA_HEADER + ts.join(''))),
      { numRuns: 300 },
    );
  });

  it('galileo with lines dropped, repeated or swapped never throws', () => {
    const lines = GALILEO.split('\n');
    const edit = fc.array(fc.tuple(fc.constantFrom('drop', 'dup', 'swap'), fc.nat({ max: lines.length - 1 }), fc.nat({ max: lines.length - 1 })), { maxLength: 6 });
    fc.assert(
      fc.property(edit, (edits) => {
        const ls = [...lines];
        for (const [op, i, j] of edits) {
          if (op === 'drop') ls.splice(i % ls.length, 1);
          else if (op === 'dup') ls.splice(i % ls.length, 0, ls[i % ls.length] ?? '');
          else [ls[i % ls.length], ls[j % ls.length]] = [ls[j % ls.length] ?? '', ls[i % ls.length] ?? ''];
        }
        wellFormed(ls.join('\n'));
      }),
      { numRuns: 150 },
    );
  });

  it('absurd nesting is reported, not a stack overflow', () => {
    const deep = analyzeGaia('x = ' + '['.repeat(20000) + ']'.repeat(20000) + '\n');
    // The tokenizer stops at the 201st bracket, as CPython's does, and says so.
    expect(deep.diagnostics.map((d) => d.code)).toEqual(['syntax']);
    expect(deep.diagnostics[0]!.message).toBe('too many nested parentheses');
    const chain = analyzeGaia(GAIA_HEADER + 'a = claim("A.")\nf = claim("F.", formula=' + 'a & '.repeat(20000) + 'a)\n');
    expect(chain.accepted).toBe(false);
    // The parser measures the tree and stops before anything walking it could overflow.
    expect(chain.diagnostics.map((d) => d.message).join()).toContain('nests too deeply');
    wellFormed('x = ' + '('.repeat(5000));
  });

  it('the same text gives the same IR, ids and diagnostics', () => {
    const x = analyzeGaia(GALILEO, { namespace: 'example', package: 'galileo_v0_5' });
    const y = analyzeGaia(GALILEO, { namespace: 'example', package: 'galileo_v0_5' });
    expect(x.irText()).toBe(y.irText());
    expect(x.diagnostics).toEqual(y.diagnostics);
  });
});
