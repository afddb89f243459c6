/**
 * The SMT-LIB2 script of the open proposal in the mode chosen for the next run. In the
 * document's own mode it comes with every analysis; in another mode it is asked of the
 * validation worker (the gates can differ: consistency ignores the goal, the others
 * need one) whenever the document or the mode changes.
 */
import { useEffect, useState } from 'react';
import type { Gate, ProveMode } from '../../core/proposal/index.ts';
import { languageRow } from '../../core/languages/languageTable.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { getPipeline } from '../../store/pipeline/pipelineInstance.ts';
import { useProofStore } from '../../store/proof/proofStore.ts';
import { activeEditor } from '../editor/activeEditor.ts';

export interface ModeScript {
  /** The document version the script was emitted from. */
  readonly version: number;
  readonly mode: ProveMode;
  readonly smtlib: string | null;
  /** The gate that stopped emission in this mode, if one did. */
  readonly gate: Gate | null;
  /** The first error, `line:column message`, when a gate stopped it. */
  readonly problem: string | null;
}

/** The mode the next run uses: the chosen one, else the document's, else entailment. */
export function useEffectiveMode(): ProveMode {
  const chosen = useProofStore((s) => s.settings.mode);
  const own = useDocumentStore((s) => s.analysis?.proposal?.mode ?? null);
  return chosen ?? own ?? 'entailment';
}

export function useModeScript(): ModeScript | null {
  // The document is one the proof view shows (a FormalProposal).
  const analysis = useDocumentStore((s) => (s.analysis && languageRow(s.analysis.language).view === 'proof' ? s.analysis : null));
  const editorVersion = useDocumentStore((s) => s.editorVersion);
  const mode = useEffectiveMode();
  const [asked, setAsked] = useState<ModeScript | null>(null);
  const outline = analysis?.proposal;
  const own = outline !== undefined && (outline.mode === mode || outline.mode === null);

  useEffect(() => {
    if (!analysis || own || analysis.version !== editorVersion) return;
    const text = activeEditor()?.getValue();
    if (text === undefined) return;
    let live = true;
    const version = analysis.version;
    void getPipeline()
      .validationApi.proposalScript(text, mode)
      .then((r) => {
        if (live) setAsked({ version, mode, ...r });
      });
    return () => {
      live = false;
    };
  }, [analysis, own, mode, editorVersion]);

  if (!analysis || !outline) return null;
  if (own) {
    const problem = outline.gate ? analysis.diagnostics.find((d) => d.severity === 'error') : undefined;
    return {
      version: analysis.version,
      mode,
      smtlib: outline.smtlib,
      gate: outline.gate,
      problem: problem ? `${problem.range.line}:${problem.range.column} ${problem.message}` : null,
    };
  }
  return asked && asked.mode === mode ? asked : null;
}
