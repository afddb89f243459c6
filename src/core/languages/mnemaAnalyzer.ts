/**
 * Mnema logs (`.mnema`): the log is the document — read, verified and lowered to the
 * graph by src/core/mnema/mnemaDocument.ts, each claim's state as the log gives it.
 */
import { structureKey } from '../graph/structureKey.ts';
import { prepareMnemaText, readMnemaDocument } from '../mnema/mnemaDocument.ts';
import type { LanguageAnalyzer } from './languageAnalyzer.ts';

export const mnemaAnalyzer: LanguageAnalyzer = {
  analyze(text, { version, now }) {
    const started = now();
    const doc = readMnemaDocument(text);
    return {
      analysis: {
        version,
        language: 'mnema',
        graph: doc.graph,
        diagnostics: doc.diagnostics,
        derived: [],
        structureKey: structureKey(doc.graph),
        ownStates: doc.states,
        stats: { lines: text.split('\n').length, nodes: doc.graph.nodes.length, edges: doc.graph.edges.length, analyzeMs: now() - started },
      },
      document: null,
      mnema: doc,
    };
  },
  print: null,
  prepare: prepareMnemaText,
};
