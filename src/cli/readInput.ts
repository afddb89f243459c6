/**
 * Reads one input — a file, or standard input for `-` — as UTF-8 text. Anything that
 * is not readable text (missing, a directory, NUL bytes, invalid UTF-8) becomes a
 * CliFailure with one line saying why, never an exception with a stack.
 */
import { readFile, stat } from 'node:fs/promises';
import { CliFailure } from './cliFailure.ts';

export interface InputText {
  /** As the user wrote it; `<stdin>` for `-`. */
  readonly name: string;
  /** The path, or null for standard input. */
  readonly path: string | null;
  readonly text: string;
}

export const STDIN_NAME = '<stdin>';

export async function readInput(arg: string, stdin: () => Promise<Buffer> = readStdin): Promise<InputText> {
  if (arg === '-') return { name: STDIN_NAME, path: null, text: decode(await stdin(), 'standard input') };
  let bytes: Buffer;
  try {
    const info = await stat(arg);
    if (info.isDirectory()) throw new CliFailure(`cannot read ${arg}: is a directory`);
    bytes = await readFile(arg);
  } catch (e) {
    if (e instanceof CliFailure) throw e;
    throw new CliFailure(`cannot read ${arg}: ${describeIoError(e)}`);
  }
  return { name: arg, path: arg, text: decode(bytes, arg) };
}

/** Text from bytes, refusing what is plainly not a text document. */
function decode(bytes: Buffer, name: string): string {
  if (bytes.includes(0)) throw new CliFailure(`cannot read ${name}: binary data (contains NUL bytes), not a text document`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CliFailure(`cannot read ${name}: not valid UTF-8 text`);
  }
  return text;
}

export async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
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
    default:
      return e instanceof Error ? e.message : String(e);
  }
}
