/** The language table: every language's row, its extensions, and an analyzer for each. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { ANALYZER_LOADERS } from '../../src/core/languages/analyzerLoaders.ts';
import { LANGUAGE_ANALYZERS } from '../../src/core/languages/languageAnalyzers.ts';
import { DEFAULT_LANGUAGE, extensionOf, LANGUAGE_TABLE, LANGUAGES, languageOfPath, languageRow } from '../../src/core/languages/languageTable.ts';

const sample = (file: string) => readFileSync(new URL(`../../public/samples/${file}`, import.meta.url), 'utf8');

describe('language table', () => {
  it('has the three languages of the contract and Mnema logs, with their names and extensions', () => {
    expect(LANGUAGES).toEqual(['clair', 'gaia', 'proposal', 'mnema']);
    expect(LANGUAGE_TABLE.map((l) => [l.id, l.name, l.extensions, l.monacoLanguage, l.view])).toEqual([
      ['clair', 'CLAIR', ['.clair'], 'clair', 'graph'],
      ['gaia', 'Gaia', ['.py', '.gaia'], 'gaia', 'graph'],
      ['proposal', 'FormalProposal', ['.json'], 'json', 'proof'],
      ['mnema', 'Mnema', ['.mnema'], 'mnema', 'graph'],
    ]);
    expect(DEFAULT_LANGUAGE).toBe('clair');
  });

  it('tells the language from every extension of every row, in any case, and nothing else', () => {
    for (const row of LANGUAGE_TABLE) {
      for (const ext of row.extensions) {
        expect(ext).toMatch(/^\.[a-z0-9]+$/);
        expect(languageOfPath(`dir.v2/doc${ext}`)).toBe(row.id);
        expect(languageOfPath(`C:\\docs\\DOC${ext.toUpperCase()}`)).toBe(row.id);
      }
    }
    const all = LANGUAGE_TABLE.flatMap((l) => l.extensions);
    expect(new Set(all).size).toBe(all.length);
    expect(languageOfPath('notes.txt')).toBeNull();
    expect(languageOfPath('dir.clair/notes')).toBeNull();
    expect(languageOfPath('README')).toBeNull();
    expect(extensionOf('a/b.c/d.E')).toBe('.e');
  });

  it('loads, one language at a time, the same analyzer the whole table holds', async () => {
    expect(Object.keys(ANALYZER_LOADERS).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) expect(await ANALYZER_LOADERS[language]()).toBe(LANGUAGE_ANALYZERS[language]);
  });

  it('names what each language calls its numbers', () => {
    expect(languageRow('clair').terms).toMatchObject({ stated: 'confidence', computed: 'derived', item: 'belief' });
    expect(languageRow('gaia').terms).toMatchObject({ stated: 'prior', computed: 'posterior', item: 'claim' });
  });

  it('says which commands take a language that not all commands take', () => {
    expect(languageRow('clair').commands).toBeNull();
    expect(languageRow('gaia').commands).toBeNull();
    expect(languageRow('proposal').commands?.only).toEqual(['check', 'export', 'prove', 'answer']);
  });

  it('has an analyzer for every row, whose analysis is of that language', () => {
    expect(Object.keys(LANGUAGE_ANALYZERS).sort()).toEqual([...LANGUAGES].sort());
    const texts = { clair: sample('route-planning.clair'), gaia: sample('pendulum_period.py'), proposal: sample('release-readiness.json'), mnema: sample('spring-routines.mnema') };
    for (const row of LANGUAGE_TABLE) {
      const a = LANGUAGE_ANALYZERS[row.id].analyze(texts[row.id], { version: 3, previous: null, now: () => 0, fileName: `x${row.extensions[0]}` });
      expect(a.analysis.language).toBe(row.id);
      expect(a.analysis.version).toBe(3);
      expect(a.analysis.graph.nodes.length > 0).toBe(row.view === 'graph');
      expect(row.counts(a.analysis).every(([n, noun]) => Number.isInteger(n) && /^[a-z]+$/.test(noun))).toBe(true);
    }
    // Only CLAIR has a printer (the Format command's canonical text in the worker).
    expect(LANGUAGE_TABLE.filter((r) => LANGUAGE_ANALYZERS[r.id].print !== null).map((r) => r.id)).toEqual(LANGUAGE_TABLE.filter((r) => r.formatting === 'printer').map((r) => r.id));
  });

  it('analyzeDocument goes through the analyzers: Gaia carries its IR, a proposal its outline', () => {
    const gaia = analyzeDocument(sample('pendulum_period.py'), 'gaia', 1, () => 0, { fileName: 'pendulum_period.py' });
    expect(gaia.ir).toMatchObject({ namespace: 'local', package_name: 'pendulum_period' });
    const proposal = analyzeDocument(sample('release-readiness.json'), 'proposal', 1);
    expect(proposal.proposal?.gate).toBeNull();
    expect(proposal.structureKey).toBe('0:0:');
    const counts = languageRow('gaia').counts(gaia);
    expect(counts.map(([, noun]) => noun)).toEqual(['claim', 'action']);
  });
});
