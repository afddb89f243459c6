/**
 * What a preview showed the person, and when an action planned again on a log that moved
 * still does it: the rule both kinds of session commit by (liveSession.ts for a trace's
 * log, the page's controller for a document that is its own log).
 */

/** What a preview showed a person: its words and the nodes that fall. */
export interface ShownEffect {
  readonly text: string;
  readonly invalidated: readonly string[];
}

/** Whether two previews would look the same to the person who clicked Commit (the same words, the same nodes fall): then Commit may write the new plan. */
export function sameEffect(a: ShownEffect, b: ShownEffect): boolean {
  if (a.text !== b.text || a.invalidated.length !== b.invalidated.length) return false;
  const before = new Set(a.invalidated);
  return b.invalidated.every((id) => before.has(id));
}
