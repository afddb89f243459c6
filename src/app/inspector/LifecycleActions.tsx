/**
 * The inspector's user operations on the selected belief (contract §4): refute, correct
 * (with the confidence slider: every move updates the preview), retract, withdraw or mark
 * reviewed. Which buttons show is core's refusal rules (cascade.ts `actionRefusal`) asked
 * about this belief, and each button's words are the session's (sessionWords.ts); each
 * starts a cascade preview that the dock under the graph commits or cancels.
 */
import { languageRow } from '../../core/languages/languageTable.ts';
import { actionRefusal } from '../../core/oplog/cascade.ts';
import { assertionOfState } from '../../core/oplog/lifecycle.ts';
import { ACTION_KINDS } from '../../core/oplog/userAction.ts';
import type { ActionKind, UserAction } from '../../core/oplog/userAction.ts';
import { ACTION_WORDS, meaningOf } from '../../core/session/sessionWords.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';
import { getSession } from '../../store/session/sessionInstance.ts';
import { ActionSection, askPreview } from './actionSection.tsx';

export function LifecycleActions({ id, isRoot, value }: { id: string; isRoot: boolean; value: number | null }) {
  const state = useLifecycleStore((s) => s.states.get(id) ?? 'active');
  const held = useLifecycleStore((s) => s.held.has(id));
  const preview = useLifecycleStore((s) => (s.preview?.action.target === id ? s.preview : null));
  // The value asked for but still being previewed: the slider shows it at once, so arrow
  // keys pressed faster than previews come back each move it a step (none is lost).
  const asked = useLifecycleStore((s) => (s.previewing?.target === id && s.previewing.kind === 'correct' ? s.previewing.value : null));
  const language = useDocumentStore((s) => s.language);
  const sliderValue = asked ?? (preview?.action.kind === 'correct' ? preview.action.value : (value ?? 0.5));
  const asserted = assertionOfState(state);
  const standing = asserted ?? (held ? 'hold' : null);
  const facts = { known: true, justified: !isRoot, withdrawable: standing !== null };
  const session = getSession();
  const actionOf = (kind: ActionKind): UserAction => (kind === 'correct' ? { kind, target: id, value: sliderValue, source: 'inspector' } : { kind, target: id, source: 'inspector' });
  return (
    <ActionSection state={state}>
      <div className="inspector-actions">
        {ACTION_KINDS.filter((kind) => actionRefusal(kind, id, facts) === null).map((kind) => {
          const words = ACTION_WORDS[meaningOf(kind, standing)];
          return (
            <button key={kind} data-testid={`action-${kind}`} onClick={(e) => askPreview(e, actionOf(kind))} title={words.hint}>
              {words.label}
            </button>
          );
        })}
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
    </ActionSection>
  );
}
