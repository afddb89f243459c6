/**
 * FormalProposal documents: the three gates and the emission. A proposal draws no graph
 * (its view is the SMT-LIB2 and the solver's answer).
 */
import { outlineProposal } from '../analysis/proposalOutline.ts';
import { checkProposal } from '../proposal/checkProposal.ts';
import type { LanguageAnalyzer } from './languageAnalyzer.ts';

export const proposalAnalyzer: LanguageAnalyzer = {
  analyze(text, { version, now }) {
    const started = now();
    const check = checkProposal(text);
    return {
      analysis: {
        version,
        language: 'proposal',
        graph: { language: 'proposal', nodes: [], edges: [] },
        diagnostics: check.diagnostics,
        derived: [],
        structureKey: '0:0:',
        proposal: outlineProposal(check),
        stats: { lines: text.split('\n').length, nodes: 0, edges: 0, analyzeMs: now() - started },
      },
      document: null,
      proposal: check,
    };
  },
  print: null,
};
