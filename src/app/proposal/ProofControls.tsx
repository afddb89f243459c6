/**
 * What the next run does — mode, budgets, intuition — and the Run and Cancel buttons.
 * Budget fields take whole numbers within bounds; anything else is marked and keeps Run
 * disabled, so a typo never reaches the solver as a zero or NaN budget.
 */
import { useState } from 'react';
import type { IntuitionMode, ProveMode } from '../../core/proposal/index.ts';
import type { BudgetField } from '../../store/proofStore.ts';
import { BUDGET_LIMITS, cancelProof, runProof, updateSettings, useProofStore, validBudget } from '../../store/proofStore.ts';
import { useDocumentStore } from '../../store/documentStore.ts';
import { activeEditor } from '../editor/activeEditor.ts';
import type { ModeScript } from './useModeScript.ts';

const MODE_LABELS: Readonly<Record<ProveMode, string>> = {
  entailment: 'entailment — does the goal follow?',
  model: 'model — can the goal hold?',
  consistency: 'consistency — do the assertions agree?',
};

const INTUITION_LABELS: Readonly<Record<IntuitionMode, string>> = {
  none: 'none — everything at once',
  hrr: 'VSA-HRR — candidates by cosine',
  hdc: 'VSA-HDC — candidates by Hamming',
};

const BUDGET_FIELDS: readonly { readonly field: BudgetField; readonly label: string; readonly title: string }[] = [
  { field: 'timeoutMs', label: 'timeout ms', title: 'total wall-clock time for all rounds; past it the verdict is unknown (timeout)' },
  { field: 'maxActive', label: 'max active atoms', title: 'at most this many assertions active in one round' },
  { field: 'maxRounds', label: 'max rounds', title: 'at most this many rounds of the intuition loop, the first included' },
];

function BudgetInput({ field, label, title, onValidity }: { field: BudgetField; label: string; title: string; onValidity: (field: BudgetField, ok: boolean) => void }) {
  const value = useProofStore((s) => s.settings[field]);
  const [draft, setDraft] = useState(String(value));
  const { min, max } = BUDGET_LIMITS[field];
  const ok = /^\d+$/.test(draft.trim()) && validBudget(field, Number(draft.trim()));
  return (
    <label className={`proof-field${ok ? '' : ' is-invalid'}`} title={`${title} (${min}–${max})`}>
      <span>{label}</span>
      <input
        data-testid={`budget-${field}`}
        inputMode="numeric"
        value={draft}
        aria-invalid={!ok}
        onChange={(e) => {
          const next = e.target.value;
          setDraft(next);
          const valid = /^\d+$/.test(next.trim()) && validBudget(field, Number(next.trim()));
          onValidity(field, valid);
          if (valid) updateSettings({ [field]: Number(next.trim()) });
        }}
      />
    </label>
  );
}

export function ProofControls({ script, mode }: { script: ModeScript | null; mode: ProveMode }) {
  const chosen = useProofStore((s) => s.settings.mode);
  const documentMode = useDocumentStore((s) => s.analysis?.proposal?.mode ?? null);
  const intuition = useProofStore((s) => s.settings.intuition);
  const running = useProofStore((s) => s.run?.status === 'running');
  const solver = useProofStore((s) => s.solver);
  const editorVersion = useDocumentStore((s) => s.editorVersion);
  const [invalid, setInvalid] = useState<ReadonlySet<BudgetField>>(new Set());
  const onValidity = (field: BudgetField, ok: boolean) =>
    setInvalid((prev) => {
      const next = new Set(prev);
      if (ok) next.delete(field);
      else next.add(field);
      return next;
    });

  const current = script !== null && script.version === editorVersion;
  const blocked =
    invalid.size > 0
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
    if (text === undefined || !script) return;
    void runProof(text, script.version, mode);
  };

  return (
    <div className="proof-controls">
      <label className="proof-field" title="what Run checks; the proposal's own queryPlan.verificationMode unless another is chosen">
        <span>mode</span>
        <select data-testid="prove-mode" value={chosen ?? ''} onChange={(e) => updateSettings({ mode: (e.target.value || null) as ProveMode | null })}>
          <option value="">{`as the proposal says${documentMode ? ` (${documentMode})` : ''}`}</option>
          {(Object.keys(MODE_LABELS) as ProveMode[]).map((m) => (
            <option key={m} value={m}>
              {MODE_LABELS[m]}
            </option>
          ))}
        </select>
      </label>
      {BUDGET_FIELDS.map((b) => (
        <BudgetInput key={b.field} {...b} onValidity={onValidity} />
      ))}
      <label className="proof-field" title="how candidate assertions are chosen: all at once, or ranked by similarity to the goal and expanded in fixed steps">
        <span>intuition</span>
        <select data-testid="prove-intuition" value={intuition} onChange={(e) => updateSettings({ intuition: e.target.value as IntuitionMode })}>
          {(Object.keys(INTUITION_LABELS) as IntuitionMode[]).map((m) => (
            <option key={m} value={m}>
              {INTUITION_LABELS[m]}
            </option>
          ))}
        </select>
      </label>
      <div className="proof-buttons">
        <button className="primary" data-testid="prove-run" disabled={running || blocked !== null} title={blocked ?? `check the proposal with z3 in ${mode} mode`} onClick={run}>
          Run
        </button>
        <button data-testid="prove-cancel" disabled={!running} title="stop the running solve (its verdict is unknown, cancelled)" onClick={cancelProof}>
          Cancel
        </button>
      </div>
      <span className={`solver-status solver-${solver.status}`} data-testid="solver-status" data-status={solver.status} title={solver.detail ?? undefined}>
        {solver.status === 'ready' ? (solver.detail ?? 'z3 ready') : solver.status === 'loading' ? 'loading z3…' : solver.status === 'failed' ? 'z3 failed to load' : 'z3 not loaded'}
      </span>
    </div>
  );
}
