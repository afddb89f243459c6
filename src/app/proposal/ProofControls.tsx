/**
 * What the next run does — mode, budgets, intuition — and the Run and Cancel buttons.
 * Budget fields take whole numbers within bounds; anything else is marked and keeps Run
 * disabled, so a typo never reaches the solver as a zero or NaN budget.
 */
import { useEffect, useState } from 'react';
import type { IntuitionMode, ProveMode } from '../../core/proposal/index.ts';
import type { BudgetField } from '../../store/proof/proofStore.ts';
import { BUDGET_LIMITS, cancelProof, setBudgetValidity, updateSettings, useProofStore, validBudget } from '../../store/proof/proofStore.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import type { ModeScript } from './useModeScript.ts';
import { useRunProof } from './useRunProof.ts';

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

function BudgetInput({ field, label, title }: { field: BudgetField; label: string; title: string }) {
  const value = useProofStore((s) => s.settings[field]);
  const [draft, setDraft] = useState(String(value));
  const { min, max } = BUDGET_LIMITS[field];
  // A field starts from the store's (valid) value, whatever an earlier one was left at.
  useEffect(() => setBudgetValidity(field, true), [field]);
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
          setBudgetValidity(field, valid);
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
  const solver = useProofStore((s) => s.solver);
  const { blocked, running, run } = useRunProof(script, mode);

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
        <BudgetInput key={b.field} {...b} />
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
        <button className="primary" data-testid="prove-run" disabled={blocked !== null} title={blocked ?? `check the proposal with z3 in ${mode} mode (Ctrl+Enter in the editor)`} onClick={run}>
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
