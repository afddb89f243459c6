/**
 * What the validation worker offers, as plain functions over core. Kept apart from the
 * worker file so the Node benchmark and tests can run the very same object in a
 * worker_threads worker, and so it can be called directly where no worker is needed.
 */
import type { DocumentAnalysis } from '../src/core/analysis/documentAnalysis.ts';
import { analyzeDocument } from '../src/core/analysis/analyzeDocument.ts';
import { parseClair } from '../src/core/clair/parser.ts';
import { printClair } from '../src/core/clair/printer.ts';
import type { Language } from '../src/core/graph/reasoningGraph.ts';

export interface AnalyzeRequest {
  /** The editor's document version; echoed back so stale results can be dropped. */
  readonly version: number;
  readonly text: string;
  readonly language: Language;
}

export function createValidationApi() {
  return {
    /** Parse, validate, derive confidences and build the graph of one document version. */
    analyze(request: AnalyzeRequest): DocumentAnalysis {
      return analyzeDocument(request.text, request.language, request.version);
    },
    /** The canonical text of a document (CLAIR's printer); null when the language has no printer. */
    format(text: string, language: Language): string | null {
      return language === 'clair' ? printClair(parseClair(text)) : null;
    },
  };
}
