/**
 * Photo metadata as evidence, read with exifr: when the photo was taken
 * (DateTimeOriginal, with OffsetTimeOriginal where the camera wrote it) and where (GPS),
 * plus the camera. Nothing of the picture itself is kept. A photo without a capture time
 * is a problem with its place.
 */
import exifr from 'exifr';
import type { ImportReading } from './evidenceRecord.ts';
import { isInstant } from '../instant.ts';

/** `2025:05:27 18:03:00` (EXIF's form) → `2025-05-27T18:03:00` + offset (or Z). */
function exifInstant(raw: unknown, offset: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const m = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(raw.trim());
  if (!m) return null;
  const zone = typeof offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(offset.trim()) ? offset.trim() : 'Z';
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${zone}`;
  return isInstant(iso) ? iso : null;
}

export async function readPhoto(bytes: Uint8Array, file: string): Promise<ImportReading> {
  let tags: Record<string, unknown> | undefined;
  try {
    // Raw values: dates as EXIF wrote them, not turned into this machine's local time.
    tags = (await exifr.parse(bytes, { tiff: true, exif: true, gps: true, reviveValues: false, translateValues: false })) as Record<string, unknown> | undefined;
  } catch (e) {
    return { records: [], problems: [{ place: file, message: `not a photo exifr can read: ${(e as Error).message}` }] };
  }
  if (!tags) return { records: [], problems: [{ place: file, message: 'the photo has no EXIF metadata (no capture time)' }] };
  const taken = exifInstant(tags.DateTimeOriginal ?? tags.CreateDate ?? tags.DateTime, tags.OffsetTimeOriginal ?? tags.OffsetTime);
  if (!taken) return { records: [], problems: [{ place: file, message: 'the photo’s EXIF has no capture time (DateTimeOriginal)' }] };
  const lat = tags.latitude;
  const lon = tags.longitude;
  const gps = typeof lat === 'number' && typeof lon === 'number' && Number.isFinite(lat) && Number.isFinite(lon) ? { lat: Math.round(lat * 1e6) / 1e6, lon: Math.round(lon * 1e6) / 1e6 } : null;
  const camera = [tags.Make, tags.Model]
    .filter((x) => typeof x === 'string' && x.trim() !== '')
    .map((x) => String(x).trim())
    .join(' ');
  const name = file.split(/[\\/]/).pop() ?? file;
  return { records: [{ source: 'photos', observed_at: taken, payload: { file: name, taken_at: taken, ...(gps ? { gps } : {}), ...(camera ? { camera } : {}) } }], problems: [] };
}
