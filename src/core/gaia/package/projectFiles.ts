/**
 * Which files of a folder belong to a Gaia package, wherever the folder comes from: read
 * from disk by the command line, dropped on the page, picked through the File System
 * Access API or a directory input, or unpacked from a zip. One rule for all of them:
 *
 *  - Folders that are never source are skipped: dot folders (`.git`, `.gaia`, `.venv`),
 *    `__pycache__`, `node_modules`, virtual environments.
 *  - Gaia reads `pyproject.toml`, `references.json` and every `.py` file
 *    (`isGaiaSourceFile`); a project in the page keeps the package's other text files
 *    too (README, `.gitignore`, `py.typed`, …: `isProjectFile`), so the package goes back
 *    out whole.
 *  - The package root is the shallowest folder holding a `pyproject.toml`: a folder
 *    dropped with its parent, or a zip that wraps the package in a folder, opens the same.
 *  - Bounded: at most MAX_PACKAGE_FILES files and MAX_DOCUMENT_BYTES in all.
 *
 * Pure: paths are POSIX, relative, as the caller found them.
 */
import { MAX_DOCUMENT_BYTES, tooLargeMessage } from '../../text/inputLimits.ts';
import type { Language } from '../../graph/reasoningGraph.ts';
import { PACKAGE_LANGUAGE } from '../../languages/languageTable.ts';

/** At most this many files are read from one package folder. */
export const MAX_PACKAGE_FILES = 5000;

const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['__pycache__', 'node_modules', 'venv', 'site-packages']);

/** Whether a folder (one path segment) is never part of a package's source. */
export function isSkippedFolder(name: string): boolean {
  return name.startsWith('.') || SKIPPED_FOLDERS.has(name);
}

/** The files Gaia's loader reads, by root-relative path. */
export function isGaiaSourceFile(path: string): boolean {
  return path === 'pyproject.toml' || path === 'references.json' || path.endsWith('.py');
}

/** Text files a package keeps beside its source, by name or extension. */
const TEXT_NAMES: ReadonlySet<string> = new Set(['.gitignore', '.gitattributes', '.python-version', 'py.typed', 'LICENSE', 'LICENCE', 'COPYING', 'NOTICE', 'AUTHORS', 'CITATION.cff', 'uv.lock']);
const TEXT_EXTENSIONS = /\.(md|markdown|rst|txt|toml|json|jsonl|yaml|yml|cfg|ini|bib|csv|tsv|tex|py|pyi)$/i;

/** Whether a project in the page keeps a file (root-relative path): Gaia's files and the package's other text files. */
export function isProjectFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return isGaiaSourceFile(path) || TEXT_NAMES.has(name) || TEXT_EXTENSIONS.test(name);
}

/** Whether any folder on a root-relative path is one that is skipped. */
export function inSkippedFolder(path: string): boolean {
  const parts = path.split('/');
  return parts.slice(0, -1).some(isSkippedFolder);
}

/** How the editor reads a project file: Python modules as the package's language (Gaia), everything else (TOML, JSON, Markdown) as plain text (null). */
export function projectFileLanguage(path: string): Language | null {
  return path.endsWith('.py') || path.endsWith('.pyi') ? PACKAGE_LANGUAGE : null;
}

/** A path as a folder listing, a zip or Windows gives it, as POSIX without a leading `./` or `/`. */
export function normalizeFoundPath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(\.?\/)+/, '');
}

/** A file as found: its path below whatever was opened, and its size. */
export interface FoundFile {
  readonly path: string;
  readonly size: number;
}

export type PackageRootResult =
  | {
      /** The package root, relative to what was opened (`''` when it is that folder itself). */
      readonly root: string;
      /** The files to read: path as found (normalized) → root-relative path. */
      readonly keep: ReadonlyMap<string, string>;
      /** Files left out, with why (binary-looking names are simply not kept). */
      readonly skipped: number;
    }
  | { readonly problem: string };

/**
 * Finds the package root among files found below a folder or inside a zip, and which of
 * them a project keeps. `what` names the source in messages ("the folder tides-gaia").
 */
export function packageRootOf(found: readonly FoundFile[], what: string): PackageRootResult {
  const normalized = found.map((f) => ({ ...f, path: normalizeFoundPath(f.path) })).filter((f) => f.path !== '' && !f.path.endsWith('/'));
  const pyprojects = normalized
    .map((f) => f.path)
    .filter((p) => (p === 'pyproject.toml' || p.endsWith('/pyproject.toml')) && !inSkippedFolder(p))
    .sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1));
  if (pyprojects.length === 0) return { problem: `${what} holds no pyproject.toml, so it is not a Gaia package (a package folder has a pyproject.toml beside its Python package)` };
  const root = pyprojects[0]!.slice(0, -'pyproject.toml'.length).replace(/\/$/, '');
  const prefix = root === '' ? '' : `${root}/`;
  const keep = new Map<string, string>();
  let skipped = 0;
  let bytes = 0;
  for (const f of normalized) {
    if (!f.path.startsWith(prefix)) continue;
    const rel = f.path.slice(prefix.length);
    if (inSkippedFolder(rel) || !isProjectFile(rel)) {
      skipped++;
      continue;
    }
    if (keep.size >= MAX_PACKAGE_FILES) return { problem: `${what} has more than ${MAX_PACKAGE_FILES} source files: is this a Gaia package folder?` };
    bytes += f.size;
    if (bytes > MAX_DOCUMENT_BYTES) return { problem: `${what} is too large to open: its files together are ${tooLargeMessage(bytes, MAX_DOCUMENT_BYTES, 'document')}` };
    keep.set(f.path, rel);
  }
  return { root, keep, skipped };
}

/** Whether a text read from a file is text at all (a NUL character means binary data). */
export function looksBinary(text: string): boolean {
  return text.includes('\u0000');
}

/** A stable text for the whole package (what a revision op hashes): every file, in path order. */
export function packageText(files: ReadonlyMap<string, string>): string {
  return JSON.stringify([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The files back from `packageText`, or null when the text is not one. */
export function filesOfPackageText(text: string): Map<string, string> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return null;
    const out = new Map<string, string>();
    for (const entry of parsed) {
      if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string' || typeof entry[1] !== 'string') return null;
      out.set(entry[0], entry[1]);
    }
    return out;
  } catch {
    return null;
  }
}

/** Root-relative paths in the order a file tree lists them: folders first, then by name. */
export function compareTreePaths(a: string, b: string): number {
  const pa = a.split('/');
  const pb = b.split('/');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const lastA = i === pa.length - 1;
    const lastB = i === pb.length - 1;
    if (pa[i] === pb[i]) continue;
    if (lastA !== lastB) return lastA ? 1 : -1;
    return pa[i]!.localeCompare(pb[i]!, 'en');
  }
  return pa.length - pb.length;
}

/** The file a project opens on: the package's root module (the shallowest `__init__.py`), else a module, else the first file. */
export function defaultActiveFile(paths: Iterable<string>): string | null {
  const all = [...paths];
  const depth = (p: string) => p.split('/').length;
  const pick = (xs: string[]) => xs.sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : 1))[0] ?? null;
  return pick(all.filter((p) => p.endsWith('/__init__.py') || p === '__init__.py')) ?? pick(all.filter((p) => p.endsWith('.py'))) ?? pick(all.filter((p) => p === 'pyproject.toml')) ?? pick(all);
}
