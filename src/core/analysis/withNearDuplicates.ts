/**
 * The near-duplicate findings (computed apart, in the similarity worker or the language
 * server's similarity session) merged into an analysis's diagnostics. `current`: the
 * findings are of this very version. Otherwise they are the last ones, carried onto the
 * beliefs they were about (without their fixes, computed for the old text), so markers do
 * not blink between an edit and the new answer.
 */
import { positionsOf } from './analysisPatch.ts';
import type { AnalysisView } from './documentAnalysis.ts';
import { NEAR_DUPLICATE } from './nearDuplicateDiagnostics.ts';
import type { Diagnostic } from '../text/diagnostic.ts';
import { compareDiagnostics } from '../text/diagnostic.ts';

export function withNearDuplicates(analysis: AnalysisView, findings: readonly Diagnostic[], current = false): AnalysisView {
  const own = analysis.diagnostics.filter((d) => d.code !== NEAR_DUPLICATE);
  if (findings.length === 0 && own.length === analysis.diagnostics.length) return analysis;
  let carried: Diagnostic[];
  if (current) carried = [...findings];
  else {
    // Kept per node list across keystrokes (analysisPatch.ts): no lookup built per edit.
    const at = findings.length > 0 ? positionsOf(analysis.graph.nodes) : null;
    carried = [];
    for (const d of findings) {
      const i = d.subject ? at?.get(d.subject) : undefined;
      const node = i === undefined ? undefined : analysis.graph.nodes[i];
      if (!node || node.broken) continue;
      const { fixes: _stale, ...rest } = d;
      void _stale;
      carried.push({ ...rest, range: node.range.line === d.range.line ? d.range : { ...d.range, line: node.range.line, endLine: node.range.line } });
    }
  }
  return { ...analysis, diagnostics: [...own, ...carried].sort(compareDiagnostics) };
}
