/**
 * `export --to json`: the parsed graph as one JSON document (shape documented in
 * docs/contract-extensions.md). Nodes in document order, edges in the order the text
 * lists justifications, diagnostics as `check --json` prints them.
 */
import type { EdgeKind, Language } from '../graph/reasoningGraph.ts';
import type { DiagnosticRecord } from './diagnosticRecord.ts';
import { toDiagnosticRecord } from './diagnosticRecord.ts';
import type { ExportInput } from './exportInput.ts';
import type { ExportedNode } from './exportedNode.ts';
import { exportedNodes } from './exportedNode.ts';
import type { Reintroduction } from '../contradiction/reintroductionFlag.ts';
import { documentReintroduction } from '../contradiction/reintroductionFlag.ts';

/** Names the shape, so readers can tell versions apart if it ever grows. */
export const GRAPH_JSON_FORMAT = 'warrant.graph.v1';

export interface GraphJson {
  readonly format: typeof GRAPH_JSON_FORMAT;
  readonly language: Language;
  readonly nodes: readonly ExportedNode[];
  readonly edges: readonly {
    readonly id: string;
    readonly from: string;
    readonly to: string;
    readonly kind: EdgeKind;
    readonly tentative: boolean;
  }[];
  readonly diagnostics: readonly DiagnosticRecord[];
}

/** `flags`: the open contradictions to flag nodes under (default: the document's own). */
export function toGraphJson(input: ExportInput, flags: Reintroduction = documentReintroduction(input.graph)): GraphJson {
  return {
    format: GRAPH_JSON_FORMAT,
    language: input.graph.language,
    nodes: exportedNodes(input.graph, input.derived, flags),
    edges: input.graph.edges.map((e) => ({ id: e.id, from: e.from, to: e.to, kind: e.kind, tentative: e.tentative })),
    diagnostics: input.diagnostics.map(toDiagnosticRecord),
  };
}

export function exportJson(input: ExportInput, flags?: Reintroduction): string {
  return JSON.stringify(toGraphJson(input, flags), null, 2) + '\n';
}
