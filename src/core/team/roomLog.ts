/**
 * A room's operation log as every member reads it. A room holds ops as a set (op id →
 * the op's JSON), so merging two replicas is a union; what the union means is decided
 * here, by the same replay as an imported log (replayLog.ts): each op is verified (shape,
 * id, signature), then chain, session and membership are checked in (seq, id) order, so
 * every member holding the same ops computes the same log, whatever the order they
 * arrived in. Forged ops (an altered body, a signature under another key, an op of
 * another session, a stranger's op) are set aside with the reason, never applied.
 *
 * Verdicts are kept per entry text: a room of 10,000 ops checks each signature once,
 * not on every change. The check itself is the caller's (native in the CLI, WebCrypto
 * in the page).
 */
import type { SignedOperation } from '../oplog/operation.ts';
import type { RejectedOperation } from '../oplog/replayLog.ts';
import { replayLog } from '../oplog/replayLog.ts';
import type { VerifyResult } from '../oplog/verifyOperation.ts';

export type OperationCheck = (x: unknown) => VerifyResult | Promise<VerifyResult>;

export interface RoomReading {
  /** Good ops in replay order. */
  readonly applied: readonly SignedOperation[];
  /** Ops set aside, each with its id (when it claims one) and why. */
  readonly refused: readonly RefusedOperation[];
  /** Keys that may write to the session, the founder first. */
  readonly members: readonly string[];
}

export interface RefusedOperation {
  /** The room's key for the entry (the id it was filed under). */
  readonly key: string;
  readonly id: string | null;
  readonly reason: RejectedOperation['reason'];
  readonly detail: string;
}

type Verdict = VerifyResult & { readonly raw: string };

export class RoomLogReader {
  private readonly verdicts = new Map<string, Verdict>();

  constructor(
    /** The session the room is of: an op of any other is refused. */
    readonly session: string,
    private readonly check: OperationCheck,
  ) {}

  /** The log of the room's entries (key → op JSON), checking only entries not seen before. */
  async read(entries: Iterable<readonly [string, string]>): Promise<RoomReading> {
    const list = [...entries];
    const pending: Promise<void>[] = [];
    for (const [key, raw] of list) {
      const known = this.verdicts.get(key);
      if (known && known.raw === raw) continue;
      pending.push(this.judge(key, raw));
    }
    await Promise.all(pending);
    // Good ops are replayed as checked already; bad ones are reported as they were judged.
    const good: SignedOperation[] = [];
    const goodKeys: string[] = [];
    const refused: RefusedOperation[] = [];
    for (const [key] of list) {
      const v = this.verdicts.get(key)!;
      // An op filed under another id than its own would let one entry shadow another.
      if (v.ok && key !== v.op.id) refused.push({ key, id: v.op.id, reason: 'bad-id', detail: `filed under ${key}, but the op is ${v.op.id}` });
      else if (v.ok) {
        good.push(v.op);
        goodKeys.push(key);
      } else refused.push({ key, id: claimedId(v.raw), reason: v.reason, detail: v.detail });
    }
    const replay = replayLog(good, { session: this.session, preverified: true });
    for (const r of replay.rejected) refused.push({ key: goodKeys[r.index]!, id: r.id, reason: r.reason, detail: r.detail });
    return { applied: replay.applied, refused, members: replay.members };
  }

  private async judge(key: string, raw: string): Promise<void> {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      this.verdicts.set(key, { ok: false, reason: 'malformed', detail: 'the entry is not JSON', raw });
      return;
    }
    this.verdicts.set(key, { ...(await this.check(value)), raw });
  }
}

function claimedId(raw: string): string | null {
  const m = /"id"\s*:\s*"(b3:[0-9a-f]{64})"/.exec(raw);
  return m ? m[1]! : null;
}
