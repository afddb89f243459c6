/**
 * The Export menu's items for a document: the exporter table's formats of its language
 * (src/core/export/exporterTable.ts), with their labels, file names and types. Nothing
 * here is written twice: the menu renders these, the page makes them in pageExporters.ts.
 */
import type { ExportFormat } from '../../core/export/exporterTable.ts';
import { exportFormatsOf } from '../../core/export/exporterTable.ts';
import type { Language } from '../../core/graph/reasoningGraph.ts';

export interface ExportMenuItem {
  readonly format: ExportFormat;
  /** `export-FORMAT` (docs/contract.md §4). */
  readonly testId: string;
  readonly label: string;
  readonly fileName: string;
  readonly mime: string;
}

/** The document's name less its extension, as downloads are named (`document` when empty). */
export function downloadBase(documentName: string): string {
  return documentName.replace(/\.[^.]*$/, '') || 'document';
}

export function exportMenuItems(language: Language, documentName: string): ExportMenuItem[] {
  const base = downloadBase(documentName);
  return exportFormatsOf(language).map((e) => ({ format: e.id as ExportFormat, testId: `export-${e.id}`, label: e.label, fileName: e.fileName(base), mime: e.mime }));
}
