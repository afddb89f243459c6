/**
 * Who may write to a session: the author of its first op, and every key a member added
 * with a `member_addition` op. Replay (replayLog.ts) and the page's store
 * (src/db/opLogStore.ts) both ask this one rule, so the store never keeps an op that
 * replay would set aside.
 */
import type { SignedOperation } from './operation.ts';

export class SessionMembers {
  private readonly keys: string[];
  private readonly set: Set<string>;

  constructor(founder: string, added: Iterable<string> = []) {
    this.keys = [founder];
    this.set = new Set(this.keys);
    for (const key of added) this.add(key);
  }

  /** Whether `author` may sign an op of this session now. */
  has(author: string): boolean {
    // Nearly every log has one writer: the founder is checked without hashing.
    return author === this.keys[0] || this.set.has(author);
  }

  /** Takes an op that was let in; a membership op adds its key. */
  admit(op: SignedOperation): void {
    if (op.body.kind === 'member_addition') this.add(op.body.member);
  }

  copy(): SessionMembers {
    return new SessionMembers(this.keys[0]!, this.keys.slice(1));
  }

  /** The members in the order they joined, the founder first. */
  list(): string[] {
    return this.keys.slice();
  }

  private add(key: string): void {
    if (this.set.has(key)) return;
    this.set.add(key);
    this.keys.push(key);
  }
}

/** The members made by a chain of ops in replay order (the founder is the first op's author). */
export function membersOf(ops: readonly SignedOperation[]): SessionMembers {
  const members = new SessionMembers(ops[0]?.author ?? '');
  for (const op of ops) members.admit(op);
  return members;
}

/**
 * Why `op` cannot be the next op of a single chain whose last op is `tip` (null: the
 * chain is empty) and whose members are `members` (null: no op yet, so the op founds
 * the session) — or null when it can. The rule replay walks by (its own arrays, for a
 * whole log at once) and the page's store applies to each op it writes.
 */
export function chainProblem(tip: { readonly seq: number; readonly id: string } | null, members: SessionMembers | null, op: SignedOperation): 'bad-seq' | 'missing-parent' | 'not-a-member' | null {
  if (op.seq !== (tip?.seq ?? 0) + 1) return 'bad-seq';
  if (op.parent !== (tip?.id ?? null)) return 'missing-parent';
  if (members !== null && !members.has(op.author)) return 'not-a-member';
  return null;
}
