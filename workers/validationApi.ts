/**
 * What the validation worker offers, as plain functions over core. Kept apart from the
 * worker file so the Node benchmark and tests can run the very same object in a
 * worker_threads worker, and so it can be called directly where no worker is needed.
 */
import type { AnalysisPatch } from '../src/core/analysis/analysisPatch.ts';
import { AnalysisSession } from '../src/core/analysis/analysisSession.ts';
import type { AnalyzeRequest } from '../src/core/analysis/analysisSession.ts';
import { parseClair } from '../src/core/clair/parser.ts';
import { printClair } from '../src/core/clair/printer.ts';
import type { SymbolUse } from '../src/core/clair/symbolIndex.ts';
import type { Language } from '../src/core/graph/reasoningGraph.ts';
import { analyzeGaia } from '../src/core/gaia/analyzeGaia.ts';
import type { GaiaExportFormat } from '../src/core/gaia/gaiaExportFiles.ts';
import { gaiaExportFiles } from '../src/core/gaia/gaiaExportFiles.ts';
import { checkProposal } from '../src/core/proposal/index.ts';
import type { Gate, ProveMode } from '../src/core/proposal/index.ts';
import { createLifecycleApi } from './lifecycleApi.ts';

export type { AnalyzeRequest };

export function createValidationApi() {
  const session = new AnalysisSession(() => performance.now());
  const lifecycleApi = createLifecycleApi((version) => session.analysisOf(version));
  return {
    /** The session model over each version: states, previews, commits, revisions, explanations. */
    ...lifecycleApi,
    /**
     * Parse, validate, derive confidences and build the graph of one document version.
     * The reply is a patch against `baseVersion` when the worker still has it, else complete.
     */
    analyze(request: AnalyzeRequest): AnalysisPatch {
      return session.analyze(request);
    },
    /** The canonical text of a document (CLAIR's printer); null when the language has no printer. */
    format(text: string, language: Language): string | null {
      return language === 'clair' ? printClair(parseClair(text)) : null;
    },
    /**
     * The files of a Gaia export (ir.json, beliefs.json, or the manifests), computed here
     * because they need the full compile and inference, not just the editing analysis.
     */
    exportGaia(text: string, fileName: string, format: GaiaExportFormat): { files: Record<string, string> } | { error: string } {
      const gaia = analyzeGaia(text, { fileStem: fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') });
      const exported = gaiaExportFiles(gaia, format);
      return 'error' in exported ? exported : { files: Object.fromEntries(exported.files) };
    },
    /**
     * A FormalProposal's SMT-LIB2 script in `mode` (which may differ from the one the
     * document asks for, and so pass or fail different gates): the script, or the gate
     * that stopped it and its first error.
     */
    proposalScript(text: string, mode: ProveMode): { smtlib: string | null; gate: Gate | null; problem: string | null } {
      const check = checkProposal(text, { mode });
      const problem = check.diagnostics.find((d) => d.severity === 'error');
      return { smtlib: check.smtlib, gate: check.gate, problem: problem ? `${problem.range.line}:${problem.range.column} ${problem.message}` : null };
    },
    /** The id used at a position of version `version`; null when unknown or that version is gone. */
    symbolAt(version: number, line: number, column: number): SymbolUse | null {
      return session.symbolAt(version, line, column);
    },
    /** Every use of `id` (definitions, justifications, mentions) in version `version`. */
    usesOf(version: number, id: string): SymbolUse[] | null {
      return session.usesOf(version, id);
    },
  };
}
