/**
 * Reads a Gaia package into the page from wherever the user gives it: a folder picked
 * through the File System Access API (`showDirectoryPicker`), a directory input
 * (`<input webkitdirectory>`), a folder dragged onto the page, or a .zip. Each source is
 * listed first (paths and sizes, nothing read), the package's root and files are chosen
 * by core's rule (src/core/gaia/package/projectFiles.ts), and only those are read.
 * Failures come back as a sentence for the user, never as a throw.
 */
import { unzipSync } from 'fflate';
import { decodeUtf8OrThrow } from '../document/utf8Text.ts';
import type { FoundFile } from '../../core/gaia/package/projectFiles.ts';
import { isSkippedFolder, looksBinary, MAX_PACKAGE_FILES, normalizeFoundPath, packageRootOf } from '../../core/gaia/package/projectFiles.ts';

/** A file found below what was opened: where, how big, and how to read it. */
export interface FileSource extends FoundFile {
  read(): Promise<string>;
}

export interface ReadProject {
  /** The package's name: its root folder's, else what was opened. */
  readonly name: string;
  readonly files: ReadonlyMap<string, string>;
  /** What was left out and why, for a notice (binary files, unreadable ones). */
  readonly notes: readonly string[];
}

export type ReadProjectResult = ReadProject | { readonly problem: string };

/** Lists more than this many entries and the folder is refused before anything is read. */
const MAX_LISTED = MAX_PACKAGE_FILES * 4;

/** A file's text; a file in another encoding than UTF-8 is refused, never read as garbage. */
async function readUtf8(file: Blob): Promise<string> {
  return decodeUtf8OrThrow(new Uint8Array(await file.arrayBuffer()));
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Chooses the package's files among `sources` and reads them. `what` names the source for messages. */
export async function readProject(sources: readonly FileSource[], what: string, fallbackName: string): Promise<ReadProjectResult> {
  const chosen = packageRootOf(sources, what);
  if ('problem' in chosen) return chosen;
  const byPath = new Map(sources.map((s) => [normalizeFoundPath(s.path), s]));
  const files = new Map<string, string>();
  const notes: string[] = [];
  for (const [found, rel] of chosen.keep) {
    const source = byPath.get(found);
    if (!source) continue;
    let text: string;
    try {
      text = await source.read();
    } catch (e) {
      return { problem: `${rel} in ${what} could not be read: ${messageOf(e)}` };
    }
    if (looksBinary(text)) {
      notes.push(`${rel} is binary data, so it was left out`);
      continue;
    }
    files.set(rel, text.replace(/^\uFEFF/, ''));
  }
  const name = chosen.root === '' ? fallbackName : chosen.root.slice(chosen.root.lastIndexOf('/') + 1);
  return { name, files, notes };
}

/** Files from a directory input (`webkitRelativePath` keeps the folder's layout) or a multi-file pick. */
export function sourcesOfFileList(files: readonly File[]): FileSource[] {
  return files.map((f) => ({ path: f.webkitRelativePath || f.name, size: f.size, read: () => readUtf8(f) }));
}

/** The folder a directory input gave, from its files' paths (`tides-gaia/src/…` → `tides-gaia`). */
export function folderNameOf(files: readonly File[]): string {
  const first = files.find((f) => f.webkitRelativePath)?.webkitRelativePath ?? '';
  return first.includes('/') ? first.slice(0, first.indexOf('/')) : 'package';
}

/** The File System Access API's directory handle, as far as this module needs it. */
interface DirectoryHandle {
  readonly kind: 'directory';
  readonly name: string;
  values(): AsyncIterable<DirectoryHandle | FileHandle>;
}
interface FileHandle {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<File>;
}

/** Whether this browser can pick a folder through the File System Access API. */
export function canPickDirectory(): boolean {
  return typeof (window as unknown as { showDirectoryPicker?: unknown }).showDirectoryPicker === 'function';
}

/** Asks for a folder through the File System Access API; null when the user cancels. */
export async function pickDirectory(): Promise<DirectoryHandle | null> {
  const picker = (window as unknown as { showDirectoryPicker: (o?: { mode?: string }) => Promise<DirectoryHandle> }).showDirectoryPicker;
  try {
    return await picker({ mode: 'read' });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') return null;
    throw e;
  }
}

/** Every file below a picked folder (skipped folders are not entered). */
export async function sourcesOfDirectory(root: DirectoryHandle): Promise<FileSource[]> {
  const out: FileSource[] = [];
  const walk = async (dir: DirectoryHandle, prefix: string): Promise<void> => {
    for await (const entry of dir.values()) {
      if (out.length > MAX_LISTED) throw new Error(`more than ${MAX_LISTED} files: is this a Gaia package folder?`);
      const path = prefix + entry.name;
      if (entry.kind === 'directory') {
        if (!isSkippedFolder(entry.name)) await walk(entry, `${path}/`);
        continue;
      }
      const file = await entry.getFile();
      out.push({ path, size: file.size, read: () => readUtf8(file) });
    }
  };
  await walk(root, '');
  return out;
}

/** Files and folders dropped on the page (`DataTransferItem.webkitGetAsEntry`). */
export async function sourcesOfEntries(entries: readonly FileSystemEntry[]): Promise<FileSource[]> {
  const out: FileSource[] = [];
  const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));
  const childrenOf = async (dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> => {
    const reader = dir.createReader();
    const all: FileSystemEntry[] = [];
    // readEntries answers in batches until it answers an empty one.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (batch.length === 0) return all;
      all.push(...batch);
    }
  };
  const walk = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    if (out.length > MAX_LISTED) throw new Error(`more than ${MAX_LISTED} files: is this a Gaia package folder?`);
    const path = prefix + entry.name;
    if (entry.isDirectory) {
      if (isSkippedFolder(entry.name)) return;
      for (const child of await childrenOf(entry as FileSystemDirectoryEntry)) await walk(child, `${path}/`);
      return;
    }
    const file = await fileOf(entry as FileSystemFileEntry);
    out.push({ path, size: file.size, read: () => readUtf8(file) });
  };
  for (const entry of entries) await walk(entry, '');
  return out;
}

/** A package from the bytes of a .zip: its directory listed first, then only the package's files inflated. */
export async function readProjectFromZip(bytes: Uint8Array, zipName: string): Promise<ReadProjectResult> {
  const listed: { path: string; size: number }[] = [];
  try {
    unzipSync(bytes, {
      filter: (f) => {
        if (!f.name.endsWith('/')) listed.push({ path: f.name, size: f.originalSize });
        return false;
      },
    });
  } catch (e) {
    return { problem: `${zipName} could not be opened: it is not a readable zip (${messageOf(e)})` };
  }
  if (listed.length > MAX_LISTED) return { problem: `${zipName} holds more than ${MAX_LISTED} files: is it a Gaia package?` };
  const chosen = packageRootOf(listed, zipName);
  if ('problem' in chosen) return chosen;
  let inflated: Record<string, Uint8Array>;
  try {
    inflated = unzipSync(bytes, { filter: (f) => chosen.keep.has(normalizeFoundPath(f.name)) });
  } catch (e) {
    return { problem: `${zipName} could not be opened: ${messageOf(e)}` };
  }
  const sources: FileSource[] = listed.map((f) => ({ ...f, read: async () => decodeUtf8OrThrow(inflated[f.path] ?? new Uint8Array()) }));
  return readProject(sources, zipName, zipName.replace(/\.zip$/i, ''));
}
