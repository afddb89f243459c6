/**
 * Reads one input — a file, or standard input for `-` — as UTF-8 text. Anything that
 * is not readable text (missing, a directory, a device, NUL bytes, invalid UTF-8, more
 * than the input limit) becomes a CliFailure with one line saying why, never an
 * exception with a stack, and never a wait on something that does not end.
 *
 * Reading is bounded: at most `limit + 1` bytes are ever read (the limits are
 * src/core/text/inputLimits.ts), and a NUL byte stops it at once. Regular files and
 * pipes (FIFOs, `<(…)`, `/dev/stdin` on a pipe) are read; character and block devices
 * and sockets are refused before a byte is read — `/dev/zero` never ends. Standard
 * input (`-`) is read whatever it is, with the same bound.
 *
 * Nothing blocks: a file is opened with O_NONBLOCK, so a FIFO that nobody has opened for
 * writing does not stop the event loop in open(2) (nor a thread-pool thread, which would
 * keep the process alive) — it is waited for, on the event loop, for at most
 * WARRANT_FIFO_WAIT_MS (default 10 s: a producer started in the same shell line may open
 * it a moment later), then refused.
 */
import type { Stats } from 'node:fs';
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { Socket } from 'node:net';
import type { InputKind } from '../core/text/inputLimits.ts';
import { MAX_DOCUMENT_BYTES, MAX_LOG_BYTES, tooLargeMessage } from '../core/text/inputLimits.ts';
import { CliFailure } from './cliFailure.ts';

export interface InputText {
  /** As the user wrote it; `<stdin>` for `-`. */
  readonly name: string;
  /** The path, or null for standard input. */
  readonly path: string | null;
  readonly text: string;
}

export const STDIN_NAME = '<stdin>';

/** What is read: a document (16 MiB) or an operation log (256 MiB). */
export type { InputKind };

export interface ReadOptions {
  readonly kind?: InputKind;
  /** Overrides the kind's limit (tests). */
  readonly limit?: number;
}

/** Reads at most `limit + 1` bytes; `null` once it is past the limit. */
export type StdinReader = (limit: number) => Promise<Buffer | null>;

const CHUNK = 64 * 1024;

/** How long a FIFO is waited for when nobody has it open for writing, unless WARRANT_FIFO_WAIT_MS says otherwise. */
export const DEFAULT_FIFO_WAIT_MS = 10_000;
export const FIFO_WAIT_VARIABLE = 'WARRANT_FIFO_WAIT_MS';

/** Never waits in open(2): a FIFO without a writer opens at once (POSIX), and O_NONBLOCK changes nothing for a regular file. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

export function inputLimit(options: ReadOptions = {}): number {
  return options.limit ?? (options.kind === 'log' || options.kind === 'archive' ? MAX_LOG_BYTES : MAX_DOCUMENT_BYTES);
}

export async function readInput(arg: string, stdin: StdinReader = readStdin, options: ReadOptions = {}): Promise<InputText> {
  const limit = inputLimit(options);
  const kind = options.kind ?? 'document';
  if (arg === '-') {
    const bytes = await stdin(limit);
    if (bytes === null) throw new CliFailure(`cannot read standard input: ${tooLargeMessage(null, limit, kind)}`);
    return { name: STDIN_NAME, path: null, text: decode(bytes, 'standard input') };
  }
  const bytes = await readFileBounded(arg, limit, kind);
  return { name: arg, path: arg, text: decode(bytes, arg) };
}

/**
 * The bytes of the file at `path`, at most `limit`: refuses what is not a regular file
 * or a pipe, and anything larger than `limit` (by its size when it has one, else when
 * the `limit + 1`th byte arrives), and stops at the first NUL byte.
 */
export async function readFileBounded(path: string, limit: number, kind: InputKind = 'document', label = path): Promise<Buffer> {
  // Synchronous calls for files: a command reads its inputs before it can do anything
  // else, and each asynchronous call would be a round trip through the thread pool.
  let fd: number | null = null;
  try {
    // What it is, before opening it: a device is refused unopened (opening some has effects, or waits).
    refuseKind(statSync(path), label);
    fd = openSync(path, OPEN_FLAGS);
    // What was opened (the name may have been replaced meanwhile).
    const info = fstatSync(fd);
    refuseKind(info, label);
    if (info.isFile() && info.size > limit) throw new CliFailure(`cannot read ${label}: ${tooLargeMessage(info.size, limit, kind)}`);
    if (info.isFIFO()) {
      // A pipe: read on the event loop, bounded; it ends when its writer closes it. The socket owns the descriptor now.
      const pipeFd = fd;
      fd = null;
      const bytes = await readPipeBounded(pipeFd, limit, fifoWaitMs(), label);
      if (bytes === null) throw new CliFailure(`cannot read ${label}: ${tooLargeMessage(null, limit, kind)}`);
      if (bytes.includes(0)) throw binary(label);
      return bytes;
    }
    // A regular file (its size may be 0 yet have contents, as in /proc, or grow): read to its end or limit + 1 bytes.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const want = Math.min(Math.max(info.size + 1, CHUNK), CHUNK * 16, limit + 1 - total);
      if (want <= 0) break;
      const buffer = Buffer.allocUnsafe(want);
      const bytesRead = readSync(fd, buffer, 0, want, null);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      if (chunk.includes(0)) throw binary(label);
      chunks.push(chunk);
      total += bytesRead;
    }
    if (total > limit) throw new CliFailure(`cannot read ${label}: ${tooLargeMessage(null, limit, kind)}`);
    return Buffer.concat(chunks, total);
  } catch (e) {
    if (e instanceof CliFailure) throw e;
    throw new CliFailure(`cannot read ${label}: ${describeIoError(e)}`);
  } finally {
    if (fd !== null) {
      try {
        closeSync(fd);
      } catch {
        // Closing a descriptor we read from cannot lose data.
      }
    }
  }
}

