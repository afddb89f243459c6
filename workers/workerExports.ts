/**
 * Exports made in the validation worker: the formats of the exporter table whose
 * sources all come from the document's text (`SOURCES_FROM_TEXT`) — canonical text, a
 * Gaia package's files (a full compile, and inference for beliefs.json; the package
 * folder itself), a proposal's SMT-LIB2 in a chosen mode. A project's files come with
 * the request and stand for the text.
 */
import type { ExportFormat, ExportNeed, ExportOptions, ExportOutput, ExportSources } from '../src/core/export/exporterTable.ts';
import { exporterOf } from '../src/core/export/exporterTable.ts';
import { analyzeGaia, analyzeGaiaPackage } from '../src/core/gaia/analyzeGaia.ts';
import { packageFromModule } from '../src/core/gaia/package/newPackage.ts';
import { fileStemOf } from '../src/core/languages/languageAnalyzer.ts';
import type { ProveMode } from '../src/core/proposal/index.ts';
import { checkProposal } from '../src/core/proposal/index.ts';

export interface WorkerExportRequest {
  readonly format: ExportFormat;
  readonly text: string;
  /** The document's name: a lone Gaia module takes its package name from it (namespace `local`: it has no pyproject.toml). */
  readonly fileName: string;
  /** A Gaia package opened as a project: its files (root-relative path → text), read as Gaia reads the folder. */
  readonly files?: ReadonlyMap<string, string> | null;
  /** The proposal's mode for `smtlib` (default: its own). */
  readonly mode?: ProveMode | null;
  readonly options?: ExportOptions;
}

type Request = Omit<WorkerExportRequest, 'format' | 'options'>;

const FROM_TEXT: { readonly [N in ExportNeed]?: (request: Request) => ExportSources[N] } = {
  text: ({ text }) => text,
  gaia: ({ text, fileName, files }) => (files ? analyzeGaiaPackage(files) : analyzeGaia(text, { fileStem: fileStemOf(fileName) })),
  files: ({ text, fileName, files }) => files ?? packageFromModule(fileName, text),
  proposal: ({ text, mode }) => (mode ? checkProposal(text, { mode }) : checkProposal(text)),
};

export async function exportInWorker(request: WorkerExportRequest): Promise<ExportOutput> {
  const row = exporterOf(request.format);
  const sources: Partial<Record<ExportNeed, unknown>> = {};
  for (const need of row.needs) {
    const make = FROM_TEXT[need];
    if (!make) return { error: `${row.id} needs the ${need}, which the page supplies` };
    sources[need] = make(request);
  }
  return row.run(sources as Partial<ExportSources>, request.options ?? {});
}
