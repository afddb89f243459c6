/**
 * The content address of a revision text: `b3:` + the BLAKE3 hex of its UTF-8 bytes —
 * the same definition a revision op's `text_hash` uses.
 */
import { blake3 } from '@noble/hashes/blake3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { OpId } from '../core/oplog/operation.ts';

const encoder = new TextEncoder();

export function hashText(text: string): OpId {
  return `b3:${bytesToHex(blake3(encoder.encode(text)))}`;
}
