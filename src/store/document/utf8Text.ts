/**
 * Files are UTF-8. A file in another encoding (Latin-1, Windows-1252) read as UTF-8
 * comes out silently garbled (é as U+FFFD), so it is refused with a sentence, as the
 * command line refuses it (src/node/readInput.ts), rather than opened as garbage.
 */

/** Why a file was refused, after its name: "café.clair was not opened: …". */
export const NOT_UTF8 = 'it is not UTF-8 text (Latin-1 or Windows-1252, perhaps): save it as UTF-8 and open it again';

/**
 * The text of `bytes` as UTF-8 (a byte-order mark dropped), or null when they are not
 * UTF-8. Binary data (NUL bytes) is decoded leniently: the callers name it binary.
 */
export function decodeUtf8(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return new TextDecoder('utf-8').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** decodeUtf8, throwing NOT_UTF8 for text in another encoding (for readers whose failures are messages). */
export function decodeUtf8OrThrow(bytes: Uint8Array): string {
  const text = decodeUtf8(bytes);
  if (text === null) throw new Error(NOT_UTF8);
  return text;
}
