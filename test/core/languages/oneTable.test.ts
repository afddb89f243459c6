/**
 * Languages are one table: the ids are declared once (languageIds.ts), every row and
 * facet covers exactly them, and no file outside src/core/languages compares a language
 * with a language id, compares two languages, or restates the list of ids.
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_IDS, isLanguage, languageList, sameLanguage } from '../../../src/core/languages/languageIds.ts';
import { LANGUAGE_TABLE, LANGUAGES, PACKAGE_LANGUAGE, languageOfEditorId, languagesWhere } from '../../../src/core/languages/languageTable.ts';
import { LANGUAGE_ANALYZERS } from '../../../src/core/languages/languageAnalyzers.ts';
import { LANGUAGE_EDITING } from '../../../src/core/languages/languageEditing.ts';
import { SIMILARITY_READERS } from '../../../src/core/languages/languageSimilarity.ts';
import { scanCheckout, scanText } from './languageScan.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('languages are one table', () => {
  it('has one row, one analyzer, one editing entry and one similarity reader per declared id', () => {
    expect(LANGUAGE_TABLE.map((r) => r.id)).toEqual([...LANGUAGE_IDS]);
    expect(LANGUAGES).toEqual(LANGUAGE_IDS);
    for (const facet of [LANGUAGE_ANALYZERS, LANGUAGE_EDITING, SIMILARITY_READERS]) expect(Object.keys(facet).sort()).toEqual([...LANGUAGE_IDS].sort());
  });

  it('answers what used to be asked with language === …, from the rows', () => {
    expect(languagesWhere((r) => r.view === 'graph')).toEqual(['clair', 'gaia', 'mnema']);
    expect(languagesWhere((r) => r.similarity)).toEqual(['clair', 'gaia']);
    expect(languagesWhere((r) => r.supports === 'actions')).toEqual(['gaia']);
    expect(languagesWhere((r) => r.ownContradictions)).toEqual(['gaia']);
    expect(PACKAGE_LANGUAGE).toBe('gaia');
    expect(['python', 'gaia', 'clair', 'json', 'proposal', 'plaintext'].map(languageOfEditorId)).toEqual(['gaia', 'gaia', 'clair', 'proposal', 'proposal', null]);
    expect([LANGUAGE_EDITING.clair.hover, LANGUAGE_EDITING.gaia.hover, LANGUAGE_EDITING.proposal.hover]).toEqual(['symbol', 'word', null]);
    expect(isLanguage('gaia')).toBe(true);
    expect(isLanguage('python')).toBe(false);
    expect(isLanguage(3)).toBe(false);
    expect(sameLanguage('clair', 'clair')).toBe(true);
    expect(sameLanguage(undefined, 'clair')).toBe(false);
    expect(languageList()).toBe('clair, gaia, proposal or mnema');
  });

  it('finds no language branch and no restated list of ids in src/ or workers/ outside the table', () => {
    const findings = scanCheckout(ROOT).map((f) => `${f.kind} ${f.file}:${f.line}  ${f.text}`);
    expect(findings).toEqual([]);
  });

  it('would find each kind of branch and list the code used to have', () => {
    const before = [
      "if (at.file === null && at.state.language === 'clair') {", // branch on a literal
      "const gaia = doc.language !== 'gaia' ? null : analyze(doc);",
      'if (!before || before.language !== after.language) return NOTHING;', // two languages compared
      "if (inputLanguage(file, lang) !== 'proposal') throw x;",
      "const model = create(text, projectFileLanguage(path) === 'gaia' ? a : b);",
      "export type Language = 'clair' | 'gaia' | 'proposal';", // restated lists
      "const LANGUAGES = new Set(['clair', 'gaia', 'proposal']);",
      "return x === 'clair' || x === 'gaia' || x === 'proposal';",
      "switch (row.language) {\n  case 'gaia':",
    ];
    for (const line of before) expect(scanText('x.ts', line), line).not.toEqual([]);
    // Not languages: a Python value's tag, export sources named like languages, comments, typeof.
    const fine = [
      "switch (v.t) {\n  case 'gaia':",
      "if (type.value.t === 'gaia' && type.value.name === 'Claim') {",
      "new Set<ExportNeed>(['text', 'gaia', 'files', 'proposal'])",
      "// testing language === 'gaia' in place",
      "if (typeof language !== 'string') return fail();",
      'if (lang !== undefined && !isLanguage(lang)) throw x;',
    ];
    for (const line of fine) expect(scanText('x.ts', line), line).toEqual([]);
  });
});
