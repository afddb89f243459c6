/**
 * Which nodes carry an open contradiction (docs/contract.md §3): the endpoints of every entry of
 * the contradiction ledger that no user operation has resolved. The session controller
 * sets it from the validation worker's ledger on every version and every operation.
 */
import { create } from 'zustand';

export const useContradictedStore = create<{ ids: ReadonlySet<string> }>(() => ({ ids: new Set() }));
