/**
 * Notes (Markdown with YAML front matter) as evidence: one record per note, its front
 * matter kept as the payload (with `path` and `title`), observed at its `date` — from the
 * front matter, else a `YYYY-MM-DD` in the file name. A note with neither is a problem
 * with its place, not a guess.
 */
import { parse as parseYaml } from 'yaml';
import type { ImportReading } from './evidenceRecord.ts';
import { toJson } from './evidenceRecord.ts';
import { isInstant } from '../instant.ts';

const FRONT = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** An ISO instant for a front-matter date (`2025-05-27`, a date-time, or a YAML date). */
function instantOf(x: unknown): string | null {
  if (x instanceof Date) return Number.isFinite(x.getTime()) ? x.toISOString() : null;
  if (typeof x !== 'string') return null;
  const s = x.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return `${s}T00:00:00Z`;
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(s) && isInstant(s.replace(' ', 'T'))) return /[zZ]|[+-]\d{2}:?\d{2}$/.test(s) ? s.replace(' ', 'T') : `${s.replace(' ', 'T')}Z`;
  return null;
}

export function readNote(text: string, path: string): ImportReading {
  const m = FRONT.exec(text);
  let front: Record<string, unknown> = {};
  if (m) {
    try {
      const parsed = parseYaml(m[1]!) as unknown;
      if (parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed))) return { records: [], problems: [{ place: path, message: 'the front matter is not a mapping of fields' }] };
      front = (parsed ?? {}) as Record<string, unknown>;
    } catch (e) {
      return { records: [], problems: [{ place: path, message: `the front matter is not YAML: ${(e as Error).message.split('\n')[0]}` }] };
    }
  }
  const body = m ? text.slice(m[0].length) : text;
  const heading = /^#\s+(.+)$/m.exec(body)?.[1]?.trim();
  const name = path.split(/[\\/]/).pop() ?? path;
  const dated = /(\d{4}-\d{2}-\d{2})/.exec(name)?.[1];
  const observed = instantOf(front.date) ?? (dated ? `${dated}T00:00:00Z` : null);
  if (!observed) return { records: [], problems: [{ place: path, message: 'a note needs a date: `date:` in its front matter, or YYYY-MM-DD in its file name' }] };
  const payload = toJson(front) as Record<string, unknown>;
  const title = typeof front.title === 'string' ? front.title : (heading ?? name.replace(/\.(md|markdown)$/i, ''));
  return { records: [{ source: 'notes', observed_at: observed, payload: { ...(payload as object), path: name, title } as never }], problems: [] };
}
