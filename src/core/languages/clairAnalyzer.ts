/** CLAIR traces: parsed line by line (unchanged lines reused), validated, confidences derived. */
import { analyzeClair } from '../clair/analyzeClair.ts';
import { exportClair } from '../export/exportClair.ts';
import { structureKey } from '../graph/structureKey.ts';
import type { LanguageAnalyzer } from './languageAnalyzer.ts';

export const clairAnalyzer: LanguageAnalyzer = {
  analyze(text, { version, previous, now }) {
    const started = now();
    const a = analyzeClair(text, previous);
    return {
      analysis: {
        version,
        language: 'clair',
        graph: a.graph,
        diagnostics: a.diagnostics,
        derived: a.derived,
        structureKey: structureKey(a.graph),
        stats: {
          lines: a.document.lines.length,
          nodes: a.graph.nodes.length,
          edges: a.graph.edges.length,
          analyzeMs: now() - started,
        },
      },
      document: a.document,
    };
  },
  print: exportClair,
};
