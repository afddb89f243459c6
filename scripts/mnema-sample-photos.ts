#!/usr/bin/env -S npx tsx
/**
 * Writes the sample corpus's photos (samples/mnema/photos/*.jpg): a 1×1 grey JPEG each,
 * with the EXIF a phone writes — Make, Model, DateTimeOriginal, OffsetTimeOriginal and
 * GPS latitude/longitude. Run once (`npx tsx scripts/mnema-sample-photos.ts`); the files
 * are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { exifJpeg, gpsAt, TAG } from '../test/support/exifJpeg.ts';

// Home (Prenzlauer Berg), the gym (Mitte), the yoga studio, a park on Sundays; offsets as the phone wrote them.
const PLACES: Record<string, [number, number]> = { home: [52.5392, 13.4246], gym: [52.5247, 13.4023], studio: [52.4983, 13.4181], park: [52.4731, 13.2517] };
const SHOTS: [string, string, string, string][] = [
  ['2025-03-04', '07:41', '+01:00', 'gym'],
  ['2025-03-11', '07:35', '+01:00', 'gym'],
  ['2025-03-20', '07:52', '+01:00', 'gym'],
  ['2025-04-08', '07:44', '+02:00', 'gym'],
  ['2025-03-08', '09:20', '+01:00', 'studio'],
  ['2025-03-22', '09:31', '+01:00', 'studio'],
  ['2025-04-26', '09:12', '+02:00', 'studio'],
  ['2025-03-16', '19:05', '+01:00', 'home'],
  ['2025-04-02', '21:40', '+02:00', 'home'],
  ['2025-04-19', '18:22', '+02:00', 'home'],
  ['2025-05-11', '20:03', '+02:00', 'home'],
  ['2025-04-06', '09:15', '+02:00', 'park'],
  ['2025-04-13', '09:02', '+02:00', 'park'],
];

const dir = new URL('../samples/mnema/photos/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const [date, time, offset, place] of SHOTS) {
  const [lat, lon] = PLACES[place]!;
  const name = `IMG_${date.replaceAll('-', '')}_${time.replace(':', '')}.jpg`;
  const tags = {
    ifd0: { [TAG.Make]: 'Pixel', [TAG.Model]: 'Pixel 8' },
    exif: { [TAG.DateTimeOriginal]: `${date.replaceAll('-', ':')} ${time}:00`, [TAG.OffsetTimeOriginal]: offset },
    gps: gpsAt(lat, lon),
  };
  writeFileSync(new URL(name, dir), exifJpeg(tags));
}
console.log(`${SHOTS.length} photos in ${dir.pathname}`);
