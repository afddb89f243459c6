/**
 * The text exports of a graph that need nothing but the analysis, by format name, so the
 * command line and the page's export menu write exactly the same files.
 */
import { exportDot } from './exportDot.ts';
import { exportGraphml } from './exportGraphml.ts';
import type { ExportInput } from './exportInput.ts';
import { exportJson } from './exportJson.ts';

export const GRAPH_EXPORTS = {
  json: exportJson,
  dot: exportDot,
  graphml: exportGraphml,
} as const satisfies Record<string, (input: ExportInput) => string>;

export type GraphExportFormat = keyof typeof GRAPH_EXPORTS;
