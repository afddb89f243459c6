/**
 * Questions about a Mnema log the page asks the validation worker: a claim's explanation
 * (Mnema §8) with its text tree and the nodes of its provenance. The log is read once per
 * version asked (the newest is kept), by the reader the analysis and the command line use.
 */
import type { MnemaDocument, MnemaExplanation } from '../src/core/mnema/mnemaDocument.ts';
import { explainMnemaNode, readMnemaDocument } from '../src/core/mnema/mnemaDocument.ts';
import type { LogActionPreview } from '../src/core/mnema/mnemaPreview.ts';
import { previewLogAction } from '../src/core/mnema/mnemaPreview.ts';
import type { UserAction } from '../src/core/oplog/userAction.ts';

export function createMnemaQueries(textOf: (version: number) => string | null) {
  let read: { version: number; doc: MnemaDocument } | null = null;
  const docOf = (version: number): MnemaDocument | null => {
    if (read?.version === version) return read.doc;
    const text = textOf(version);
    if (text === null) return null;
    read = { version, doc: readMnemaDocument(text) };
    return read.doc;
  };
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
