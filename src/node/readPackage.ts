/**
 * Reads a Gaia package from its folder (or from the path of its `pyproject.toml`): the
 * files Gaia's loader reads — `pyproject.toml`, `references.json`, and every `.py` file
 * — as root-relative POSIX paths. Folders that are never source (`.git`, `.gaia`,
 * `__pycache__`, virtual environments, `node_modules`) are skipped, symbolic links to
 * folders are not followed, and the whole read is bounded (file count and bytes), so a
 * wrong folder given by mistake is refused quickly with one line.
 */
import type { Dirent } from 'node:fs';
import { readdirSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { MAX_DOCUMENT_BYTES, tooLargeMessage } from '../core/text/inputLimits.ts';
import { isGaiaSourceFile, isSkippedFolder, MAX_PACKAGE_FILES } from '../core/gaia/package/projectFiles.ts';
import { CliFailure } from './cliFailure.ts';
import { readInput } from './readInput.ts';
import { statOrNull } from './statOrNull.ts';

export { packageText } from '../core/gaia/package/projectFiles.ts';

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
  const info = statOrNull(arg);
  if (!info?.isDirectory()) return false;
  return statOrNull(join(arg, 'pyproject.toml')) !== null;
}

export async function readPackage(arg: string): Promise<PackageInput> {
  const root = basename(arg) === 'pyproject.toml' ? dirname(arg) : arg;
  const info = statOrNull(root);
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
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    throw new CliFailure(`cannot read ${dir}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (isSkippedFolder(entry.name)) continue;
      await walk(root, full, out);
    } else if (entry.isFile()) {
      const rel = relative(root, full).split(sep).join('/');
      if (!isGaiaSourceFile(rel)) continue;
      if (out.length >= MAX_PACKAGE_FILES) throw new CliFailure(`cannot read ${root}: more than ${MAX_PACKAGE_FILES} source files — is this a Gaia package folder?`);
      out.push(rel);
    }
  }
}

/**
 * The Gaia packages a package folder may import from, by import name, read from disk as
 * Gaia's local dependency lookup finds them: a `file://` requirement or a
 * `[tool.uv.sources]` path (relative to the package that names it, and so on through
 * their own dependencies), and every package folder inside `--deps DIR`. A dependency
 * that cannot be found is left out: importing it is then an error that names it.
 */
export async function readDependencies(pkg: PackageInput, depsDir: string | undefined): Promise<Map<string, ReadonlyMap<string, string>>> {
  const [{ readPyprojectToml }, { gaiaImportName, gaiaRequirements }] = await Promise.all([import('../core/gaia/pyprojectToml.ts'), import('../core/gaia/package/gaiaRequirements.ts')]);
  const out = new Map<string, ReadonlyMap<string, string>>();
  const visited = new Set<string>([resolve(pkg.root)]);
  const follow = async (root: string, files: ReadonlyMap<string, string>): Promise<void> => {
    const py = readPyprojectToml(files.get('pyproject.toml') ?? '');
    for (const r of gaiaRequirements(py.dependencies)) {
      const local = r.filePath ?? py.localSources.get(r.distName) ?? null;
      if (local) await add(resolve(root, local));
    }
  };
  const add = async (folder: string): Promise<void> => {
    if (visited.has(folder) || !(await isPackagePath(folder))) return;
    visited.add(folder);
    const dep = await readPackage(folder);
    const name = readPyprojectToml(dep.files.get('pyproject.toml') ?? '').projectName;
    if (name && !out.has(gaiaImportName(name))) out.set(gaiaImportName(name), dep.files);
    await follow(folder, dep.files);
  };
  await follow(pkg.root, pkg.files);
  if (depsDir !== undefined) {
    const info = statOrNull(depsDir);
    if (!info?.isDirectory()) throw new CliFailure(`cannot read ${depsDir}: no such folder (--deps names a folder of Gaia package folders)`);
    if (await isPackagePath(depsDir)) await add(resolve(depsDir));
    for (const entry of readdirSync(depsDir, { withFileTypes: true })) if (entry.isDirectory()) await add(resolve(depsDir, entry.name));
  }
  return out;
}
