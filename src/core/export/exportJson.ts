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

export function toGraphJson(input: ExportInput): GraphJson {
  return {
    format: GRAPH_JSON_FORMAT,
    language: input.graph.language,
    nodes: exportedNodes(input.graph, input.derived),
    edges: input.graph.edges.map((e) => ({ id: e.id, from: e.from, to: e.to, kind: e.kind, tentative: e.tentative })),
    diagnostics: input.diagnostics.map(toDiagnosticRecord),
  };
}

export function exportJson(input: ExportInput): string {
  return JSON.stringify(toGraphJson(input), null, 2) + '\n';
}
