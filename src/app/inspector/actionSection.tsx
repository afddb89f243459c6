/**
 * What the inspector's action sections share (a belief's, LifecycleActions.tsx; a Mnema
 * node's, MnemaActions.tsx): the state line, and a button that starts a preview — pressed
 * from the keyboard, it hands the focus to the preview's Commit (dockFocus.ts).
 */
import type { MouseEvent, ReactNode } from 'react';
import type { UserAction } from '../../core/oplog/userAction.ts';
import { getSession } from '../../store/session/sessionInstance.ts';
import { focusDockIfKeyboard } from '../cascade/dockFocus.ts';

/** Starts the preview of `action` from a button press. */
export function askPreview(e: MouseEvent<HTMLButtonElement>, action: UserAction): void {
  focusDockIfKeyboard(e);
  void getSession().previewAction(action);
}

/** The section: the node's state, then its buttons and whatever editor they open. */
export function ActionSection({ state, children }: { state: string; children: ReactNode }) {
  return (
    <section className="inspector-lifecycle">
      <div className="inspector-row">
        <span className="muted">state</span> <strong data-testid="lifecycle-state">{state}</strong>
      </div>
      {children}
    </section>
  );
}
