/**
 * A Mnema log as a file for the command line: read and verified (every op, the chain,
 * the head, the derivation graph's append-time rules), and written back whole — the
 * ops, then a head signed by this device — through a temporary file and a rename, so a
 * failure never leaves half a log. A log that fails verification is exit 1 with each
 * problem printed with its place.
 */
import { rename, writeFile } from 'node:fs/promises';
import { headOf, signHead, type SignedHead } from '../core/oplog/logHead.ts';
import { membersOf } from '../core/oplog/sessionMembers.ts';
import type { SignedOperation } from '../core/oplog/operation.ts';
import { useWasmBlake3 } from '../core/oplog/blake3Digest.ts';
import { DerivationGraph } from '../core/mnema/derivationGraph.ts';
import type { MnemaOp } from '../core/mnema/mnemaBodies.ts';
import { ChainWriter, mnemaLogText, readMnemaLog } from '../core/mnema/mnemaLog.ts';
import { isMnemaKind } from '../core/mnema/mnemaSchema.ts';
import { findingLine, logFindings } from '../core/mnema/logFindings.ts';
import { CliFailure } from '../node/cliFailure.ts';
import { nativeSignatureCheck } from '../node/nativeSignatureCheck.ts';
import type { SignatureCheck } from '../core/oplog/verifyOperation.ts';
import { prefixTrustingCheck, rememberVerified } from './verifiedLogPrefix.ts';
import { nativeSigner } from '../node/nativeSigner.ts';
import { readInput, readStdin } from '../node/readInput.ts';
import { statOrNull } from '../node/statOrNull.ts';
import { loadOrCreateDeviceKey } from './deviceKeyFile.ts';
import { writeStderr } from './output.ts';

export interface OpenedLog {
  readonly name: string;
  readonly session: string;
  readonly ops: readonly MnemaOp[];
  readonly graph: DerivationGraph;
  /** The verified head the file ends with, or null. */
  readonly head: SignedHead | null;
}

/** A failure that is the input's fault: printed, exit 1. */
export class InputFailure extends Error {}

/** Whether `text` is a Mnema log: its first op has a Mnema-only body (evidence, claim, or a §2 target). */
export function looksLikeMnemaLog(text: string): boolean {
  const end = text.indexOf('\n');
  try {
    const first = JSON.parse(end < 0 ? text : text.slice(0, end)) as { body?: Record<string, unknown> };
    const body = first.body;
    if (!body || !isMnemaKind(body.kind)) return false;
    return body.kind === 'evidence' || body.kind === 'claim' || 'target_claim' in body || 'target_evidence' in body;
  } catch {
    return false;
  }
}

/** Reads and verifies a Mnema log; `missingOk`: an absent file is an empty log (import creates it). */
export async function openMnemaLog(path: string, options: { readonly missingOk?: boolean; readonly allowHeadless?: boolean } = {}): Promise<OpenedLog> {
  await useWasmBlake3();
  if (options.missingOk && path !== '-' && (await statOrNull(path)) === null) return { name: path, session: `mnema-${crypto.randomUUID()}`, ops: [], graph: new DerivationGraph(), head: null };
  const input = await readInput(path, readStdin, { kind: 'log' });
  // The ops this device verified in an earlier command are not checked again (verifiedLogPrefix.ts).
  const prefix = await prefixTrustingCheck(path, nativeSignatureCheck);
  const read = (checkSignature: SignatureCheck) => readMnemaLog(input.text, { checkSignature, allowHeadless: options.allowHeadless === true });
  let reading = read(prefix.check);
  if (!prefix.held(reading.session)) reading = read(nativeSignatureCheck);
  const graph = DerivationGraph.of(reading.ops);
  const findings = logFindings(reading, graph);
  for (const f of findings) if (f.severity === 'warning') await writeStderr(`warrant: ${findingLine(input.name, f)}\n`);
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length > 0) throw new InputFailure(errors.map((f) => findingLine(input.name, f)).join('\n'));
  if (reading.session && reading.ops.length !== prefix.count) await rememberVerified(path, reading.session, reading.ops);
  return { name: input.name, session: reading.session ?? `mnema-${crypto.randomUUID()}`, ops: reading.ops, graph, head: reading.head };
}

/**
 * A writer that signs with this device's key after the log's last op. `member` false: the
 * device may not write to this session (a log written elsewhere) — what it computes can
 * be shown, not appended; `required` makes that a failure.
 */
export async function writerFor(log: OpenedLog, required = true): Promise<{ writer: ChainWriter; key: Awaited<ReturnType<typeof loadOrCreateDeviceKey>>; member: boolean }> {
  const key = await loadOrCreateDeviceKey();
  const member = log.ops.length === 0 || membersOf(log.ops as unknown as SignedOperation[]).has(key.author);
  if (!member && required) throw new InputFailure(notMember(log, key.author));
  const last = log.ops[log.ops.length - 1];
  return { writer: new ChainWriter(log.session, last ? { seq: last.seq, id: last.id } : null, key.author, nativeSigner(key)), key, member };
}

export const notMember = (log: OpenedLog, author: string): string =>
  `${log.name}: this device (${author}) is not a member of session ${log.session}, so nothing was written; a member adds it, or WARRANT_KEY_FILE names a member's key`;

/** Whether `log`, written back unchanged, would say nothing new: a verified head vouches for every op it holds. */
export function vouchedWhole(log: OpenedLog): boolean {
  const last = log.ops[log.ops.length - 1];
  return log.head !== null && last !== undefined && log.head.op === last.id && log.head.count === log.ops.length;
}

/** Writes the whole log (old ops and new) to `path` with a head signed by `key`. */
export async function saveMnemaLog(path: string, ops: readonly MnemaOp[], session: string, key: Awaited<ReturnType<typeof loadOrCreateDeviceKey>>): Promise<void> {
  if (path === '-') throw new CliFailure('a log is written to a file, not standard output: give --out PATH');
  const signed = ops as unknown as SignedOperation[];
  const unsigned = headOf({ applied: signed, session, members: membersOf(signed).list() }, key.author);
  const head = unsigned ? signHead(unsigned, key) : null;
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, mnemaLogText(ops, head));
    await rename(tmp, path);
  } catch (e) {
    throw new CliFailure(`cannot write ${path}: ${(e as Error).message}`);
  }
  // Every op written verified when read, or was signed here.
  await rememberVerified(path, session, ops);
}

/** Whether the command's FILE (its first argument that is not an option) is a Mnema log. */
export async function namesMnemaLog(args: readonly string[]): Promise<boolean> {
  const file = args.find((a) => !a.startsWith('-'));
  if (!file || !/\.(jsonl|ndjson)$/i.test(file)) return false;
  try {
    const { open } = await import('node:fs/promises');
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return looksLikeMnemaLog(buffer.subarray(0, bytesRead).toString('utf8'));
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
}
