/**
 * Explanations of a loaded document, as `explain` and `export --to explanations` need
 * them: the document's session (documentSession.ts: CLAIR derived values, Gaia
 * posteriors from inference when the package compiles) opened on the session's log when
 * one was given — the session the page's worker runs.
 */
import type { DocumentExplanations } from '../core/explain/explainDocument.ts';
import type { SignedOperation } from '../core/oplog/operation.ts';
import type { LoadedDocument } from '../node/loadDocument.ts';
import { documentSession } from './documentSession.ts';

export function documentExplanations(doc: LoadedDocument, ops: readonly SignedOperation[] = []): DocumentExplanations {
  const { live, version, ref } = documentSession(doc, ops);
  return live.explanations(version, ref())!;
}
