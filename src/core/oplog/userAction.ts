/** Where an action came from, as an editor transaction names its user event. */
export type ActionSource = 'editor' | 'graph' | 'inspector' | 'cli';

/** A user operation on one belief as a person asks for it, before it becomes a signed op. */
export type UserAction = (
  | { readonly kind: 'refute'; readonly target: string }
  | { readonly kind: 'correct'; readonly target: string; readonly value: number }
  | { readonly kind: 'retract'; readonly target: string }
  | { readonly kind: 'withdraw'; readonly target: string }
) & { readonly source: ActionSource };
