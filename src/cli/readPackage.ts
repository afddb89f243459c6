/**
 * Reads a Gaia package from its folder (or from the path of its `pyproject.toml`): the
 * files Gaia's loader reads — `pyproject.toml`, `references.json`, and every `.py` file
 * — as root-relative POSIX paths. Folders that are never source (`.git`, `.gaia`,
 * `__pycache__`, virtual environments, `node_modules`) are skipped, symbolic links to
 * folders are not followed, and the whole read is bounded (file count and bytes), so a
 * wrong folder given by mistake is refused quickly with one line.
 */
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { MAX_DOCUMENT_BYTES, tooLargeMessage } from '../core/text/inputLimits.ts';
import { CliFailure } from './cliFailure.ts';
import { readInput } from './readInput.ts';

/** At most this many files are read from one package folder. */
const MAX_FILES = 5000;
const SKIPPED_FOLDERS = new Set(['__pycache__', 'node_modules', 'venv', 'site-packages']);

export interface PackageInput {
  /** As the user wrote it. */
  readonly name: string;
  /** The package root folder. */
  readonly root: string;
  readonly files: ReadonlyMap<string, string>;
}

/**
 * Whether an argument names a package: a folder holding a pyproject.toml, or a file
 * called pyproject.toml. Any other folder is refused as a folder ("is a directory").
 */
export async function isPackagePath(arg: string): Promise<boolean> {
  if (arg === '-') return false;
  if (basename(arg) === 'pyproject.toml') return true;
  const info = await stat(arg).catch(() => null);
  if (!info?.isDirectory()) return false;
  return (await stat(join(arg, 'pyproject.toml')).catch(() => null)) !== null;
}

function wanted(path: string): boolean {
  return path === 'pyproject.toml' || path === 'references.json' || path.endsWith('.py');
}

export async function readPackage(arg: string): Promise<PackageInput> {
  const root = basename(arg) === 'pyproject.toml' ? dirname(arg) : arg;
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) throw new CliFailure(`cannot read ${arg}: no such package folder`);
  const paths: string[] = [];
  await walk(root, root, paths);
  const files = new Map<string, string>();
  let total = 0;
  for (const rel of paths.sort()) {
    const input = await readInput(join(root, rel));
    total += Buffer.byteLength(input.text);
    if (total > MAX_DOCUMENT_BYTES) throw new CliFailure(`cannot read ${arg}: its source files together are over the document limit (${tooLargeMessage(total, MAX_DOCUMENT_BYTES, 'document')})`);
    files.set(rel, input.text);
  }
  if (!files.has('pyproject.toml') && basename(arg) === 'pyproject.toml') throw new CliFailure(`cannot read ${arg}: no such file`);
  return { name: arg, root, files };
}

async function walk(root: string, dir: string, out: string[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    throw new CliFailure(`cannot read ${dir}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
      await walk(root, full, out);
    } else if (entry.isFile()) {
      const rel = relative(root, full).split(sep).join('/');
      if (!wanted(rel)) continue;
      if (out.length >= MAX_FILES) throw new CliFailure(`cannot read ${root}: more than ${MAX_FILES} source files — is this a Gaia package folder?`);
      out.push(rel);
    }
  }
}

/** A stable text for the whole package (what a revision op hashes): every file, in path order. */
export function packageText(files: ReadonlyMap<string, string>): string {
  return JSON.stringify([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
