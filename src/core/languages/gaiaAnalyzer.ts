/** Gaia packages (one module): run and compiled as Gaia would, drawn as a factor graph. */
import { analyzeGaia } from '../gaia/analyzeGaia.ts';
import { structureKey } from '../graph/structureKey.ts';
import type { LanguageAnalyzer } from './languageAnalyzer.ts';
import { fileStemOf } from './languageAnalyzer.ts';

export const gaiaAnalyzer: LanguageAnalyzer = {
  analyze(text, { version, now, fileName, packageOptions, forInference = true }) {
    const started = now();
    const a = analyzeGaia(text, { ...packageOptions, fileStem: fileStemOf(fileName) });
    return {
      analysis: {
        version,
        language: 'gaia',
        graph: a.graph,
        diagnostics: a.diagnostics,
        derived: [],
        structureKey: structureKey(a.graph),
        stats: { lines: text.split('\n').length, nodes: a.graph.nodes.length, edges: a.graph.edges.length, analyzeMs: now() - started },
        // No ir_hash on every keystroke: it costs more than the rest of the analysis. A
        // package with errors has no IR to infer over: Gaia would not compile it, and what
        // was read of it may hold numbers no probability is (a prior of 1e999).
        ...(forInference && a.accepted ? { ir: a.irForInference() } : {}),
      },
      document: null,
      symbols: a.symbols,
      gaia: a,
    };
  },
  print: null,
};
