/**
 * The person's word on a node of a Mnema log, from the inspector: refute or correct a
 * claim, retract an evidence record, withdraw what stands. Which buttons show is core's
 * rule (mnemaPreview.ts `logActionsFor`); each starts a preview that the dock under the
 * graph commits or cancels. Correct opens an editor for the replacement payload (a JSON
 * object, the claim's served payload to start from): every valid edit updates the
 * preview, and what is not a JSON object says so where it is typed.
 */
import { useEffect, useRef, useState } from 'react';
import type { LifecycleState } from '../../core/oplog/lifecycle.ts';
import { readCorrectionPayload } from '../../core/mnema/correctionPayload.ts';
import { logActionsFor } from '../../core/mnema/mnemaPreview.ts';
import { ACTION_WORDS } from '../../core/session/sessionWords.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';
import { getSession } from '../../store/session/sessionInstance.ts';
import { ActionSection, askPreview } from './actionSection.tsx';

/** How long typing in the payload editor rests before the preview is asked for. */
const PAYLOAD_SETTLE_MS = 200;

export function MnemaActions({ id, isClaim, state, payload }: { id: string; isClaim: boolean; state: LifecycleState; payload: Readonly<Record<string, unknown>> | null }) {
  const correcting = useLifecycleStore((s) => s.correctingPayload === id);
  return (
    <ActionSection state={state}>
      <div className="inspector-actions">
        {logActionsFor(isClaim, state).map((kind) => {
          const words = ACTION_WORDS[kind];
          if (kind === 'correct') {
            return (
              <button
                key={kind}
                data-testid="action-correct"
                aria-expanded={correcting}
                title="Write the value the person knows is true: it replaces the derived payload"
                onClick={() => useLifecycleStore.setState({ correctingPayload: correcting ? null : id })}
              >
                {words.label}
              </button>
            );
          }
          return (
            <button key={kind} data-testid={`action-${kind}`} title={words.hint} onClick={(e) => askPreview(e, { kind, target: id, source: 'inspector' })}>
              {words.label}
            </button>
          );
        })}
      </div>
      {correcting && payload && <PayloadEditor id={id} payload={payload} />}
    </ActionSection>
  );
}

/** The replacement payload, edited as JSON; each valid edit previews the correction. */
function PayloadEditor({ id, payload }: { id: string; payload: Readonly<Record<string, unknown>> }) {
  const [text, setText] = useState(() => JSON.stringify(payload, null, 2));
  const [problem, setProblem] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const ask = (next: string) => {
    const read = readCorrectionPayload(next);
    if ('problem' in read) {
      setProblem(read.problem);
      // What is not a payload previews nothing: the preview of an earlier text is not committed by mistake.
      getSession().dropPreview();
      return;
    }
    setProblem(null);
    void getSession().previewAction({ kind: 'correct', target: id, value: 1, payload: read.payload, source: 'inspector' });
  };
  // Opened: the preview starts from the payload as served, so the dock shows what a correction does at once.
  useEffect(() => {
    // Opened from the keyboard too: what is typed next goes into the payload, not to the button.
    area.current?.focus();
    ask(text);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [id]);
  return (
    <label className="payload-editor">
      <span>The payload the person knows is true (JSON)</span>
      <textarea
        ref={area}
        data-testid="payload-editor"
        spellCheck={false}
        rows={Math.min(12, text.split('\n').length + 1)}
        value={text}
        aria-invalid={problem !== null}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setText(next);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => ask(next), PAYLOAD_SETTLE_MS);
        }}
      />
      {problem && (
        <span className="status-error" role="status" data-testid="payload-problem">
          {problem}
        </span>
      )}
    </label>
  );
}
