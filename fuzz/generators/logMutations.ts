/**
 * Mutations of a signed operation log as a file (one JSON line per op, the signed head
 * last): what a careless copy, a bad disk or someone with a text editor and a key of
 * their own can do to it. Each mutation is plain data, so a finding file replays it.
 */
import { canonicalJson } from '../../src/core/oplog/canonicalJson.ts';
import type { SignedOperation } from '../../src/core/oplog/operation.ts';
import type { Rng } from '../core/rng.ts';
import { extend, headFor, logLines, ownerLog, refute, strangerKey } from './signedLogs.ts';

export type LogMutation =
  /** Remove one line. */
  | { readonly kind: 'drop'; readonly at: number }
  /** Keep only the first `keep` lines (`head -n`). */
  | { readonly kind: 'truncate'; readonly keep: number }
  /** Swap two lines. */
  | { readonly kind: 'swap'; readonly a: number; readonly b: number }
  /** Put a copy of line `from` at `at`. */
  | { readonly kind: 'splice'; readonly at: number; readonly from: number }
  /** Insert ops signed by a key that is not a member, chained on the op at `on` (or a new root). */
  | { readonly kind: 'foreign-key'; readonly at: number; readonly on: number; readonly count: number }
  /** Insert another session's log. */
  | { readonly kind: 'other-session'; readonly at: number; readonly count: number }
  /** Replace one character of a line. */
  | { readonly kind: 'flip'; readonly line: number; readonly at: number; readonly code: number }
  /** Change a number field of the head (seq, count) by `by`. */
  | { readonly kind: 'head-number'; readonly field: 'seq' | 'count'; readonly by: number };

/** Base logs by size, made once: real BLAKE3 ids and ed25519 signatures. */
const bases = new Map<number, { ops: SignedOperation[]; lines: string[] }>();

export function baseLog(size: number): { ops: SignedOperation[]; lines: string[] } {
  let base = bases.get(size);
  if (!base) {
    const ops = ownerLog(size);
    base = { ops, lines: logLines(ops, headFor(ops)) };
    bases.set(size, base);
  }
  return base;
}

export function randomMutation(rng: Rng, lines: number): LogMutation {
  const n = Math.max(1, lines);
  return rng.weighted<LogMutation>([
    [3, { kind: 'drop', at: rng.int(n) }],
    [3, { kind: 'truncate', keep: rng.int(n) }],
    [2, { kind: 'swap', a: rng.int(n), b: rng.int(n) }],
    [2, { kind: 'splice', at: rng.int(n + 1), from: rng.int(n) }],
    [2, { kind: 'foreign-key', at: rng.int(n + 1), on: rng.int(n + 1) - 1, count: rng.range(1, 5) }],
    [1, { kind: 'other-session', at: rng.int(n + 1), count: rng.range(1, 4) }],
    [3, { kind: 'flip', line: rng.int(n), at: rng.int(4096), code: rng.range(32, 126) }],
    [1, { kind: 'head-number', field: rng.pick(['seq', 'count'] as const), by: rng.pick([-2, -1, 1, 2]) }],
  ]);
}

/** The log's lines after `mutations`, in order. */
export function applyMutations(base: { ops: readonly SignedOperation[]; lines: readonly string[] }, mutations: readonly LogMutation[]): string[] {
  let out = base.lines.slice();
  for (const m of mutations) out = applyOne(base.ops, out, m);
  return out;
}

function applyOne(ops: readonly SignedOperation[], lines: string[], m: LogMutation): string[] {
  const out = lines.slice();
  const n = out.length;
  switch (m.kind) {
    case 'drop':
      if (n > 0) out.splice(m.at % n, 1);
      return out;
    case 'truncate':
      return out.slice(0, m.keep);
    case 'swap':
      if (n > 0) [out[m.a % n], out[m.b % n]] = [out[m.b % n]!, out[m.a % n]!];
      return out;
    case 'splice':
      if (n > 0) out.splice(m.at % (n + 1), 0, out[m.from % n]!);
      return out;
    case 'foreign-key': {
      const on = m.on < 0 || ops.length === 0 ? null : ops[m.on % ops.length]!;
      const bodies = Array.from({ length: m.count }, (_, i) => refute(`b${(i % 9) + 1}`));
      const forged = extend({ session: ops[0]?.session ?? 'session:a', last: on }, bodies, strangerKey);
      out.splice(m.at % (n + 1), 0, ...forged.map((op) => canonicalJson(op)));
      return out;
    }
    case 'other-session':
      out.splice(m.at % (n + 1), 0, ...ownerLog(m.count, 'session:other').map((op) => canonicalJson(op)));
      return out;
    case 'flip': {
      if (n === 0) return out;
      const line = out[m.line % n]!;
      if (line.length === 0) return out;
      const pos = m.at % line.length;
      out[m.line % n] = line.slice(0, pos) + String.fromCharCode(m.code) + line.slice(pos + 1);
      return out;
    }
    case 'head-number': {
      const i = out.findIndex((l) => l.includes('"kind":"head"'));
      if (i < 0) return out;
      let head: Record<string, number>;
      try {
        head = JSON.parse(out[i]!) as Record<string, number>;
      } catch {
        return out; // an earlier flip broke the line: nothing left to edit
      }
      if (typeof head[m.field] !== 'number') return out;
      head[m.field] = Math.max(1, head[m.field]! + m.by);
      out[i] = canonicalJson(head);
      return out;
    }
  }
}
