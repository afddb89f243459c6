/**
 * `export --to clair-debug`: the spec's debug line of every belief, in document order
 * (`[debug: b4 .85 <b2 | alternatives: b5 .5 "Machin formula", …]`); the rule is
 * src/core/clair/debugLines.ts, which the inspector shows too.
 */
import { debugLines } from '../clair/debugLines.ts';
import type { ExportInput } from './exportInput.ts';

export function exportClairDebug(analysis: ExportInput): string {
  return debugLines(analysis.graph);
}
