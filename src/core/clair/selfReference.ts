/**
 * The CLAIR spec's bootstrap case (Stratification): a belief about the reasoner's own
 * beliefs or reliability, written without naming any belief by id —
 *
 *     b1 .9 L0 @self "I am reliable"
 *     b2 .95 L0 @self <b1 "my beliefs are trustworthy"   ; ✗ same level self-reference
 *
 * The contract's naming rule (§2) cannot see it: b2 names no id. This module finds the
 * self-reference in the content; graphChecks reads such a belief as being about the
 * beliefs it rests on, and applies the meta-belief constraint to them.
 *
 * Deliberately narrow, taken from the spec's own words, so ordinary content never trips
 * it: a first-person possessive before a word for beliefs or their standing ("my
 * beliefs", "our own judgement", "my reliability"), or the reasoner calling itself
 * reliable ("I am reliable", "we're well-calibrated"). "I believe …", "I trust …",
 * "my tests are reliable" and "this statement is false" are not self-references here.
 */

/** Where the self-reference stands in the content: `[start, end)` in its characters. */
export interface SelfReference {
  readonly start: number;
  readonly end: number;
}

/** At most one of these between "I am" and the adjective: "I am not reliable", "we are highly reliable". */
const QUALIFIER = '(?:not|always|very|highly|fully|completely|generally|perfectly|entirely|quite|totally)';

/**
 * Case-insensitive, ASCII word boundaries. Both alternatives start with a fixed word, so
 * a scan is linear in the content's length.
 */
const SELF_REFERENCE = new RegExp(
  [
    // "my beliefs", "our own judgements", "my reliability"
    String.raw`\b(?:my|our)(?:\s+own)?\s+(?:beliefs?|reliability|trustworthiness|judge?ments?)\b`,
    // "I am reliable", "I'm trustworthy", "we are well-calibrated", "I am not infallible"
    String.raw`\b(?:i\s+am|i['’]m|we\s+are|we['’]re)(?:\s+${QUALIFIER})?\s+(?:reliable|trustworthy|(?:well[-\s])?calibrated|infallible)\b`,
  ].join('|'),
  'i',
);

/**
 * Every self-reference ends in one of these stems. Most contents hold none, and testing
 * for them is several times cheaper than the full pattern (a 10k-belief trace at one
 * level runs this for nearly every belief).
 */
const KEY_WORD = /belie|reliab|trustworth|judge?ment|calibrat|infallib/i;

/** The first self-reference in `content`, or null. */
export function selfReference(content: string): SelfReference | null {
  if (!KEY_WORD.test(content)) return null;
  const m = SELF_REFERENCE.exec(content);
  return m ? { start: m.index, end: m.index + m[0].length } : null;
}
