/**
 * Which importer reads a file, and reading it: the one table the command line's
 * `warrant import` and the page's Import both go through, so a file gives the same
 * records from either. A file's kind is what the person says, else its extension.
 */
import type { EvidenceRecord, ImportReading } from './evidenceRecord.ts';
import { readCalendar } from './calendarImport.ts';
import { readJsonLines } from './jsonlImport.ts';
import { readNote } from './notesImport.ts';
import { readPhoto } from './photoImport.ts';

export const EVIDENCE_SOURCES = ['calendar', 'notes', 'photos', 'jsonl'] as const;
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number];

/** Each kind's extensions (lower case, with the dot). */
const EXTENSIONS: Readonly<Record<EvidenceSource, readonly string[]>> = {
  calendar: ['.ics', '.ical'],
  notes: ['.md', '.markdown'],
  photos: ['.jpg', '.jpeg', '.tif', '.tiff', '.heic', '.png', '.webp'],
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
