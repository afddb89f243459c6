/**
 * Reading a package into the page (src/store/project/projectImport.ts): from the file list of a
 * directory input, from dropped file-system entries and from a zip — one rule for the
 * root and the files kept (core's projectFiles.ts), binary files left out with a note,
 * and bad input answered with a sentence.
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { folderNameOf, readProject, readProjectFromZip, sourcesOfEntries, sourcesOfFileList } from '../../src/store/project/projectImport.ts';

const PACKAGE: Record<string, string> = {
  'pyproject.toml': '[project]\nname = "p-gaia"\nversion = "0.1.0"\n\n[tool.gaia]\ntype = "knowledge-package"\n',
  'src/p/__init__.py': 'from gaia.engine.lang import claim\n\nx = claim("X.")\n',
  'README.md': '# p\n',
};

/** A File as a directory input gives it (webkitRelativePath keeps the folder). */
function inputFile(path: string, text: string): File {
  const f = new File([text], path.slice(path.lastIndexOf('/') + 1));
  Object.defineProperty(f, 'webkitRelativePath', { value: path });
  return f;
}

/** File-system entries as a drop gives them. */
function entry(name: string, node: Record<string, unknown> | string): FileSystemEntry {
  if (typeof node === 'string') return { name, isFile: true, isDirectory: false, file: (ok: (f: File) => void) => ok(new File([node], name)) } as unknown as FileSystemEntry;
  let done = false;
  const reader = { readEntries: (ok: (e: FileSystemEntry[]) => void) => ok(done ? [] : ((done = true), Object.entries(node).map(([n, c]) => entry(n, c as Record<string, unknown> | string)))) };
  return { name, isFile: false, isDirectory: true, createReader: () => reader } as unknown as FileSystemEntry;
}

describe('reading a package into the page', () => {
  it('from a directory input: the folder is the package, its name the project name', async () => {
    const files = [...Object.entries(PACKAGE), ['.git/HEAD', 'ref'], ['src/p/__pycache__/x.pyc', '\u0000']].map(([p, t]) => inputFile(`p-gaia/${p}`, t!));
    expect(folderNameOf(files)).toBe('p-gaia');
    const read = await readProject(sourcesOfFileList(files), 'the folder p-gaia', 'p-gaia');
    expect('files' in read && read.name).toBe('p-gaia');
    expect('files' in read && Object.fromEntries(read.files)).toEqual(PACKAGE);
  });

  it('from dropped entries, skipped folders not entered, a binary file left out with a note', async () => {
    const tree = { 'pyproject.toml': PACKAGE['pyproject.toml']!, src: { p: { '__init__.py': PACKAGE['src/p/__init__.py']!, 'data.csv': 'a,b\u0000' } }, node_modules: { 'x.json': '{}' } };
    const sources = await sourcesOfEntries([entry('p-gaia', tree)]);
    expect(sources.map((s) => s.path).sort()).toEqual(['p-gaia/pyproject.toml', 'p-gaia/src/p/__init__.py', 'p-gaia/src/p/data.csv']);
    const read = await readProject(sources, 'the folder p-gaia', 'p-gaia');
    if (!('files' in read)) throw new Error(read.problem);
    expect([...read.files.keys()].sort()).toEqual(['pyproject.toml', 'src/p/__init__.py']);
    expect(read.notes).toEqual(['src/p/data.csv is binary data, so it was left out']);
  });

  it('from a zip, with or without a folder around the package', async () => {
    for (const prefix of ['', 'p-gaia/']) {
      const zip = zipSync(Object.fromEntries(Object.entries(PACKAGE).map(([p, t]) => [prefix + p, strToU8(t)])));
      const read = await readProjectFromZip(zip, 'p.zip');
      if (!('files' in read)) throw new Error(read.problem);
      expect(Object.fromEntries(read.files)).toEqual(PACKAGE);
      expect(read.name).toBe(prefix ? 'p-gaia' : 'p');
    }
  });

  it.each([
    ['not a zip', new Uint8Array([1, 2, 3]), /p\.zip could not be opened/],
    ['a zip without a package', zipSync({ 'notes/a.txt': strToU8('hi') }), /holds no pyproject\.toml/],
  ])('refuses %s with a sentence', async (_what, bytes, message) => {
    const read = await readProjectFromZip(bytes, 'p.zip');
    expect('problem' in read && read.problem).toMatch(message);
  });
});
