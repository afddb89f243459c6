/**
 * How the page makes each export of the exporter table (src/core/export/exporterTable.ts).
 * A format whose sources all come from the text is made in the validation worker
 * (canonical text, Gaia's files, a proposal's SMT-LIB2 in the mode chosen for Run);
 * one that reads the analysis, the positions, the lifecycle states or the posteriors
 * is made here from what the page shows (helper claims drawn only when the toggle shows
 * them); the formats made from the open session's log are the session's own, by id
 * below. Several files come as one zip with their folder layout; a picture is drawn into
 * PNG pixels on a canvas. A project (a Gaia package's files) sends its files in place of
 * the text.
 */
import { strToU8, zipSync } from 'fflate';
import type { ExportFormat, ExportNeed, ExportOutput, ExportSources } from '../../core/export/exporterTable.ts';
import { exporterOf, SOURCES_FROM_TEXT } from '../../core/export/exporterTable.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { getPipeline } from '../../store/pipeline/pipelineInstance.ts';
import { getSession } from '../../store/session/sessionInstance.ts';
import { useProofStore } from '../../store/proof/proofStore.ts';
import { activeEditor } from '../editor/activeEditor.ts';
import { useProjectStore } from '../../store/project/projectStore.ts';
import { sessionStatesShown, useLifecycleStore } from '../../store/session/lifecycleStore.ts';
import { pictureToPng } from './pictureToPng.ts';
import { reintroductionOfEntries } from '../../core/contradiction/reintroductionFlag.ts';

/** Formats made from the open session's log, which the session controller keeps. */
const SESSION_EXPORTS: Partial<Record<ExportFormat, () => Promise<string>>> = {
  explanations: async () => {
    await getPipeline().whenCurrent();
    return getSession().explanationsJsonLines();
  },
  oplog: async () => getSession().oplogJsonLines(),
};

/** The sources the page itself supplies: what it shows. */
const PAGE_SOURCES: { readonly [N in ExportNeed]?: () => Promise<ExportSources[N]> } = {
  text: async () => activeEditor()?.getValue() ?? '',
  analysis: async () => {
    const { graph, derived, diagnostics } = await getPipeline().whenCurrent();
    return { graph, derived, diagnostics };
  },
  layout: async () => {
    const s = useDocumentStore.getState();
    return { positions: s.positions, title: s.name, showHelpers: s.showHelpers };
  },
  states: async () => sessionStatesShown(useLifecycleStore.getState()),
  posteriors: async () => useDocumentStore.getState().posteriors,
  // The session's ledger as the page shows it (the nodes' data-contradicted comes from the same entries).
  reintroduction: async () => reintroductionOfEntries((await getPipeline().whenCurrent()).graph, useLifecycleStore.getState().contradictions),
};

async function make(format: ExportFormat): Promise<ExportOutput> {
  const session = SESSION_EXPORTS[format];
  if (session) return { text: await session() };
  const row = exporterOf(format);
  if (row.needs.every((n) => SOURCES_FROM_TEXT.has(n))) {
    const s = useDocumentStore.getState();
    // A proposal's script in the mode chosen for Run: the chosen one, else the proposal's own, else entailment.
    const mode = useProofStore.getState().settings.mode ?? s.analysis?.proposal?.mode ?? 'entailment';
    // A project's files stand for the text: the package is read as Gaia reads its folder.
    const files = useProjectStore.getState().project?.files ?? null;
    return getPipeline().validationApi.exportDocument({ format, text: files ? '' : (activeEditor()?.getValue() ?? ''), fileName: s.name, mode, files });
  }
  const sources: Partial<Record<ExportNeed, unknown>> = {};
  for (const need of row.needs) {
    const supply = PAGE_SOURCES[need];
    if (!supply) throw new Error(`the page cannot supply the ${need} that ${format} needs`);
    sources[need] = await supply();
  }
  return row.run(sources as Partial<ExportSources>);
}

/** The bytes of one export of the open document, as it downloads. */
export async function exportInPage(format: ExportFormat): Promise<string | Uint8Array> {
  const out = await make(format);
  if ('error' in out) throw new Error(out.error);
  if ('refused' in out) throw new Error(`${useDocumentStore.getState().name} ${out.refused}`);
  if ('files' in out) return zipSync(Object.fromEntries([...out.files].map(([path, body]) => [path, strToU8(body)])));
  if ('picture' in out) return pictureToPng(out.picture);
  return out.text;
}
