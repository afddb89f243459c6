/**
 * Photo metadata as evidence, read with exifr: when the photo was taken and where (GPS),
 * plus the camera. Nothing of the picture itself is kept. A photo without a capture time
 * is a problem with its place.
 *
 * The time is the camera's DateTimeOriginal; a file that lost it (an edit, a conversion,
 * some phones' HEIF) is read from CreateDate, then ModifyDate, then the GPS receiver's
 * UTC stamp, and the record says which (`time_from`). EXIF dates are local wall times;
 * the offset is the one the camera wrote beside the date, else the one the GPS stamp
 * implies (the difference between the two clocks, when it is a real zone offset), else
 * none (written `Z`, read as the wall time it is).
 */
import exifr from 'exifr';
import type { ImportReading } from './evidenceRecord.ts';
import { instantMs, isInstant, offsetText, zoneMinutes } from '../instant.ts';

/** `2025:05:27 18:03:00` (EXIF's form) → `2025-05-27T18:03:00`, or null. */
function wallTime(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const m = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(raw.trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`;
  return isInstant(iso) ? iso : null;
}

/** An EXIF offset tag (`+02:00`) as written, or null when it is absent or no offset. */
const offsetOf = (raw: unknown): string | null => (typeof raw === 'string' && /^[+-]\d{2}:\d{2}$/.test(raw.trim()) && zoneMinutes(raw) !== null ? raw.trim() : null);

/** The GPS receiver's instant (UTC), from GPSDateStamp and GPSTimeStamp, or null. */
function gpsInstant(tags: Record<string, unknown>): string | null {
  const date = typeof tags.GPSDateStamp === 'string' ? /^(\d{4})[:-](\d{2})[:-](\d{2})/.exec(tags.GPSDateStamp.trim()) : null;
  const time = tags.GPSTimeStamp;
  if (!date || !Array.isArray(time) || time.length !== 3 || !time.every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0)) return null;
  const [h, m, s] = time as number[];
  const two = (x: number) => String(Math.floor(x)).padStart(2, '0');
  const iso = `${date[1]}-${date[2]}-${date[3]}T${two(h!)}:${two(m!)}:${two(s!)}Z`;
  return isInstant(iso) ? iso : null;
}

/** Offsets are whole quarters of an hour within ±14 h; the two clocks may drift apart by a few minutes. */
const QUARTER_MS = 15 * 60_000;
const DRIFT_MS = 2 * 60_000;

/** The zone offset the GPS stamp implies for a wall time, or null when the clocks disagree by more than a zone. */
function offsetFromGps(wall: string, gps: string | null): string | null {
  if (!gps) return null;
  const diff = instantMs(`${wall}Z`) - instantMs(gps);
  const quarters = Math.round(diff / QUARTER_MS);
  if (Math.abs(diff - quarters * QUARTER_MS) > DRIFT_MS || Math.abs(quarters) > 14 * 4) return null;
  return offsetText(quarters * 15);
}

/** An EXIF ASCII value: it ends at its first NUL (what follows is whatever the camera left in the field). */
const asciiText = (x: unknown): string => (typeof x === 'string' ? (x.split('\0')[0] ?? '').trim() : '');

/** Where a capture time may be, in order of trust, with the offset tag written for it. */
const TIME_TAGS: readonly { readonly date: string; readonly offset: string; readonly from: string | null }[] = [
  { date: 'DateTimeOriginal', offset: 'OffsetTimeOriginal', from: null },
  { date: 'CreateDate', offset: 'OffsetTimeDigitized', from: 'CreateDate' },
  { date: 'ModifyDate', offset: 'OffsetTime', from: 'ModifyDate' },
];

/** The capture instant as written in the record, and which tag gave it (null: DateTimeOriginal). */
function captureTime(tags: Record<string, unknown>): { readonly at: string; readonly from: string | null } | null {
  const gps = gpsInstant(tags);
  for (const t of TIME_TAGS) {
    const wall = wallTime(tags[t.date]);
    if (!wall) continue;
    const zone = offsetOf(tags[t.offset]) ?? offsetOf(tags.OffsetTime) ?? offsetFromGps(wall, gps) ?? 'Z';
    return { at: `${wall}${zone}`, from: t.from };
  }
  return gps ? { at: gps, from: 'GPS' } : null;
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
  const time = captureTime(tags);
  if (!time) return { records: [], problems: [{ place: file, message: 'the photo’s EXIF has no capture time (no DateTimeOriginal, CreateDate, ModifyDate or GPS time)' }] };
  const taken = time.at;
  const lat = tags.latitude;
  const lon = tags.longitude;
  const gps = typeof lat === 'number' && typeof lon === 'number' && Number.isFinite(lat) && Number.isFinite(lon) ? { lat: Math.round(lat * 1e6) / 1e6, lon: Math.round(lon * 1e6) / 1e6 } : null;
  const camera = [asciiText(tags.Make), asciiText(tags.Model)].filter((x) => x !== '').join(' ');
  const name = file.split(/[\\/]/).pop() ?? file;
  return {
    records: [
      { source: 'photos', observed_at: taken, payload: { file: name, taken_at: taken, ...(time.from ? { time_from: time.from } : {}), ...(gps ? { gps } : {}), ...(camera ? { camera } : {}) } },
    ],
    problems: [],
  };
}
