/** The outline of a document: one entry per node the analysis drew from a line of it. */
import type { AnalysisView } from '../analysis/documentAnalysis.ts';
import type { SourceRange } from '../text/sourceRange.ts';

export interface OutlineEntry {
  readonly name: string;
  readonly detail: string;
  /** CLAIR beliefs and Gaia claims are variables; Gaia's actions functions; notes and questions strings. */
  readonly kind: 'variable' | 'function' | 'string';
  readonly range: SourceRange;
  /** The name itself, within `range`. */
  readonly selectionRange: SourceRange;
}

/** `file`: in a package, only the nodes written in that module (root-relative path). */
export function outlineOf(analysis: AnalysisView, file: string | null = null): OutlineEntry[] {
  const out: OutlineEntry[] = [];
  for (const n of analysis.graph.nodes) {
    if (n.helper || (file !== null && n.file !== undefined && n.file !== file)) continue;
    const r = n.range;
    const nameEnd = r.line === r.endLine ? Math.min(r.endColumn, r.column + n.id.length) : r.column + n.id.length;
    out.push({
      name: n.id,
      detail: n.content,
      kind: n.kind === 'factor' ? 'function' : n.kind === 'note' || n.kind === 'question' ? 'string' : 'variable',
      range: r,
      selectionRange: { line: r.line, column: r.column, endLine: r.line, endColumn: nameEnd },
    });
  }
  return out;
}
