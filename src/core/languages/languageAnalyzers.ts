/**
 * The analyzer of each row of the language table, by id. Kept apart from the rows
 * (languageTable.ts) because it brings in the parsers and compilers, which run in the
 * validation worker and the command line but not on the page's main thread.
 */
import type { Language } from '../graph/reasoningGraph.ts';
import { clairAnalyzer } from './clairAnalyzer.ts';
import { gaiaAnalyzer } from './gaiaAnalyzer.ts';
import type { LanguageAnalyzer } from './languageAnalyzer.ts';
import { mnemaAnalyzer } from './mnemaAnalyzer.ts';
import { proposalAnalyzer } from './proposalAnalyzer.ts';

export const LANGUAGE_ANALYZERS: Readonly<Record<Language, LanguageAnalyzer>> = {
  clair: clairAnalyzer,
  gaia: gaiaAnalyzer,
  proposal: proposalAnalyzer,
  mnema: mnemaAnalyzer,
};

export function analyzerOf(language: Language): LanguageAnalyzer {
  return LANGUAGE_ANALYZERS[language];
}
