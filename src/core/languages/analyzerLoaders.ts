/**
 * Each language's analyzer, loaded when first asked for: what a short-lived process that
 * analyses documents of one language (the command line) takes, so a CLAIR check neither
 * loads nor initialises the Python parser, the Gaia runtime or the proposal gates. The
 * long-lived validation worker and language server take the whole table at once
 * (languageAnalyzers.ts); a test holds the two to the same analyzers.
 */
import type { Language } from '../graph/reasoningGraph.ts';
import type { LanguageAnalyzer } from './languageAnalyzer.ts';

export const ANALYZER_LOADERS: Readonly<Record<Language, () => Promise<LanguageAnalyzer>>> = {
  clair: async () => (await import('./clairAnalyzer.ts')).clairAnalyzer,
  gaia: async () => (await import('./gaiaAnalyzer.ts')).gaiaAnalyzer,
  proposal: async () => (await import('./proposalAnalyzer.ts')).proposalAnalyzer,
  mnema: async () => (await import('./mnemaAnalyzer.ts')).mnemaAnalyzer,
};

export function loadAnalyzer(language: Language): Promise<LanguageAnalyzer> {
  return ANALYZER_LOADERS[language]();
}
