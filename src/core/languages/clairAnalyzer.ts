/** CLAIR traces: parsed line by line (unchanged lines reused), validated, confidences derived. */
import { analyzeClair } from '../clair/analyzeClair.ts';
import { exportClair } from '../export/exportClair.ts';
import { structureKey } from '../graph/structureKey.ts';
import type { LanguageAnalyzer } from './languageAnalyzer.ts';

export const clairAnalyzer: LanguageAnalyzer = {
  analyze(text, { version, previous, now, onGraph }) {
    const started = now();
    let key: string | null = null;
    const a = analyzeClair(text, previous, (graph) => {
      key = structureKey(graph);
      onGraph?.(graph, key);
    });
    return {
      analysis: {
        version,
        language: 'clair',
        graph: a.graph,
        diagnostics: a.diagnostics,
        derived: a.derived,
        structureKey: key ?? structureKey(a.graph),
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
