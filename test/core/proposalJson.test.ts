/**
 * The FormalProposal JSON reader: the same values as JSON.parse, a source range for
 * every value and key, `syntax` at the first offending character, and no stack
 * overflow on absurd nesting.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonNode } from '../../src/core/proposal/index.ts';
import { MAX_JSON_DEPTH, parseProposalText } from '../../src/core/proposal/index.ts';

/** The plain value a node stands for. */
function plain(node: JsonNode): unknown {
  switch (node.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const m of node.members) Object.defineProperty(out, m.key, { value: plain(m.value), enumerable: true, writable: true, configurable: true });
      return out;
    }
    case 'array':
      return node.items.map(plain);
    case 'null':
      return null;
    default:
      return node.value;
  }
}

describe('parseProposalText: values', () => {
  it('reads what JSON.parse reads, at any indentation', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 1, 2, '\t'), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const parsed = parseProposalText(text);
        expect(parsed.diagnostics).toEqual([]);
        expect(plain(parsed.root!)).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('never throws, and rejects exactly what JSON.parse rejects', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json().map((j) => j.slice(0, Math.max(0, j.length - 1))),
        ),
        (text) => {
          let ok = true;
          try {
            JSON.parse(text);
          } catch {
            ok = false;
          }
          const parsed = parseProposalText(text);
          expect(parsed.root !== null).toBe(ok);
          if (!ok) expect(parsed.diagnostics.map((d) => d.code)).toEqual(['syntax']);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('parseProposalText: ranges', () => {
  it('places keys and values by line and UTF-16 column (end exclusive)', () => {
    const text = '{\n  "a": [1, "x"],\n  "émoji😀": true\n}';
    const root = parseProposalText(text).root!;
    expect(root.kind).toBe('object');
    if (root.kind !== 'object') return;
    const [a, e] = root.members;
    expect(a!.keyRange).toEqual({ line: 2, column: 3, endLine: 2, endColumn: 6 });
    expect(a!.value.range).toEqual({ line: 2, column: 8, endLine: 2, endColumn: 16 });
    expect(e!.keyRange).toEqual({ line: 3, column: 3, endLine: 3, endColumn: 12 });
    expect(e!.value.range).toEqual({ line: 3, column: 14, endLine: 3, endColumn: 18 });
    expect(root.range).toEqual({ line: 1, column: 1, endLine: 4, endColumn: 2 });
  });
});

describe('parseProposalText: malformed JSON', () => {
  const cases: readonly [string, string, number, number, RegExp][] = [
    ['empty', '', 1, 1, /empty/],
    ['spaces only', '  \n ', 1, 1, /empty/],
    ['unclosed object', '{"a": 1', 1, 8, /end of text/],
    ['missing value', '{"a": }', 1, 7, /expected a JSON value/],
    ['missing colon', '{"a" 1}', 1, 6, /':'/],
    ['trailing comma in array', '[1,]', 1, 4, /expected a JSON value/],
    ['trailing comma in object', '{"a":1,}', 1, 8, /quoted key/],
    ['unterminated string', '{"a": "abc', 1, 7, /unterminated string/],
    ['bad escape', '{"a": "\\q"}', 1, 8, /bad escape/],
    ['leading zero', '{"a": 01}', 1, 8, /',' or '}'/],
    ['bare word', 'tru', 1, 1, /expected a JSON value/],
    ['text after the value', '{}\n x', 2, 2, /after the JSON value/],
    ['raw newline in a string', '{"a": "x\ny"}', 1, 9, /control character/],
    ['single quotes', "{'a': 1}", 1, 2, /quoted key/],
    ['comment', '{"a": 1 // no\n}', 1, 9, /',' or '}'/],
  ];
  it.each(cases)('%s', (_name, text, line, column, message) => {
    const { root, diagnostics } = parseProposalText(text);
    expect(root).toBeNull();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', code: 'syntax', range: { line, column } });
    expect(diagnostics[0]!.message).toMatch(message);
  });
});

describe('parseProposalText: enormous nesting', () => {
  it.each([
    ['100k arrays', '['.repeat(100_000) + ']'.repeat(100_000)],
    ['100k objects', '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)],
    ['100k unclosed', '['.repeat(100_000)],
  ])('%s: schema-too-deep at the first level past the limit, no stack overflow', (_name, text) => {
    const { root, diagnostics } = parseProposalText(text);
    expect(root).toBeNull();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.code).toBe('schema-too-deep');
    expect(diagnostics[0]!.range.line).toBe(1);
  });

  it('accepts nesting up to the limit', () => {
    const text = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(parseProposalText(text).diagnostics).toEqual([]);
  });
});
