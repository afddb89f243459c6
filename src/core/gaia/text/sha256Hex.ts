/**
 * SHA-256 of a string's UTF-8 bytes, as lowercase hex (Python's
 * `sha256(s.encode()).hexdigest()`). Gaia hashes many short texts (ids, content hashes)
 * that repeat from one edit to the next, so short inputs are remembered.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const MEMO_LIMIT = 50_000;
const MEMO_MAX_LENGTH = 4096;
let memo = new Map<string, string>();

export function sha256Hex(text: string): string {
  if (text.length > MEMO_MAX_LENGTH) return bytesToHex(sha256(utf8ToBytes(text)));
  let hex = memo.get(text);
  if (hex === undefined) {
    hex = bytesToHex(sha256(utf8ToBytes(text)));
    if (memo.size >= MEMO_LIMIT) memo = new Map();
    memo.set(text, hex);
  }
  return hex;
}
