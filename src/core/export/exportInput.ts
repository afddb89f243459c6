/** What the graph exporters read: an analysed document, minus what they do not need. */
import type { DerivedConfidence } from '../clair/derivedConfidence.ts';
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { Diagnostic } from '../text/diagnostic.ts';

export interface ExportInput {
  readonly graph: ReasoningGraph;
  readonly derived: readonly DerivedConfidence[];
  readonly diagnostics: readonly Diagnostic[];
}
