/**
 * The page's ways to open a Gaia package folder as a project: "Open folder…" through the
 * File System Access API where the browser has it (else a directory input), the
 * directory input itself, a folder dropped on the page, and a .zip. Each reads the
 * folder (src/store/project/projectImport.ts) and opens it as a new session.
 */
import { newProjectSession } from '../../store/session/sessionList.ts';
import { openReadProject, openZip } from '../../store/session/sessionImport.ts';
import { showNotice } from '../../store/session/sessionNotices.ts';
import { newPackageFiles, projectNameFrom } from '../../core/gaia/package/newPackage.ts';
import { canPickDirectory, folderNameOf, pickDirectory, readProject, sourcesOfDirectory, sourcesOfEntries, sourcesOfFileList } from '../../store/project/projectImport.ts';

/**
 * "Open folder…": the browser's folder picker where it has one; else `fallback` (the
 * directory input's click). The input is the only way in browsers without the API.
 */
export async function openFolder(fallback: () => void): Promise<void> {
  if (!canPickDirectory()) return fallback();
  let handle: Awaited<ReturnType<typeof pickDirectory>>;
  try {
    handle = await pickDirectory();
  } catch (e) {
    // Refused (a protected folder, no permission): the directory input may still work.
    showNotice(`The folder could not be opened (${e instanceof Error ? e.message : String(e)}); choose it again below.`);
    return fallback();
  }
  if (!handle) return;
  const name = handle.name;
  await openReadProject(sourcesOfDirectory(handle).then((sources) => readProject(sources, `the folder ${name}`, name)));
}

/** The files a directory input (`webkitdirectory`) gave. */
export async function openFolderFiles(files: readonly File[]): Promise<void> {
  if (files.length === 0) return;
  const name = folderNameOf(files);
  await openReadProject(readProject(sourcesOfFileList(files), `the folder ${name}`, name));
}

/** A .zip picked in the Open menu. */
export async function openZipFile(file: File): Promise<void> {
  await openZip(file);
}

/**
 * A drop on the page: a folder among what was dropped opens as a project (returns true);
 * anything else is left to the file import. The entries are taken now: a drop's items
 * cannot be read once the event is over.
 */
export function openDroppedItems(data: DataTransfer): boolean {
  const entries = Array.from(data.items ?? [])
    .map((i) => (i.kind === 'file' && typeof i.webkitGetAsEntry === 'function' ? i.webkitGetAsEntry() : null))
    .filter((e): e is FileSystemEntry => e !== null);
  const folder = entries.find((e) => e.isDirectory);
  if (!folder) return false;
  const name = folder.name;
  void openReadProject(sourcesOfEntries([folder]).then((sources) => readProject(sources, `the folder ${name}`, name)));
  return true;
}

/** New → Gaia package: the files `gaia build init` creates, as a new project. */
export async function newPackageProject(name = 'my-package'): Promise<void> {
  const projectName = projectNameFrom(name);
  await newProjectSession(projectName, newPackageFiles(projectName, crypto.randomUUID()));
}
