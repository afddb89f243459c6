/**
 * Notes (Markdown with YAML front matter) as evidence: one record per note, its front
 * matter kept as the payload (with `path` and `title`), observed at its `date` — from the
 * front matter, else a `YYYY-MM-DD` in the file name. A note with neither is a problem
 * with its place, not a guess.
 */
import { parse as parseYaml } from 'yaml';
import type { ImportReading } from './evidenceRecord.ts';
import { toJson } from './evidenceRecord.ts';
import { isInstant, offsetText, zoneMinutes } from '../instant.ts';

const FRONT = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/**
 * A date and time as front matter writes it: ISO (`2025-05-27T07:00:00+02:00`), or with a
 * space for the `T` and an offset after a space, with or without its colon, as blog engines
 * write it (`2016-01-20 12:00:00 -0800`). Groups: date, time, offset.
 */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|z|[+-]\d{2}:?\d{2})?$/;

/** An ISO instant for a front-matter date (`2025-05-27`, a date-time, or a YAML date); without an offset, the wall time written `Z`. */
function instantOf(x: unknown): string | null {
  if (x instanceof Date) return Number.isFinite(x.getTime()) ? x.toISOString() : null;
  if (typeof x !== 'string') return null;
  const s = x.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return isInstant(`${s}T00:00:00Z`) ? `${s}T00:00:00Z` : null;
  const m = DATE_TIME.exec(s);
  if (!m) return null;
  const minutes = m[3] === undefined ? 0 : zoneMinutes(m[3]);
  if (minutes === null) return null;
  const iso = `${m[1]}T${m[2]}${m[3] === undefined || m[3].trim().toUpperCase() === 'Z' ? 'Z' : offsetText(minutes)}`;
  return isInstant(iso) ? iso : null;
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
  if (!observed) {
    const written = front.date === undefined ? '' : ` (its \`date: ${String(front.date)}\` is no date this reader knows)`;
    return { records: [], problems: [{ place: path, message: `a note needs a date: \`date:\` in its front matter, or YYYY-MM-DD in its file name${written}` }] };
  }
  const payload = toJson(front) as Record<string, unknown>;
  const title = typeof front.title === 'string' ? front.title : (heading ?? name.replace(/\.(md|markdown)$/i, ''));
  return { records: [{ source: 'notes', observed_at: observed, payload: { ...(payload as object), path: name, title } as never }], problems: [] };
}
