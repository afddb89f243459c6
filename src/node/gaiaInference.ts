/**
 * Gaia inference for a loaded package, with its failure (if any) added to the document's
 * diagnostics by the same rule the page uses (src/core/infer/inferenceDiagnostics.ts): so
 * `check`, `infer` and the Problems panel report one error, with the same code and range,
 * for a package Gaia compiles but its inference refuses.
 */
import { compareDiagnostics } from '../core/text/diagnostic.ts';
import { inferenceDiagnostics } from '../core/infer/inferenceDiagnostics.ts';
import type { InferenceMethod, InferenceResult } from '../core/infer/inferenceResult.ts';
import type { GaiaIr } from '../core/infer/irInput.ts';
import type { JointDependencyIr } from '../core/infer/jointGraph.ts';
import { runInference } from '../core/infer/runInference.ts';
import type { LoadedDocument } from './loadDocument.ts';
import type { AnalysisView } from '../core/analysis/documentAnalysis.ts';
import type { GaiaAnalysis } from '../core/gaia/analyzeGaia.ts';

export interface InferredDocument {
  /** The document, its diagnostics including inference's errors. */
  readonly doc: LoadedDocument;
  /** Null for a document that is not a Gaia package. */
  readonly result: InferenceResult | null;
}

/**
 * Runs inference on a Gaia package (`ir`: the IR to use, by default the one without
 * `ir_hash`; `infer` passes the full one it prints the hash of; `dependencies`: joint
 * inference's dependency graphs, for `--depth N`). Other documents come back
 * as they are.
 */
export function withGaiaInference(doc: LoadedDocument, method: InferenceMethod = 'auto', ir?: unknown, dependencies?: readonly JointDependencyIr[]): InferredDocument {
  if (!doc.gaia) return { doc, result: null };
  const { analysis, result } = withInference(doc.analysis, doc.gaia, method, ir, dependencies);
  return { doc: analysis === doc.analysis ? doc : { ...doc, analysis }, result };
}

/** An analysis with its package's inference run: its failures join the diagnostics (the same analysis when there are none). */
export function withInference<A extends AnalysisView>(
  analysis: A,
  gaia: GaiaAnalysis,
  method: InferenceMethod = 'auto',
  ir?: unknown,
  dependencies?: readonly JointDependencyIr[],
): { analysis: A; result: InferenceResult } {
  const result = runInference((ir ?? gaia.irForInference()) as GaiaIr, { method, ...(dependencies ? { dependencies } : {}) });
  const failures = inferenceDiagnostics(result.problems, gaia.graph);
  if (failures.length === 0) return { analysis, result };
  return { analysis: { ...analysis, diagnostics: [...analysis.diagnostics, ...failures].sort(compareDiagnostics) }, result };
}
