/**
 * The session layer's notices, and the choice offered with one. The notices on show are
 * kept oldest first: a new one joins them rather than replacing them (a conflict notice
 * must not vanish under a storage notice a moment later); the oldest go past three, and
 * all go when the user dismisses them.
 */
import { useSessionsStore } from './sessionsStore.ts';

let notices: string[] = [];

export function notice(message: string): void {
  if (useSessionsStore.getState().notice === null) notices = [];
  notices = [...notices.filter((m) => m !== message), message].slice(-3);
  const { choice } = useSessionsStore.getState();
  // A choice goes with its notice.
  useSessionsStore.setState({ notice: notices.join(' '), ...(choice && !notices.includes(choice.message) ? { choice: null } : {}) });
}

/** A notice with a choice about it (a button beside the notice). */
export function offerChoice(message: string, label: string, run: () => Promise<void>): void {
  notice(message);
  useSessionsStore.setState({ choice: { label, message, run } });
}

/** The user took the choice offered: its notice goes, and it runs. */
export function takeChoice(): Promise<void> {
  const { choice } = useSessionsStore.getState();
  if (!choice) return Promise.resolve();
  useSessionsStore.setState({ choice: null });
  withdrawNotice(choice.message);
  return choice.run();
}

/** The user dismissed the notices (and any choice offered with them). */
export function dismissNotice(): void {
  useSessionsStore.setState({ notice: null, choice: null });
}

/** Shows a notice from outside the session layer (the editor refusing a paste). */
export function showNotice(message: string): void {
  notice(message);
}

/** A notice that no longer holds (another tab on the session closed) is taken back. */
export function withdrawNotice(message: string): void {
  if (useSessionsStore.getState().notice === null || !notices.includes(message)) return;
  notices = notices.filter((m) => m !== message);
  useSessionsStore.setState({ notice: notices.length > 0 ? notices.join(' ') : null });
}
