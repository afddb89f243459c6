/**
 * A 1×1 grey JPEG carrying the EXIF tags asked for, laid out as big-endian TIFF by hand
 * (IFD0, then the Exif and GPS IFDs it points to), so the photo importer is tested on EXIF
 * bytes that exifr — not this writer — reads back. Used for the sample corpus's photos
 * (scripts/mnema-sample-photos.ts) and for the importer's cases of what cameras leave out.
 */

// A baseline 1×1 JPEG (SOI through EOI) without any APP segment.
const PIXEL = Buffer.from(
  'ffd8ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffc0000b080001000101011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffda0008010100003f00d2cf20ffd9',
  'hex',
);

/** Tags by number: a string is ASCII, a list of numbers is RATIONALs (a whole number over 1, else to 1/10,000). */
export type TagValues = Readonly<Record<number, string | readonly number[]>>;

export interface ExifTags {
  readonly ifd0?: TagValues;
  readonly exif?: TagValues;
  readonly gps?: TagValues;
}

/** EXIF tag numbers the importer reads. */
export const TAG = {
  Make: 0x010f,
  Model: 0x0110,
  ModifyDate: 0x0132,
  DateTimeOriginal: 0x9003,
  CreateDate: 0x9004,
  OffsetTime: 0x9010,
  OffsetTimeOriginal: 0x9011,
  OffsetTimeDigitized: 0x9012,
  GPSLatitudeRef: 0x0001,
  GPSLatitude: 0x0002,
  GPSLongitudeRef: 0x0003,
  GPSLongitude: 0x0004,
  GPSTimeStamp: 0x0007,
  GPSDateStamp: 0x001d,
} as const;

/** Degrees as EXIF writes them: degrees, minutes, seconds. */
export function dms(v: number): number[] {
  const abs = Math.abs(v);
  const d = Math.floor(abs);
  const m = Math.floor((abs - d) * 60);
  return [d, m, ((abs - d) * 60 - m) * 60];
}

/** GPS tags for a place. */
export function gpsAt(lat: number, lon: number): TagValues {
  return { [TAG.GPSLatitudeRef]: lat >= 0 ? 'N' : 'S', [TAG.GPSLatitude]: dms(lat), [TAG.GPSLongitudeRef]: lon >= 0 ? 'E' : 'W', [TAG.GPSLongitude]: dms(lon) };
}

interface Entry {
  readonly tag: number;
  readonly type: 2 | 4 | 5;
  readonly data: Buffer;
  readonly value?: number;
}

function entriesOf(values: TagValues = {}): Entry[] {
  return Object.entries(values).map(([tag, v]) => {
    if (typeof v === 'string') return { tag: Number(tag), type: 2, data: Buffer.from(`${v}\0`, 'ascii') };
    const b = Buffer.alloc(v.length * 8);
    v.forEach((x, i) => {
      const whole = Number.isInteger(x);
      b.writeUInt32BE(whole ? x : Math.round(x * 10_000), i * 8);
      b.writeUInt32BE(whole ? 1 : 10_000, i * 8 + 4);
    });
    return { tag: Number(tag), type: 5, data: b };
  });
}

function tiff(tags: ExifTags): Buffer {
  const ifd0 = entriesOf(tags.ifd0);
  const exif = entriesOf(tags.exif);
  const gps = entriesOf(tags.gps);
  const ifdSize = (n: number) => 2 + n * 12 + 4;
  const pointers = (exif.length > 0 ? 1 : 0) + (gps.length > 0 ? 1 : 0);
  const oExif = 8 + ifdSize(ifd0.length + pointers);
  const oGps = oExif + (exif.length > 0 ? ifdSize(exif.length) : 0);
  let oData = oGps + (gps.length > 0 ? ifdSize(gps.length) : 0);
  const chunks: Buffer[] = [];
  const ifd = (list: Entry[]) => {
    const all = [...list].sort((a, b) => a.tag - b.tag);
    const b = Buffer.alloc(ifdSize(all.length));
    b.writeUInt16BE(all.length, 0);
    all.forEach((e, i) => {
      const at = 2 + i * 12;
      b.writeUInt16BE(e.tag, at);
      b.writeUInt16BE(e.type, at + 2);
      if (e.type === 4) {
        b.writeUInt32BE(1, at + 4);
        b.writeUInt32BE(e.value ?? 0, at + 8);
        return;
      }
      b.writeUInt32BE(e.type === 5 ? e.data.length / 8 : e.data.length, at + 4);
      if (e.data.length <= 4) e.data.copy(b, at + 8);
      else {
        b.writeUInt32BE(oData, at + 8);
        chunks.push(e.data);
        oData += e.data.length;
      }
    });
    return b;
  };
  const links: Entry[] = [
    ...(exif.length > 0 ? [{ tag: 0x8769, type: 4 as const, data: Buffer.alloc(0), value: oExif }] : []),
    ...(gps.length > 0 ? [{ tag: 0x8825, type: 4 as const, data: Buffer.alloc(0), value: oGps }] : []),
  ];
  const parts = [Buffer.from('4d4d002a00000008', 'hex'), ifd([...ifd0, ...links])];
  if (exif.length > 0) parts.push(ifd(exif));
  if (gps.length > 0) parts.push(ifd(gps));
  return Buffer.concat([...parts, ...chunks]);
}

/** The JPEG's bytes, its EXIF in an APP1 segment after SOI. */
export function exifJpeg(tags: ExifTags): Buffer {
  const app1 = Buffer.concat([Buffer.from('Exif\0\0', 'ascii'), tiff(tags)]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(app1.length + 2);
  return Buffer.concat([PIXEL.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, app1, PIXEL.subarray(2)]);
}
