/**
 * A belief's reintroduction flag as the page shows it (docs/contract.md §3): from the
 * session's ledger entries the lifecycle store holds — the same entries that set the
 * nodes' data-contradicted — stamped by src/core/contradiction/reintroductionFlag.ts.
 * Ledger endpoints are node ids, which is what the editor's hovers name.
 */
import { useMemo } from 'react';
import type { ReintroductionFlag } from '../../core/contradiction/reintroductionFlag.ts';
import { reintroductionOfEntries } from '../../core/contradiction/reintroductionFlag.ts';
import { useLifecycleStore } from './lifecycleStore.ts';

export function shownFlagOf(id: string): ReintroductionFlag {
  return reintroductionOfEntries(null, useLifecycleStore.getState().contradictions).flagOf(id);
}

/** The same, as a hook: re-read when the session's ledger changes. */
export function useShownFlag(id: string | null): ReintroductionFlag {
  const entries = useLifecycleStore((s) => s.contradictions);
  return useMemo(() => (id === null ? { reintroduced_claim: false } : reintroductionOfEntries(null, entries).flagOf(id)), [entries, id]);
}
