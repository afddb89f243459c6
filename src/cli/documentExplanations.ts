/**
 * Explanations of a loaded document, as `explain` and `export --to explanations` need
 * them: CLAIR derived values from the analysis; Gaia posteriors from inference when the
 * package compiles; and the session's log when one was given.
 */
import type { DocumentExplanations } from '../core/explain/explainDocument.ts';
import { explainDocument } from '../core/explain/explainDocument.ts';
import type { GaiaIr } from '../core/infer/irInput.ts';
import { runInference } from '../core/infer/runInference.ts';
import type { SignedOperation } from '../core/oplog/operation.ts';
import type { LoadedDocument } from '../node/loadDocument.ts';

export function documentExplanations(doc: LoadedDocument, ops: readonly SignedOperation[] = []): DocumentExplanations {
  const { graph, derived } = doc.analysis;
  let posteriors: Map<string, number> | undefined;
  if (doc.gaia?.accepted) {
    const result = runInference(doc.gaia.irForInference() as unknown as GaiaIr, { method: 'auto' });
    if (!result.problems.some((p) => p.severity === 'error')) {
      posteriors = new Map();
      for (const b of result.beliefs) if (b.label !== null) posteriors.set(b.label, b.belief);
    }
  }
  return explainDocument({ graph, derived, ops, ...(posteriors ? { posteriors } : {}) });
}
