import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { LANGUAGE_TABLE } from '../../src/core/languages/languageTable.ts';

describe('the first-document example of each language', () => {
  it.each(LANGUAGE_TABLE.filter((r) => r.example !== null).map((r) => [r.id, r.example!] as const))('%s: three lines, no problem, a graph', (language, example) => {
    expect(example.trimEnd().split('\n')).toHaveLength(3);
    const a = analyzeDocument(example, language, 1);
    expect(a.diagnostics).toEqual([]);
    expect(a.graph.nodes.length).toBeGreaterThanOrEqual(3);
    expect(a.graph.edges.length).toBeGreaterThan(0);
  });
});
