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
 * expanded into memory.
 */
import { Inflate, deflateSync, strFromU8, strToU8 } from 'fflate';
import { MAX_LOG_BYTES } from '../text/inputLimits.ts';
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
  return readPayload(value2);
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

/** Inflates at most `limit` bytes: a link that would expand past it is refused as it expands. */
function inflateBounded(bytes: Uint8Array, limit: number): Uint8Array | string {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > limit) over = true;
    else chunks.push(chunk);
  });
  try {
    // Fed in slices so an oversized link stops early rather than after expanding whole.
    const SLICE = 16_384;
    for (let i = 0; i < bytes.length && !over; i += SLICE) inflater.push(bytes.subarray(i, i + SLICE), i + SLICE >= bytes.length);
  } catch {
    return 'the link is damaged (its data does not decompress); was it cut short when copied?';
  }
  if (over) return `the link's document is larger than ${formatSize(limit)}`;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function formatSize(chars: number): string {
  return chars >= 1_000_000 ? `${(chars / 1_000_000).toFixed(1)} MB` : `${Math.ceil(chars / 1000)} KB`;
}
