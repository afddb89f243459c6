/**
 * The inspector's user operations on the selected belief (docs/contract.md §4): refute, correct
 * (with the confidence slider: every move updates the preview), retract for evidence,
 * withdraw what stands on it. Each starts a cascade preview; the dock under the graph
 * commits or cancels it.
 */
import type { MouseEvent } from 'react';
import { languageRow } from '../../core/languages/languageTable.ts';
import { useDocumentStore } from '../../store/documentStore.ts';
import { useLifecycleStore } from '../../store/lifecycleStore.ts';
import { getSession } from '../../store/sessionInstance.ts';
import { focusDockIfKeyboard } from '../cascade/dockFocus.ts';
import type { UserAction } from '../../core/oplog/userAction.ts';

export function LifecycleActions({ id, isRoot, value }: { id: string; isRoot: boolean; value: number | null }) {
  const state = useLifecycleStore((s) => s.states.get(id) ?? 'active');
  const preview = useLifecycleStore((s) => (s.preview?.action.target === id ? s.preview : null));
  // The value asked for but still being previewed: the slider shows it at once, so arrow
  // keys pressed faster than previews come back each move it a step (none is lost).
  const asked = useLifecycleStore((s) => (s.previewing?.target === id && s.previewing.kind === 'correct' ? s.previewing.value : null));
  const language = useDocumentStore((s) => s.language);
  const sliderValue = asked ?? (preview?.action.kind === 'correct' ? preview.action.value : (value ?? 0.5));
  const standing = state === 'corrected' || state === 'refuted' || state === 'retracted';
  const session = getSession();
  // A button pressed from the keyboard hands the focus to the preview's Commit (dockFocus.ts).
  const ask = (e: MouseEvent<HTMLButtonElement>, action: UserAction) => {
    focusDockIfKeyboard(e);
    void session.previewAction(action);
  };
  return (
    <section className="inspector-lifecycle">
      <div className="inspector-row">
        <span className="muted">state</span> <strong data-testid="lifecycle-state">{state}</strong>
      </div>
      <div className="inspector-actions">
        <button data-testid="action-refute" onClick={(e) => ask(e, { kind: 'refute', target: id, source: 'inspector' })} title="Preview what falls if this is false">
          Refute…
        </button>
        <button data-testid="action-correct" onClick={(e) => ask(e, { kind: 'correct', target: id, value: sliderValue, source: 'inspector' })} title="Preview a new value">
          Correct…
        </button>
        {isRoot && (
          <button data-testid="action-retract" onClick={(e) => ask(e, { kind: 'retract', target: id, source: 'inspector' })} title="Withdraw this evidence">
            Retract…
          </button>
        )}
        {(standing || state === 'invalidated') && (
          <button
            data-testid="action-withdraw"
            onClick={(e) => ask(e, { kind: 'withdraw', target: id, source: 'inspector' })}
            title={standing ? 'Remove the standing refutation, correction or retraction' : 'Something this rests on was rewritten: mark it reviewed'}
          >
            {standing ? 'Withdraw…' : 'Mark reviewed…'}
          </button>
        )}
      </div>
      <label className="confidence-slider">
        <span>{languageRow(language).terms.stated}</span>
        <input
          data-testid="confidence-slider"
          type="range"
          min={0}
          max={1}
          step={0.01}
          value={sliderValue}
          onChange={(e) => void session.previewAction({ kind: 'correct', target: id, value: Number(e.currentTarget.value), source: 'inspector' })}
        />
        <output>{sliderValue.toFixed(2)}</output>
      </label>
    </section>
  );
}
