/**
 * Whether Run may start now, and the action itself — one rule for the Run button and
 * the editor's Ctrl+Enter. Run waits for the analysis of the current text, refuses a
 * proposal a gate stops (in the chosen mode), invalid budgets, and a z3 that could not
 * load; each refusal is a sentence the button shows as its title.
 */
import { useDocumentStore } from '../../store/document/documentStore.ts';
import type { ProveMode } from '../../core/proposal/index.ts';
import { runProof, useProofStore } from '../../store/proof/proofStore.ts';
import { activeEditor } from '../editor/activeEditor.ts';
import type { ModeScript } from './useModeScript.ts';

export interface RunGate {
  /** Why Run cannot start, or null when it can. */
  readonly blocked: string | null;
  readonly running: boolean;
  /** Starts a run when nothing blocks it; does nothing otherwise. */
  readonly run: () => void;
}

export function useRunProof(script: ModeScript | null, mode: ProveMode): RunGate {
  const running = useProofStore((s) => s.run?.status === 'running');
  const invalid = useProofStore((s) => s.invalidBudgets.length > 0);
  const solver = useProofStore((s) => s.solver);
  const editorVersion = useDocumentStore((s) => s.editorVersion);
  const current = script !== null && script.version === editorVersion;
  const blocked = running
    ? 'a solve is running'
    : invalid
      ? 'fix the budget fields first'
      : !current
        ? 'the document is still being checked'
        : script.smtlib === null
          ? `the proposal stops at the ${script.gate} gate in ${mode} mode: fix its errors first`
          : solver.status === 'failed'
            ? `z3 could not start: ${solver.detail ?? 'unknown reason'}`
            : null;
  const run = () => {
    const text = activeEditor()?.getValue();
    if (blocked !== null || text === undefined || !script) return;
    void runProof(text, script.version, mode);
  };
  return { blocked, running, run };
}
