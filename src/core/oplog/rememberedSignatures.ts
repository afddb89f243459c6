/**
 * A signature check that remembers its verdicts: a log read again after an edit (a Mnema
 * log in the editor is read on every change) checks only the signatures it has not seen.
 * A verdict is kept for the signature, the key and the message's hash together, so a
 * signature copied onto other content or another author is checked afresh.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { b3Of } from './opId.ts';
import type { SignatureCheck } from './verifyOperation.ts';
import { nobleSignatureCheck } from './verifyOperation.ts';

/** How many verdicts are kept (the oldest go first): a few MB at most. */
const KEPT = 20_000;

export function rememberedSignatureCheck(check: SignatureCheck = nobleSignatureCheck, kept = KEPT): SignatureCheck {
  const verdicts = new Map<string, boolean>();
  return (signature, message, publicKey) => {
    const key = `${bytesToHex(signature)}${bytesToHex(publicKey)}${b3Of(message)}`;
    const known = verdicts.get(key);
    if (known !== undefined) return known;
    const verdict = check(signature, message, publicKey);
    verdicts.set(key, verdict);
    if (verdicts.size > kept) verdicts.delete(verdicts.keys().next().value!);
    return verdict;
  };
}
