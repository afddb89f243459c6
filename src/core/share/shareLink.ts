/**
 * A document in a link: the page's "Copy link" and `warrant share FILE` put a document —
 * a text, a Gaia package's files, or a whole session archive with its signed log — into
 * the URL fragment, compressed, so opening the link loads it and nothing is sent to any
 * server (a fragment never leaves the browser).
 *
 *   BASE#share=<base64url(deflate(JSON))>
 *
 * The JSON is one of the payloads below with `format: "warrant.share.v1"`, keys in a
 * fixed order, so the same document always gives the same link, page or command line.
 * Level 4 compresses within a few per cent of level 6 in two thirds of the time.
 * Decoding is bounded: a link inflating past the archive limit is refused, never
 * expanded into memory; a link carrying a document (a text, a package's files) obeys
 * the document limit a paste or a file does (inputLimits.ts), checked as it inflates, so
 * a 250 MiB text that compresses to a small link stops after about 16 MiB.
 */
import { Inflate, deflateSync, strFromU8, strToU8 } from 'fflate';
import { MAX_DOCUMENT_BYTES, MAX_LOG_BYTES, tooLargeMessage, utf8Length } from '../text/inputLimits.ts';
import { base64UrlDecode as fromBase64Url, base64UrlEncode as toBase64Url } from './base64Url.ts';

export const SHARE_FORMAT = 'warrant.share.v1';
export const SHARE_KEY = 'share';

/**
 * The longest link offered: Chromium takes URLs up to 2 MB and other browsers less; past
 * this the session file is the way to share.
 */
export const MAX_SHARE_URL_CHARS = 1_500_000;

export type SharePayload =
  /** One document: its file name (which gives its language) and text. */
  | { readonly name: string; readonly text: string }
  /** A Gaia package opened as a project: its files, root-relative path → text. */
  | { readonly name: string; readonly files: readonly (readonly [string, string])[] }
  /** A session with its operation log: a `warrant.session.v1` archive, as its JSON text. */
  | { readonly name: string; readonly archive: string };

export type ShareLinkResult = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly reason: string; readonly chars: number };

export type ShareDecodeResult = { readonly ok: true; readonly payload: SharePayload } | { readonly ok: false; readonly reason: string };

/** The fragment's value (after `#share=`) for a payload. */
export function encodeShare(payload: SharePayload): string {
  const json = JSON.stringify(
    'text' in payload
      ? { format: SHARE_FORMAT, name: payload.name, text: payload.text }
      : 'files' in payload
        ? { format: SHARE_FORMAT, name: payload.name, files: [...payload.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) }
        : { format: SHARE_FORMAT, name: payload.name, archive: payload.archive },
  );
  return toBase64Url(deflateSync(strToU8(json), { level: 4 }));
}

/** The whole link on `base` (the page's address, without a fragment), or why there is none. */
export function shareUrl(base: string, payload: SharePayload): ShareLinkResult {
  const bytes = documentBytes(payload);
  if (bytes !== null && bytes > MAX_DOCUMENT_BYTES) return { ok: false, chars: 0, reason: tooLargeReason(bytes) };
  const url = `${base.replace(/#.*$/, '')}#${SHARE_KEY}=${encodeShare(payload)}`;
  if (url.length > MAX_SHARE_URL_CHARS) {
    return { ok: false, chars: url.length, reason: `the link would be ${formatSize(url.length)} long, over the ${formatSize(MAX_SHARE_URL_CHARS)} a browser takes; share the session file instead` };
  }
  return { ok: true, url };
}

