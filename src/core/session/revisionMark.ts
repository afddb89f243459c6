/**
 * What recording a settled text as a revision writes (Mnema §6.1): the beliefs it
 * changed, added and renamed, and the holds for review on what rests directly on a
 * rewritten or removed belief (a belief added in the same revision was written against
 * the new text and is not held). The page's lifecycle worker calls this for every
 * revision it records. `added` and `renamed` are when beliefs first appeared: an
 * invalidation reaches only beliefs that existed when its cause was recorded (issue 43).
 *
 * A text in which no belief of the last one is still there as it was — same id, same
 * content — is another document pasted over this one, not a revision of it: a trace
 * pasted over the sample shares the ids b1, b2, … with it, and holding everything that
 * rests on them would mark every belief of the new trace for review. It becomes the
 * baseline and holds nothing, as when a document is opened.
 */
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { DependencyIndex } from '../oplog/dependencyIndex.ts';
import { buildDependencyIndex } from '../oplog/dependencyIndex.ts';
import { revisionChanges } from '../oplog/revisionChanges.ts';
import type { SessionModel } from './sessionModel.ts';
import { newHolds } from './sessionActions.ts';
import { sameLanguage } from '../languages/languageIds.ts';

export interface RevisionMark {
  /** Beliefs whose content or confidence changed (what histories list as revised). */
  readonly changed: readonly string[];
  /** Beliefs resting directly on a rewritten or removed belief and not already held: the holds to record. */
  readonly holds: readonly string[];
  /** Beliefs new in this text (not renamed ones), in document order. */
  readonly added: readonly string[];
  /** Beliefs renamed, `[old id, new id]`, in document order. */
  readonly renamed: readonly (readonly [string, string])[];
}

const NOTHING: RevisionMark = { changed: [], holds: [], added: [], renamed: [] };

/**
 * The mark of `after` against the last revision `before` (null: none yet, so `after` is
 * the baseline). `indexOf` and `modelOf` give the dependency index of `after` and the log
 * folded over it; they are asked only when there is something to compare.
 */
export function revisionMark(
  before: ReasoningGraph | null,
  after: ReasoningGraph,
  indexOf: (graph: ReasoningGraph) => DependencyIndex,
  modelOf: (index: DependencyIndex) => SessionModel,
): RevisionMark {
  if (!before || !sameLanguage(before.language, after.language)) return NOTHING;
  const oldIndex = buildDependencyIndex(before);
  const newIndex = indexOf(after);
  const changes = revisionChanges(before, after, { old: oldIndex, new: newIndex });
  const kept = oldIndex.listed.size - changes.removed.length - changes.contentChanged.length;
  if (kept === 0) return NOTHING;
  return {
    changed: [...changes.contentChanged, ...changes.confidenceOnly],
    holds: newHolds(modelOf(newIndex), changes.invalidationRoots),
    added: changes.added,
    renamed: changes.renamed,
  };
}
