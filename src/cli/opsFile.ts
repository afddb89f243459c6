/**
 * `--ops LOG.jsonl`: a session's operation log as JSON lines, read, verified, replayed
 * and checked against its signed head (src/core/oplog/readLog.ts). Nothing in it is
 * trusted: every line that is not a well-formed, correctly signed op of the log's
 * session, by one of its members, whose parent is in the log, is set aside and
 * reported on stderr; so is a log that ends before its head or runs past it, one that
 * lost its head (unless `--allow-headless`), and one older than a head this device has
 * already seen of the session (src/core/oplog/knownHead.ts against knownHeads.ts; unless
 * `--allow-rollback`). A whole log that goes further than what was seen is remembered.
 */
import type { LogProblemCode, LogReading } from '../core/oplog/readLog.ts';
import { hasLogErrors, readLogText, readLogValues } from '../core/oplog/readLog.ts';
import type { BodyRules } from '../core/oplog/operationSchema.ts';
import { headToRemember, rollbackProblem, sessionOfReading } from '../core/oplog/knownHead.ts';
import { useWasmBlake3 } from '../core/oplog/blake3Digest.ts';
import { usageFailure } from '../node/cliFailure.ts';
import { knownHead, rememberHead } from './knownHeads.ts';
import { nativeSignatureCheck } from '../node/nativeSignatureCheck.ts';
import { writeStderr } from './output.ts';
import { readInput, readStdin } from '../node/readInput.ts';

export interface OpsLog extends LogReading {
  /** The log is not whole, not genuine (its head disagrees, or it has none) or older than one seen: the command exits 1. */
  readonly broken: boolean;
}

/** What the user allowed explicitly: `--allow-headless`, `--allow-rollback`. */
export interface LogAllowances {
  readonly allowHeadless?: boolean;
  readonly allowRollback?: boolean;
}

/** The flags, as commands that read a log take them. */
export const LOG_FLAGS = ['allow-headless', 'allow-rollback'] as const;

/** The allowances a parsed command line gives; given where no log is read (`readsLog` false), a usage error. */
export function logAllowances(flags: ReadonlySet<string>, command: string, readsLog = true): LogAllowances {
  const given = LOG_FLAGS.filter((f) => flags.has(f));
  if (!readsLog && given.length > 0) throw usageFailure(`--${given[0]} is for reading a session's log (--ops LOG.jsonl)`, command);
  return { allowHeadless: flags.has('allow-headless'), allowRollback: flags.has('allow-rollback') };
}

/** The flag that passes over a problem, said with it. */
const PASSED_OVER_BY: Partial<Record<LogProblemCode, string>> = { 'no-head': '--allow-headless', 'rolled-back': '--allow-rollback' };

/** Reads, verifies and replays the log at `path`; reports what was set aside on stderr. `bodies`: the log's body table (a world's, say), else a trace session's. */
export async function readOpsLog(path: string, allow: LogAllowances = {}, bodies?: BodyRules): Promise<OpsLog> {
  const [input] = await Promise.all([readInput(path, readStdin, { kind: 'log' }), useWasmBlake3()]);
  const reading = readLogText(input.text, { checkSignature: nativeSignatureCheck, allowHeadless: allow.allowHeadless === true, ...(bodies ? { bodies } : {}) });
  return judgeLog(
    input.name,
    reading,
    allow,
    reading.unreadable.map((u) => `warrant: ${input.name}:${u.line}: not JSON, set aside: ${u.detail}\n`),
  );
}

/** A session file's log — its ops, head and session — read as `--ops` reads a log. */
export async function readArchiveLog(name: string, log: { readonly ops: readonly unknown[]; readonly head: unknown; readonly session?: string }, allow: LogAllowances = {}): Promise<OpsLog> {
  await useWasmBlake3();
  const reading = readLogValues(log.ops, { session: log.session, head: log.head ?? null, checkSignature: nativeSignatureCheck, allowHeadless: allow.allowHeadless === true });
  return judgeLog(name, reading, allow);
}

/**
 * Compares a reading with the head this device knows of its session, reports on stderr
 * (after `before`) every op set aside and every problem, with the flag that would pass
 * over it, and remembers the reading's head when it goes further.
 */
async function judgeLog(name: string, reading: LogReading, allow: LogAllowances, before: readonly string[] = []): Promise<OpsLog> {
  const session = sessionOfReading(reading);
  const lookup = session === null ? { known: null, problem: null } : await knownHead(session);
  const rollback = rollbackProblem(lookup.known, reading, allow.allowRollback === true);
  const judged = rollback ? { ...reading, problems: [...reading.problems, rollback] } : reading;
  const next = headToRemember(lookup.known, judged);
  const unremembered = next ? await rememberHead(next) : null;
  const lines = [
    ...before,
    ...reading.rejected.map((r) => `warrant: ${name}: op ${r.index + 1}${r.id ? ` (${r.id})` : ''} set aside: ${r.reason}: ${r.detail}\n`),
    ...judged.problems.map((p) => {
      const flag = p.severity === 'error' ? PASSED_OVER_BY[p.code] : undefined;
      return `warrant: ${name}: ${p.severity === 'warning' ? 'warning: ' : ''}${p.message}${flag ? `; pass ${flag} to read it anyway` : ''}\n`;
    }),
    ...[lookup.problem, unremembered].filter((m) => m !== null).map((m) => `warrant: warning: ${m}\n`),
  ];
  await writeStderr(lines.join(''));
  return { ...judged, broken: hasLogErrors(judged) };
}
