/**
 * What is wrong with a Mnema log is worded once (logFindings.ts): the page's diagnostics
 * and the command line's lines are the same findings, each at its place.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DerivationGraph } from '../../../src/core/mnema/derivationGraph.ts';
import { findingLine, logFindings } from '../../../src/core/mnema/logFindings.ts';
import { readMnemaDocument } from '../../../src/core/mnema/mnemaDocument.ts';
import { readMnemaLog } from '../../../src/core/mnema/mnemaLog.ts';

const SAMPLE = readFileSync(new URL('../../../public/samples/spring-routines.mnema', import.meta.url), 'utf8');

const CASES: readonly { name: string; text: string; codes: string[] }[] = [
  { name: 'the sample as shipped', text: SAMPLE, codes: [] },
  { name: 'a line that is not JSON', text: `${SAMPLE.trimEnd()}\n{"kind":\n`, codes: ['error mnema-unreadable'] },
  {
    name: 'an op altered after signing',
    text: SAMPLE.replace('"summary":"Gym"', '"summary":"Gin"'),
    codes: ['error mnema-refused'],
  },
];

describe('logFindings: one wording for the page and the command line', () => {
  it.each(CASES)('$name', ({ text, codes }) => {
    const reading = readMnemaLog(text, { allowHeadless: true });
    const findings = logFindings(reading, DerivationGraph.of(reading.ops));
    const got = findings.map((f) => `${f.severity} ${f.code}`);
    for (const c of codes) expect(got).toContain(c);
    if (codes.length === 0) expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
    // The page's diagnostics are these findings, one for one, in the same order.
    const page = readMnemaDocument(text).diagnostics.map((d) => `${d.severity} ${d.code}`);
    expect(page).toEqual(got);
    for (const f of findings) {
      const line = findingLine('log.jsonl', f);
      expect(line.startsWith('log.jsonl')).toBe(true);
      expect(line.endsWith(f.message)).toBe(true);
    }
  });

  it('places: a line, a value read, an op, the whole log', () => {
    const op = readMnemaLog(SAMPLE).ops[0]!;
    expect(findingLine('a', { severity: 'error', code: 'mnema-unreadable', message: 'not JSON: x', at: { line: 3 } })).toBe('a:3: not JSON: x');
    expect(findingLine('a', { severity: 'error', code: 'mnema-refused', message: 'refused: r: d', at: { index: 4, id: 'b3:1' } })).toBe('a: op 5 (b3:1): refused: r: d');
    expect(findingLine('a', { severity: 'warning', code: 'mnema-claim-type', message: 'm', at: { op } })).toBe(`a: op seq ${op.seq} (${op.id}): m`);
    expect(findingLine('a', { severity: 'warning', code: 'mnema-log', message: 'm', at: null })).toBe('a: m');
  });
});
