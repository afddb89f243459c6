/**
 * `export --to clair-debug`: the spec's debug line of every belief, in document order
 * (`[debug: b4 .85 <b2 | alternatives: b5 .5 "Machin formula", …]`); the rule is
 * src/core/clair/debugLines.ts, which the inspector shows too. A belief with an open
 * contradiction (contract §3) has its caveat after its line.
 */
import { debugLines } from '../clair/debugLines.ts';
import type { Reintroduction } from '../contradiction/reintroductionFlag.ts';
import type { ExportInput } from './exportInput.ts';

export function exportClairDebug(analysis: ExportInput, reintroduction: Reintroduction): string {
  return debugLines(analysis.graph, (id) => reintroduction.flagOf(id).caveat);
}
