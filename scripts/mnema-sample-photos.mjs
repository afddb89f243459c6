#!/usr/bin/env node
/**
 * Writes the sample corpus's photos (samples/mnema/photos/*.jpg): a 1×1 grey JPEG each,
 * with the EXIF a phone writes — Make, Model, DateTimeOriginal, OffsetTimeOriginal and
 * GPS latitude/longitude — laid out as TIFF by hand, so the importer is tested on real
 * EXIF bytes that exifr (not this script) reads back. Run once; the files are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';

// A baseline 1×1 JPEG (SOI through EOI) without any APP segment.
const PIXEL = Buffer.from(
  'ffd8ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffc0000b080001000101011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffda0008010100003f00d2cf20ffd9',
  'hex',
);

/** TIFF (big-endian) with IFD0 → Exif IFD and GPS IFD. */
function exif({ taken, offset, lat, lon }) {
  const entries = { ifd0: [], exif: [], gps: [] };
  const ascii = (s) => Buffer.from(s + '\0', 'ascii');
  const rationals = (v) => {
    const abs = Math.abs(v);
    const d = Math.floor(abs);
    const m = Math.floor((abs - d) * 60);
    const s = Math.round(((abs - d) * 60 - m) * 60 * 10000);
    const b = Buffer.alloc(24);
    [d, 1, m, 1, s, 10000].forEach((x, i) => b.writeUInt32BE(x, i * 4));
    return b;
  };
  entries.ifd0.push([0x010f, 2, ascii('Pixel')], [0x0110, 2, ascii('Pixel 8')]);
  entries.exif.push([0x9003, 2, ascii(taken)], [0x9011, 2, ascii(offset)]);
  entries.gps.push([0x0001, 2, ascii(lat >= 0 ? 'N' : 'S')], [0x0002, 5, rationals(lat)], [0x0003, 2, ascii(lon >= 0 ? 'E' : 'W')], [0x0004, 5, rationals(lon)]);
  const count = (type, data) => (type === 5 ? data.length / 8 : data.length);
  const ifdSize = (n) => 2 + n * 12 + 4;
  // Layout: header(8) | IFD0 (+2 pointers) | Exif IFD | GPS IFD | data
  const n0 = entries.ifd0.length + 2;
  const o0 = 8;
  const oExif = o0 + ifdSize(n0);
  const oGps = oExif + ifdSize(entries.exif.length);
  let oData = oGps + ifdSize(entries.gps.length);
  const chunks = [];
  const ifd = (list, extra = []) => {
    const all = [...list.map(([tag, type, data]) => ({ tag, type, data })), ...extra].sort((a, b) => a.tag - b.tag);
    const b = Buffer.alloc(ifdSize(all.length));
    b.writeUInt16BE(all.length, 0);
    all.forEach((e, i) => {
      const at = 2 + i * 12;
      b.writeUInt16BE(e.tag, at);
      b.writeUInt16BE(e.type, at + 2);
      if (e.type === 4) {
        b.writeUInt32BE(1, at + 4);
        b.writeUInt32BE(e.value, at + 8);
        return;
      }
      b.writeUInt32BE(count(e.type, e.data), at + 4);
      if (e.data.length <= 4) e.data.copy(b, at + 8);
      else {
        b.writeUInt32BE(oData, at + 8);
        chunks.push(e.data);
        oData += e.data.length;
      }
    });
    return b;
  };
  const head = Buffer.from('4d4d002a00000008', 'hex');
  const i0 = ifd(entries.ifd0, [
    { tag: 0x8769, type: 4, value: oExif },
    { tag: 0x8825, type: 4, value: oGps },
  ]);
  const iE = ifd(entries.exif);
  const iG = ifd(entries.gps);
  return Buffer.concat([Buffer.from('Exif\0\0', 'ascii'), head, i0, iE, iG, ...chunks]);
}

function jpeg(meta) {
  const app1 = exif(meta);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(app1.length + 2);
  return Buffer.concat([PIXEL.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, app1, PIXEL.subarray(2)]);
}

// Home (Prenzlauer Berg), the gym (Mitte), the yoga studio, a park on Sundays; offsets as the phone wrote them.
const PLACES = { home: [52.5392, 13.4246], gym: [52.5247, 13.4023], studio: [52.4983, 13.4181], park: [52.4731, 13.2517] };
const SHOTS = [
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
  const [lat, lon] = PLACES[place];
  const name = `IMG_${date.replaceAll('-', '')}_${time.replace(':', '')}.jpg`;
  writeFileSync(new URL(name, dir), jpeg({ taken: `${date.replaceAll('-', ':')} ${time}:00`, offset, lat, lon }));
}
console.log(`${SHOTS.length} photos in ${dir.pathname}`);
