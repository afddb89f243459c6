/**
 * Questions about a Mnema log the page asks the validation worker: a claim's explanation
 * (Mnema §8) with its text tree and the nodes of its provenance, and what an action would
 * do. Asked of the log as the analysis of that version read it (kept beside the analysis).
 */
import type { MnemaDocument, MnemaExplanation } from '../src/core/mnema/mnemaDocument.ts';
import { explainMnemaNode } from '../src/core/mnema/mnemaDocument.ts';
import type { LogActionPreview } from '../src/core/mnema/mnemaPreview.ts';
import { previewLogAction } from '../src/core/mnema/mnemaPreview.ts';
import type { UserAction } from '../src/core/oplog/userAction.ts';

export function createMnemaQueries(docOf: (version: number) => MnemaDocument | null) {
  return {
    /** What `action` would do to the log of `version` (null: the version is gone). */
    mnemaPreview(version: number, action: UserAction): LogActionPreview | null {
      const doc = docOf(version);
      return doc ? previewLogAction(doc, action) : null;
    },
    /** The explanation of the claim drawn as `id` in `version` (null: evidence, unknown, or the version is gone). */
    mnemaExplain(version: number, id: string): MnemaExplanation | null {
      const doc = docOf(version);
      return doc ? explainMnemaNode(doc, id) : null;
    },
  };
}