/**
 * Reads a pipe opened with O_NONBLOCK through a socket on the event loop: data as it
 * comes, the end when the writer closes it (on Linux a FIFO reports no hang-up before a
 * writer has opened it). If by `waitMs` nothing has come and no writer has it open — a
 * read then says "no data yet" (EAGAIN) only while one does — the socket is destroyed
 * and the read fails; nothing is left pending, so the process exits. A writer that has
 * opened it by then is waited for as long as it takes, as a pipe always was.
 */
async function readPipeBounded(fd: number, limit: number, waitMs: number, label: string): Promise<Buffer | null> {
  const pipe = new Socket({ fd, readable: true, writable: false });
  let ended = false;
  pipe.once('end', () => (ended = true));
  const timer = setTimeout(() => {
    if (pipe.bytesRead > 0 || ended) return;
    const probe = Buffer.allocUnsafe(CHUNK);
    let bytesRead: number;
    try {
      bytesRead = readSync(fd, probe, 0, CHUNK, null);
    } catch (e) {
      // EAGAIN: a writer has it open and has not written yet.
      if ((e as { code?: unknown }).code === 'EAGAIN') return;
      pipe.destroy(e as Error);
      return;
    }
    // Bytes that came just now: put back in front, for the reader (it has had none yet).
    if (bytesRead > 0) pipe.unshift(probe.subarray(0, bytesRead));
    else pipe.destroy(new CliFailure(`cannot read ${label}: nobody opened the pipe for writing within ${waitMs / 1000} s`));
  }, waitMs);
  try {
    return await readStreamBounded(pipe, limit);
  } finally {
    clearTimeout(timer);
    pipe.destroy();
  }
}

/** WARRANT_FIFO_WAIT_MS, a whole number of milliseconds, else DEFAULT_FIFO_WAIT_MS. */
export function fifoWaitMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = env[FIFO_WAIT_VARIABLE];
  if (value === undefined || value.trim() === '') return DEFAULT_FIFO_WAIT_MS;
  if (!/^\d+$/.test(value.trim())) throw new CliFailure(`${FIFO_WAIT_VARIABLE} takes a whole number of milliseconds, not "${value}"`);
  // Past 2^31 − 1 ms a timer fires at once; that is 24 days, so as good as forever.
  return Math.min(Number(value.trim()), 2 ** 31 - 1);
}

function refuseKind(info: Stats, label: string): void {
  if (info.isDirectory()) throw new CliFailure(`cannot read ${label}: is a directory`);
  if (info.isFile() || info.isFIFO()) return;
  const what = info.isCharacterDevice() ? 'a character device' : info.isBlockDevice() ? 'a block device' : info.isSocket() ? 'a socket' : 'not a regular file';
  throw new CliFailure(`cannot read ${label}: ${what}, not a file (to read a stream, pipe it to standard input: -)`);
}

function binary(name: string): CliFailure {
  return new CliFailure(`cannot read ${name}: binary data (contains NUL bytes), not a text document`);
}

/** Text from bytes, refusing what is plainly not a text document. */
function decode(bytes: Buffer, name: string): string {
  if (bytes.includes(0)) throw binary(name);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CliFailure(`cannot read ${name}: not valid UTF-8 text`);
  }
  return text;
}

/**
 * Reads a stream until it ends, `limit + 1` bytes have come (→ null) or a NUL byte
 * arrives (→ the bytes so far and that chunk, which decode refuses); the stream is
 * destroyed when reading stops early, so `/dev/zero` as standard input does not keep
 * the process alive.
 */
export async function readStreamBounded(stream: AsyncIterable<unknown> & { destroy?: () => void }, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    chunks.push(bytes);
    total += bytes.length;
    // Leaving the loop early ends the iteration, which destroys the stream.
    if (total > limit) return null;
    if (bytes.includes(0)) break;
  }
  return Buffer.concat(chunks, total);
}

export async function readStdin(limit: number = MAX_DOCUMENT_BYTES): Promise<Buffer | null> {
  const bytes = await readStreamBounded(process.stdin, limit);
  // Reading stopped early: stop listening, so the process can exit.
  process.stdin.destroy();
  return bytes;
}

/** A short, lower-case reason for an fs error, without the code and path noise. */
export function describeIoError(e: unknown): string {
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    case 'ENAMETOOLONG':
      return 'the name is too long';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    case 'EROFS':
      return 'a read-only file system';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EEXIST':
      return 'already exists';
    default:
      return e instanceof Error ? e.message : String(e);
  }
}