/** Whether a URL fragment (with or without its `#`) carries a shared document. */
export function isShareFragment(hash: string): boolean {
  return hash.replace(/^#/, '').startsWith(`${SHARE_KEY}=`);
}

/** The payload a fragment (`#share=…`) carries, or why it cannot be read; `limit`: the most it may inflate to. */
export function decodeShare(hash: string, limit: number = MAX_LOG_BYTES): ShareDecodeResult {
  const value = hash.replace(/^#/, '').slice(SHARE_KEY.length + 1);
  const bytes = fromBase64Url(value);
  if (!bytes) return { ok: false, reason: 'the link is damaged (its data is not base64url); was it cut short when copied?' };
  const inflated = inflateBounded(bytes, limit);
  if (typeof inflated === 'string') return { ok: false, reason: inflated };
  let value2: unknown;
  try {
    value2 = JSON.parse(strFromU8(inflated));
  } catch {
    return { ok: false, reason: 'the link is damaged (its document is not readable JSON)' };
  }
  const read = readPayload(value2);
  // Exactly, now that it is read: the stream could only bound it from below.
  const size = read.ok ? documentBytes(read.payload) : null;
  return size !== null && size > MAX_DOCUMENT_BYTES ? { ok: false, reason: tooLargeReason(size) } : read;
}

/** The UTF-8 size of the document a payload carries (a text, or a package's files together); null for a session archive, whose import checks its texts. */
function documentBytes(payload: SharePayload): number | null {
  if ('text' in payload) return utf8Length(payload.text);
  if ('files' in payload) return payload.files.reduce((n, [, text]) => n + utf8Length(text), 0);
  return null;
}

/** "the link's document is too large: it is 20 MiB; Warrant reads at most 16 MiB for a document" (null: known only to be over). */
function tooLargeReason(bytes: number | null): string {
  return `the link's document is too large: ${tooLargeMessage(bytes, MAX_DOCUMENT_BYTES, 'document')}`;
}

function readPayload(v: unknown): ShareDecodeResult {
  if (typeof v !== 'object' || v === null) return { ok: false, reason: 'the link carries no document' };
  const o = v as Record<string, unknown>;
  if (o.format !== SHARE_FORMAT) return { ok: false, reason: `the link is of an unknown kind (${typeof o.format === 'string' ? o.format : 'no format'}); it may come from a newer Warrant` };
  if (typeof o.name !== 'string' || o.name.length === 0 || o.name.length > 300) return { ok: false, reason: 'the link names no document' };
  const name = o.name;
  if (typeof o.text === 'string') return { ok: true, payload: { name, text: o.text } };
  if (typeof o.archive === 'string') return { ok: true, payload: { name, archive: o.archive } };
  if (Array.isArray(o.files) && o.files.every((f) => Array.isArray(f) && f.length === 2 && typeof f[0] === 'string' && typeof f[1] === 'string')) {
    return { ok: true, payload: { name, files: o.files as [string, string][] } };
  }
  return { ok: false, reason: 'the link carries no text, files or session' };
}

/**
 * How a payload's JSON begins (keys in a fixed order, so its kind is known from its
 * first bytes): a document payload is held to the document limit as it inflates.
 */
const DOCUMENT_PAYLOAD = /^\{"format":"warrant\.share\.v1","name":"(?:[^"\\]|\\.)*","(?:text|files)":/;
/** The first bytes looked at for the payload's kind: a name is at most 300 characters, escaped at most 6 bytes each. */
const PREFIX_BYTES = 2048;
/** What a document payload holds besides its texts: format, name, keys, a package's paths. */
const DOCUMENT_SLACK_BYTES = 1024 * 1024;

/**
 * A lower bound on the UTF-8 bytes a JSON text's strings decode to, counted as it
 * streams: an escape (`\n`, `\"`, `\u0001`) counts one byte, anything else its own. What
 * is not a string (keys, commas) is counted too, which the slack above allows for.
 */
class DecodedBytes {
  count = 0;
  private escaped = false;
  private hexLeft = 0;

  add(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (this.hexLeft > 0) this.hexLeft--;
      else if (this.escaped) {
        this.escaped = false;
        this.count++;
        if (b === 0x75 /* u */) this.hexLeft = 4;
      } else if (b === 0x5c /* \ */) this.escaped = true;
      else this.count++;
    }
  }
}

/**
 * Inflates at most `limit` bytes: a link that would expand past it is refused as it
 * expands. A document payload stops once its texts are surely past the document limit.
 */
function inflateBounded(bytes: Uint8Array, limit: number): Uint8Array | string {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over: string | null = null;
  let kind: 'unknown' | 'document' | 'other' = 'unknown';
  const decoded = new DecodedBytes();
  const inflater = new Inflate((chunk, final) => {
    if (over !== null) return;
    total += chunk.length;
    if (total > limit) {
      over = `the link's document is larger than ${formatSize(limit)}`;
      return;
    }
    chunks.push(chunk);
    if (kind === 'unknown' && (total >= PREFIX_BYTES || final)) {
      kind = DOCUMENT_PAYLOAD.test(strFromU8(joinChunks(chunks, Math.min(total, PREFIX_BYTES)))) ? 'document' : 'other';
      if (kind === 'document') for (const c of chunks) decoded.add(c);
    } else if (kind === 'document') decoded.add(chunk);
    if (kind === 'document' && decoded.count > MAX_DOCUMENT_BYTES + DOCUMENT_SLACK_BYTES) over = tooLargeReason(null);
  });
  try {
    // Fed in slices so an oversized link stops early rather than after expanding whole.
    const SLICE = 16_384;
    for (let i = 0; i < bytes.length && over === null; i += SLICE) inflater.push(bytes.subarray(i, i + SLICE), i + SLICE >= bytes.length);
  } catch {
    return 'the link is damaged (its data does not decompress); was it cut short when copied?';
  }
  return over ?? joinChunks(chunks, total);
}

/** The first `length` bytes of `chunks`, as one array. */
function joinChunks(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    if (at >= length) break;
    const part = c.subarray(0, length - at);
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function formatSize(chars: number): string {
  return chars >= 1_000_000 ? `${(chars / 1_000_000).toFixed(1)} MB` : `${Math.ceil(chars / 1000)} KB`;
}
