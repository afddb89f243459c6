/**
 * How much Warrant reads at once. The command line (src/node/readInput.ts) and the page
 * (opening or dropping a file, src/store/session/sessionImport.ts) refuse anything larger with
 * one clear message, so neither spends minutes and gigabytes on an input no one meant
 * to give it (docs/contract-extensions.md, "Input limits").
 *
 * - A document (CLAIR trace, Gaia module, FormalProposal): 16 MiB. The benchmark's
 *   largest trace (100k beliefs) is 7.3 MB; 16 MiB holds 200k such beliefs and stays
 *   below Monaco's large-file threshold (20 MB), past which the editor turns off
 *   tokenization and folding. Analysis is linear, so this bounds a run to seconds.
 * - A document that is its own operation log (a Mnema log), in the page: 128 MiB. It is
 *   a document and a log at once — the page edits, draws and derives it as text — and the derivation
 *   layer's benchmark log, 100,000 evidence records, is about 60 MB of signed ops. Monaco
 *   holds it with tokenizing off (past its 20 MB threshold), which a log of signed JSON
 *   lines does not miss.
 * - An operation log (`--ops LOG.jsonl`) or a session archive (which carries a log):
 *   256 MiB. A signed op is about 500 bytes of canonical JSON, so this is about half a
 *   million ops — five times the benchmark's 100k-op replay — and well below the
 *   longest string V8 can hold (2^29 − 24 UTF-16 code units).
 *
 * Limits are in bytes of UTF-8 (a file's size); text already in memory is measured by
 * its UTF-8 length too (`utf8Length`), so a paste and a file of the same text agree.
 */

/** The largest document read, in bytes: 16 MiB. */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

/** The largest document that is its own log (a Mnema log) the page opens, holds or takes a paste into, in bytes: 128 MiB (languageTable.ts `textLimitOf`). */
export const MAX_LOG_DOCUMENT_BYTES = 128 * 1024 * 1024;

/** What a document of `limit` bytes is called in a message: a log open as a document past the document limit. */
export function documentKindOf(limit: number): InputKind {
  return limit > MAX_DOCUMENT_BYTES ? 'log document' : 'document';
}

/** The largest operation log or session archive read, in bytes: 256 MiB. */
export const MAX_LOG_BYTES = 256 * 1024 * 1024;

/** `16 MiB`, `256 MiB`, `51.1 MiB`: a byte count as people read it (exact bytes when rounding would hide a difference: `16777217 bytes`). */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes < size) continue;
    const n = bytes / size;
    if (Number.isInteger(n)) return `${n} ${unit}`;
    const shown = n.toFixed(1);
    return shown.endsWith('.0') ? `${bytes} bytes` : `${shown} ${unit}`;
  }
  return bytes === 1 ? '1 byte' : `${bytes} bytes`;
}

const NON_ASCII = /[^\x00-\x7f]/;

/** The UTF-8 length of a text without encoding it (lone surrogates count 3, as TextEncoder writes U+FFFD). */
export function utf8Length(text: string): number {
  // Most documents are ASCII throughout: one native scan finds the first code unit that is not,
  // and only the rest is walked a code unit at a time (a 6 MB paste: ~3 ms, not ~35).
  const first = text.search(NON_ASCII);
  if (first < 0) return text.length;
  let n = first;
  for (let i = first; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

export type InputKind = 'document' | 'log document' | 'log' | 'archive';

const KIND_NAMES: Readonly<Record<InputKind, string>> = { document: 'a document', 'log document': 'a log open as a document', log: 'an operation log', archive: 'a session archive' };

/** "Warrant reads at most 16 MiB for a document". */
export function limitPhrase(limit: number, kind: InputKind): string {
  return `Warrant reads at most ${formatBytes(limit)} for ${KIND_NAMES[kind]}`;
}

/** The reason for an input over `limit`: "it is 51.1 MiB; Warrant reads at most 16 MiB for a document" (size unknown: "more than 16 MiB"). */
export function tooLargeMessage(bytes: number | null, limit: number, kind: InputKind): string {
  return `it is ${bytes === null ? `more than ${formatBytes(limit)}` : formatBytes(bytes)}; ${limitPhrase(limit, kind)}`;
}

/**
 * The UTF-8 size a document would have with `pasted` added, when that is over `limit`;
 * null when it fits. `current` is what the paste keeps of the document (all of it but a
 * selection it replaces): its length in UTF-16 code units and a way to get its text,
 * asked for only when the length alone cannot tell (a UTF-16 code unit is at most 3
 * bytes of UTF-8).
 */
export function pasteOverLimit(current: { readonly length: number; readonly text: () => string }, pasted: string, limit = MAX_DOCUMENT_BYTES): number | null {
  if ((current.length + pasted.length) * 3 <= limit) return null;
  const bytes = utf8Length(current.text()) + utf8Length(pasted);
  return bytes > limit ? bytes : null;
}
