/** Where an action came from, as an editor transaction names its user event. */
export type ActionSource = 'editor' | 'graph' | 'inspector' | 'cli';

/**
 * The contract's names of the four user operations (§1.3: `--refute`, `--correct`,
 * `--retract`, `--withdraw`), declared here once: the actions, the cascade's report, the
 * CLI's options and the page's words all derive from this list.
 */
export const ACTION_KINDS = ['refute', 'correct', 'retract', 'withdraw'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** A user operation on one belief as a person asks for it, before it becomes a signed op. */
export type UserAction = (
  | {
      readonly kind: 'correct';
      readonly target: string;
      readonly value: number;
      /** A correction that replaces a claim's payload (a Mnema log): the person's value, a JSON object. */
      readonly payload?: Readonly<Record<string, unknown>>;
    }
  | { readonly kind: Exclude<ActionKind, 'correct'>; readonly target: string }
) & {
  readonly source: ActionSource;
};
