/**
 * Work nobody is waiting on — the selected belief's explanation, near-duplicate findings
 * — follows the graph of the version it is about. At a large paste the layout worker,
 * the page and the validation worker already share the machine's cores; an explanation
 * or a similarity parse of 60k beliefs begun beside them delayed the picture the person
 * waits for. While typing, the graph shows each version as it is taken in, so nothing
 * waits there.
 */
import type { DocumentState } from '../document/documentStore.ts';
import { useDocumentStore } from '../document/documentStore.ts';

/** Past this, the work goes ahead anyway: a layout that never comes must not hide an explanation. */
const MAX_WAIT_MS = 3000;

/** True when the graph shows `version` or a later one, or waiting for it is pointless (a worker failed). */
function graphShows(s: DocumentState, version: number): boolean {
  return s.graphVersion >= version || s.workerError !== null;
}

/** True when the graph shows the analysis on the page, or waiting for it is pointless. */
export function graphShown(s: DocumentState): boolean {
  return s.analysis === null || graphShows(s, s.analysis.version);
}

/** Resolves once graphShown holds (at once when it does). */
export function whenGraphShown(): Promise<void> {
  return when(graphShown);
}

/**
 * Resolves once the graph shows `version` or a later one (a worker failed, or
 * MAX_WAIT_MS passed, count as shown): the rest of a large paste fills the editor then.
 */
export function whenGraphShows(version: number): Promise<void> {
  return when((s) => graphShows(s, version));
}

function when(holds: (s: DocumentState) => boolean): Promise<void> {
  if (holds(useDocumentStore.getState())) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, MAX_WAIT_MS);
    const unsubscribe = useDocumentStore.subscribe((s) => {
      if (holds(s)) done();
    });
  });
}
