/**
 * A claim the compiler makes itself (a formula's truth variable, a decomposition's
 * equivalence, a connective's result): markdown content, its content hash, no
 * parameters, provenance or declaration, never exported.
 */
import { contentHash } from './irIds.ts';
import type { IrKnowledge, JsonDict } from './irTypes.ts';

export function generatedClaim(id: string, label: string, content: string, metadata: JsonDict): IrKnowledge {
  return {
    id,
    label,
    title: null,
    type: 'claim',
    format: 'markdown',
    content,
    content_hash: contentHash('claim', 'markdown', content, []),
    parameters: [],
    metadata,
    provenance: null,
    declaration_index: null,
    exported: false,
  };
}
