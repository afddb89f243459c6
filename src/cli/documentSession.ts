/**
 * A loaded document's session on the command line: the same LiveSession the page's
 * worker runs (src/core/session/liveSession.ts), over the document as loaded — CLAIR's
 * derived values, and for a Gaia package its IR and the posteriors inference gives it —
 * opened on the ops of a verified log (none for `cascade`).
 */
import type { GaiaIr } from '../core/infer/irInput.ts';
import { posteriorsByNode } from '../core/infer/posteriorsByNode.ts';
import { runInference } from '../core/infer/runInference.ts';
import type { LogRef } from '../core/session/liveSession.ts';
import { LiveSession } from '../core/session/liveSession.ts';
import type { LoggedOperation } from '../core/session/sessionModel.ts';
import type { LoadedDocument } from '../node/loadDocument.ts';

export interface DocumentSession {
  readonly live: LiveSession;
  /** The version every request names (the document's one). */
  readonly version: number;
  readonly ref: () => LogRef;
}

/** The posteriors of a compiled Gaia package by node id, or undefined (not Gaia, or inference failed). */
function posteriorsOf(doc: LoadedDocument, ir: GaiaIr | undefined): Record<string, number> | undefined {
  if (!ir) return undefined;
  const result = runInference(ir, { method: 'auto' });
  if (result.problems.some((p) => p.severity === 'error')) return undefined;
  return Object.fromEntries(posteriorsByNode(doc.analysis.graph, result.beliefs));
}

export function documentSession(doc: LoadedDocument, ops: readonly LoggedOperation[] = [], session = 'cli'): DocumentSession {
  const ir = doc.gaia?.accepted ? (doc.gaia.irForInference() as unknown as GaiaIr) : undefined;
  const version = doc.analysis.version;
  const document = { ...doc.analysis, ...(ir ? { ir } : {}) };
  const live = new LiveSession((v) => (v === version ? document : null));
  const posteriors = posteriorsOf(doc, ir);
  live.dispatch({ version, log: live.ref, ...(posteriors ? { posteriors } : {}), action: { kind: 'open', session, ops } });
  return { live, version, ref: () => live.ref };
}
