/**
 * Analyses a document of any supported language into a DocumentAnalysis. The entry
 * point the validation worker and the CLI share.
 */
import { analyzeClair } from '../clair/analyzeClair.ts';
import { indexClairSymbols } from '../clair/symbolIndex.ts';
import type { Language } from '../graph/reasoningGraph.ts';
import { structureKey } from '../graph/structureKey.ts';
import type { DocumentAnalysis } from './documentAnalysis.ts';

export function analyzeDocument(text: string, language: Language, version: number, now: () => number = Date.now): DocumentAnalysis {
  const started = now();
  if (language !== 'clair') {
    return {
      version,
      language,
      graph: { language, nodes: [], edges: [] },
      diagnostics: [
        {
          severity: 'error',
          code: 'unsupported-language',
          message: `${language} documents are not supported yet`,
          range: { line: 1, column: 1, endLine: 1, endColumn: 1 },
        },
      ],
      derived: [],
      symbols: { uses: [] },
      structureKey: '0:0:',
      stats: { lines: 0, nodes: 0, edges: 0, analyzeMs: now() - started },
    };
  }
  const a = analyzeClair(text);
  return {
    version,
    language,
    graph: a.graph,
    diagnostics: a.diagnostics,
    derived: a.derived,
    symbols: indexClairSymbols(a.document, a.symbols),
    structureKey: structureKey(a.graph),
    stats: {
      lines: a.document.lines.length,
      nodes: a.graph.nodes.length,
      edges: a.graph.edges.length,
      analyzeMs: now() - started,
    },
  };
}
