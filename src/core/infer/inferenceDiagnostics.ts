/**
 * A failed inference as diagnostics, from one rule for every surface: the page's Problems
 * panel and editor markers, and `warrant check` / `warrant infer`. A package Gaia compiles
 * can still be one its inference refuses (an associate whose endpoint priors disagree with
 * its conditionals, hard evidence that contradicts itself): then no posterior is current,
 * and that is an error of the document, not a footnote in a status bar.
 *
 * The range is the statement that wrote the first IR object the problem names (its
 * `subjects`: the strategy, operator or claim being lowered), found through the graph's
 * `qid`s; a problem that names none (inconsistent evidence found by an engine) is put on
 * line 1. IR ids in the message become the labels the author wrote. Only errors become
 * diagnostics: inference's warnings repeat what the analysis already reports
 * (`associate-maxent-closure` is the analysis's `associate-no-prior`).
 */
import type { AnalysisView } from '../analysis/documentAnalysis.ts';
import type { GraphNode, ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { Diagnostic } from '../text/diagnostic.ts';
import { compareDiagnostics } from '../text/diagnostic.ts';
import type { SourceRange } from '../text/sourceRange.ts';
import type { InferenceProblem, InferenceProblemCode } from './inferenceProblem.ts';

/** The codes a failed inference is reported under (severity `error`): InferenceProblem's own codes. */
export const INFERENCE_FAILURE_CODES: ReadonlySet<string> = new Set<InferenceProblemCode>(['lowering', 'inconsistent-evidence', 'too-many-variables']);

const FIRST_LINE: SourceRange = { line: 1, column: 1, endLine: 1, endColumn: 1 };

/** Every error among `problems`, placed in `graph`'s text. */
export function inferenceDiagnostics(problems: readonly InferenceProblem[], graph: ReasoningGraph): Diagnostic[] {
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length === 0) return [];
  const byQid = nodesByQid(graph);
  return errors.map((p) => {
    const node = (p.subjects ?? []).map((id) => byQid.get(id)).find((n): n is GraphNode => n !== undefined);
    const d: Diagnostic = {
      severity: 'error',
      code: p.code,
      message: `inference failed: ${withLabels(p.message, byQid)}`,
      range: node ? node.range : FIRST_LINE,
      ...(node?.file ? { file: node.file } : {}),
    };
    return node ? { ...d, subject: node.id } : d;
  });
}

/** A problem's message with IR ids replaced by the labels the author wrote (for the status bar). */
export function describeInferenceProblem(problem: InferenceProblem, graph: ReasoningGraph): string {
  return withLabels(problem.message, nodesByQid(graph));
}

function nodesByQid(graph: ReasoningGraph): Map<string, GraphNode> {
  const byQid = new Map<string, GraphNode>();
  for (const n of graph.nodes) if (n.qid !== undefined && !byQid.has(n.qid)) byQid.set(n.qid, n);
  return byQid;
}

function withLabels(message: string, byQid: ReadonlyMap<string, GraphNode>): string {
  // Longest first, so `ns:pkg::ab` is replaced before `ns:pkg::a` could cut into it.
  const named = [...byQid.entries()].filter(([qid]) => message.includes(qid)).sort((a, b) => b[0].length - a[0].length);
  for (const [qid, n] of named) message = message.split(qid).join(labelOf(n));
  return message;
}

/** What the author wrote for an IR object: a claim's label, an action's `label=` (else its node id). */
function labelOf(n: GraphNode): string {
  if (n.kind === 'factor') return n.factor?.label ?? n.id;
  return n.id;
}

/**
 * `diagnostics` with the inference findings replaced by `findings` (earlier ones, told
 * apart by their codes, are dropped), in diagnostic order. The same array when nothing
 * changes, so a view keyed on it does not redraw.
 */
export function withInferenceDiagnostics(diagnostics: readonly Diagnostic[], findings: readonly Diagnostic[]): readonly Diagnostic[] {
  const own = diagnostics.filter((d) => !INFERENCE_FAILURE_CODES.has(d.code));
  if (findings.length === 0 && own.length === diagnostics.length) return diagnostics;
  return [...own, ...findings].sort(compareDiagnostics);
}

/**
 * `analysis` with `failures` (an inference's errors) among its diagnostics, placed in its
 * own graph; the same object when that changes nothing.
 */
export function withInferenceFailures(analysis: AnalysisView, failures: readonly InferenceProblem[]): AnalysisView {
  const diagnostics = withInferenceDiagnostics(analysis.diagnostics, inferenceDiagnostics(failures, analysis.graph));
  return diagnostics === analysis.diagnostics ? analysis : { ...analysis, diagnostics };
}
