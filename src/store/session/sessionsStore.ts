/**
 * What the page shows of the stored sessions: the list, the one this tab has open, the
 * viewport to restore, and the notice (with any choice offered beside it). Written by
 * the session modules beside this one; read by the toolbar, the session tabs and the graph.
 */
import { create } from 'zustand';
import type { SessionListing } from '../../db/sessionRepository.ts';

export interface SessionsState {
  readonly sessions: readonly SessionListing[];
  readonly currentId: string | null;
  /** The graph viewport the open session was left at, to restore after its first layout. */
  readonly restoreViewport: { readonly x: number; readonly y: number; readonly zoom: number } | null;
  /** A problem the user should know about (storage full, corrupt records, bad ops). */
  readonly notice: string | null;
  /** What the user may choose to do about a notice (import an archive the notice refused), shown beside it. */
  readonly choice: NoticeChoice | null;
}

/** An explicit choice offered with a notice: its button's label, the notice it answers, and what it does. */
export interface NoticeChoice {
  readonly label: string;
  readonly message: string;
  readonly run: () => Promise<void>;
}

export const useSessionsStore = create<SessionsState>(() => ({ sessions: [], currentId: null, notice: null, choice: null, restoreViewport: null }));
