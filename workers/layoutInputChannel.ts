/**
 * What passes on the channel between the validation worker and the layout worker: the
 * layout worker asks for a version's layout input (LayoutInputSource); the validation
 * worker answers it, or has already sent it ahead (a large graph, as soon as it was built).
 * Shared by both workers, so neither imports the other's code.
 */
import type { GraphViewRequest } from '../src/core/graph/graphView.ts';
import type { PackedLayoutInput } from '../src/core/layout/packedLayoutInput.ts';

/** A version's layout input as the validation worker gives it, with the shape it is of. */
export type SourcedLayoutInput = PackedLayoutInput & { readonly structureKey: string };

/** The validation worker's answer when it has sent that version's input ahead. */
export const SENT_AHEAD = 'sent-ahead';

/** The message that carries a layout input ahead. */
export interface LayoutInputAheadMessage {
  readonly layoutInputAhead: { readonly version: number; readonly input: SourcedLayoutInput };
}

export type SourcedInputReply = SourcedLayoutInput | typeof SENT_AHEAD | null;

/** What the validation worker answers on the channel between the two workers. */
export interface LayoutInputSource {
  layoutInput(version: number, hideHelpers: boolean, view?: GraphViewRequest | null): SourcedInputReply | Promise<SourcedInputReply>;
}
