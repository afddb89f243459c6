/**
 * Which importer reads a file, and reading it: the one table the command line's
 * `warrant import` and the page's Import both go through, so a file gives the same
 * records from either. A file's kind is what the person says, else its extension.
 */
import type { EvidenceRecord, ImportProblem, ImportReading } from './evidenceRecord.ts';
import { readCalendar } from './calendarImport.ts';
import { readJsonLines } from './jsonlImport.ts';
import { readNote } from './notesImport.ts';
import { readPhoto } from './photoImport.ts';
import { pushAll } from '../../largeArrays.ts';

export const EVIDENCE_SOURCES = ['calendar', 'notes', 'photos', 'jsonl'] as const;
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number];

/** Each kind's extensions (lower case, with the dot). */
const EXTENSIONS: Readonly<Record<EvidenceSource, readonly string[]>> = {
  calendar: ['.ics', '.ical'],
  notes: ['.md', '.markdown'],
  photos: ['.jpg', '.jpeg', '.tif', '.tiff', '.heic', '.heif', '.png', '.webp'],
  jsonl: ['.jsonl', '.ndjson'],
};

/** Every extension an importer reads: what a file picker offers. */
export const EVIDENCE_EXTENSIONS: readonly string[] = Object.values(EXTENSIONS).flat();

/** What a file's name says it is, or null. */
export function sourceOfName(name: string): EvidenceSource | null {
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot).toLowerCase();
  for (const kind of EVIDENCE_SOURCES) if (EXTENSIONS[kind].includes(ext)) return kind;
  return null;
}

/**
 * The records of one file's bytes read as `kind`; `now` bounds a calendar's open-ended
 * recurrences. Text is read as UTF-8 (a stray byte becomes U+FFFD, as a browser reads it).
 */
export async function readEvidenceFile(kind: EvidenceSource, bytes: Uint8Array, name: string, now: string): Promise<ImportReading> {
  if (kind === 'photos') return readPhoto(bytes, name);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (kind === 'calendar') return readCalendar(text, name, now);
  if (kind === 'notes') return readNote(text, name);
  return readJsonLines(text, name);
}

/** Sources whose records a folder holds one file each (a note, a photo): a folder import names the folder in them. */
const FILED_SOURCES: ReadonlySet<string> = new Set(['notes', 'photos']);

/**
 * The records of a folder imported whole, each note and photo naming the folder (`folder`:
 * its name, without the path to it): a note or photo gone from the folder when it is
 * imported again was deleted there (knownRecords.ts). Files imported one by one name no folder.
 */
export function inFolder(records: readonly EvidenceRecord[], folder: string): EvidenceRecord[] {
  const name =
    folder
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() || folder;
  return records.map((r) => (FILED_SOURCES.has(r.source) ? { ...r, payload: { ...r.payload, folder: name } } : r));
}

/** A file of a folder imported whole: its path inside the folder (`/` or `\\` between levels) and how to read its bytes. */
export interface FolderFile {
  readonly path: string;
  readonly bytes: () => Promise<Uint8Array>;
}

const levels = (path: string): string[] => path.split(/[\\/]/).filter((l) => l !== '');

/** Level by level, each by name: a folder's files in the order a listing sorted at every level gives (`a/b` before `a-c`). */
function byLevels(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return a.length - b.length;
}

/**
 * The files of a folder an import reads, in the order it reads them (level by level, by
 * name): hidden ones (a name starting with `.`, at any level) left out, and — unless the
 * person said what they are (`given`) — files of no known kind passed over. The page asks
 * it before reading any bytes, so a folder's videos are never read.
 */
export function folderFilesRead<T extends { readonly path: string }>(files: readonly T[], given: EvidenceSource | undefined): T[] {
  const shown = files.map((f) => ({ f, at: levels(f.path) })).filter(({ f, at }) => at.length > 0 && !at.some((l) => l.startsWith('.')) && (given !== undefined || sourceOfName(f.path) !== null));
  shown.sort((a, b) => byLevels(a.at, b.at));
  return shown.map(({ f }) => f);
}

/**
 * The records of a folder imported whole, as the command line reads a folder it is given
 * and the page a folder the person picks: the files `folderFilesRead` names, each read as
 * `given` says or as its extension says, and each note and photo naming the folder
 * (`inFolder`). `folder`: as the person gave or picked it.
 */
export async function readEvidenceFolder(folder: string, files: readonly FolderFile[], given: EvidenceSource | undefined, now: string): Promise<ImportReading> {
  const records: EvidenceRecord[] = [];
  const problems: ImportProblem[] = [];
  const base = folder.replace(/[\\/]+$/, '');
  for (const f of folderFilesRead(files, given)) {
    // Named from the folder as given, so a problem's place is a path the person knows.
    const reading = await readEvidenceFile(given ?? sourceOfName(f.path)!, await f.bytes(), [base, ...levels(f.path)].join('/'), now);
    pushAll(records, reading.records);
    pushAll(problems, reading.problems);
  }
  return { records: inFolder(records, folder), problems };
}
