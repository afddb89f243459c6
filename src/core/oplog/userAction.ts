/** A user operation on one belief as the page offers it, before it becomes a signed op. */
export type UserAction =
  | { readonly kind: 'refute'; readonly target: string }
  | { readonly kind: 'correct'; readonly target: string; readonly value: number }
  | { readonly kind: 'retract'; readonly target: string }
  | { readonly kind: 'withdraw'; readonly target: string };
