/**
 * The outline of a document: one entry per node the analysis drew from a line of it; for
 * a FormalProposal, its declarations and assertions.
 */
import type { AnalysisView } from '../analysis/documentAnalysis.ts';
import type { SourceRange } from '../text/sourceRange.ts';

export interface OutlineEntry {
  readonly name: string;
  readonly detail: string;
  /** CLAIR beliefs and Gaia claims are variables; Gaia's actions functions; notes and questions strings. */
  readonly kind: 'variable' | 'function' | 'string' | 'class' | 'constant' | 'property';
  readonly range: SourceRange;
  /** The name itself, within `range`. */
  readonly selectionRange: SourceRange;
}

/** `file`: in a package, only the nodes written in that module (root-relative path). */
export function outlineOf(analysis: AnalysisView, file: string | null = null): OutlineEntry[] {
  const out: OutlineEntry[] = [];
  const proposal = analysis.proposal;
  if (proposal) {
    const kinds = { sort: 'class', const: 'constant', function: 'function', predicate: 'function' } as const;
    for (const d of proposal.symbols) out.push({ name: d.name, detail: `${d.kind} ${d.signature}`, kind: kinds[d.kind as keyof typeof kinds] ?? 'variable', range: d.range, selectionRange: d.range });
    for (const a of proposal.assertions) out.push({ name: a.id, detail: a.role, kind: 'property', range: a.range, selectionRange: a.idRange });
  }
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
