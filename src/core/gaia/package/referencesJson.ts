/**
 * A package's references.json, checked as Gaia's loader checks it: a JSON object keyed
 * by citation key; each key reachable through the @-syntax; each entry an object with a
 * CSL 1.0.2 `type` and a non-empty string `title`. An absent file is no citations.
 * Problems are `reference-error` diagnostics on references.json (the key's position when
 * it can be found), and a package with one is refused, as Gaia refuses it.
 */
import type { Diagnostic } from '../../text/diagnostic.ts';
import { charRangeAt } from '../../text/charRange.ts';
import type { SourceRange } from '../../text/sourceRange.ts';
import { gaiaDiagnostic } from '../gaiaDiagnosticCodes.ts';
import { CITATION_KEY } from '../ir/referenceScan.ts';

/** CSL 1.0.2 item types. */
const CSL_TYPES: ReadonlySet<string> = new Set([
  'article', 'article-journal', 'article-magazine', 'article-newspaper', 'bill', 'book', 'broadcast', 'chapter', 'classic',
  'collection', 'dataset', 'document', 'entry', 'entry-dictionary', 'entry-encyclopedia', 'event', 'figure', 'graphic',
  'hearing', 'interview', 'legal_case', 'legislation', 'manuscript', 'map', 'motion_picture', 'musical_score', 'pamphlet',
  'paper-conference', 'patent', 'performance', 'periodical', 'personal_communication', 'post', 'post-weblog', 'regulation',
  'report', 'review', 'review-book', 'software', 'song', 'speech', 'standard', 'thesis', 'treaty', 'webpage',
]);

export const REFERENCES_FILE = 'references.json';

export interface References {
  readonly keys: ReadonlySet<string>;
  readonly diagnostics: readonly Diagnostic[];
}

const rangeAt = charRangeAt;

export function readReferences(text: string | null): References {
  if (text === null) return { keys: new Set(), diagnostics: [] };
  let keys: ReadonlySet<string> = new Set();
  // Keys stay known even when an entry is wrong, so its citations are not reported twice.
  const problem = (message: string, at: SourceRange = rangeAt(text, 0)): References => ({
    keys,
    diagnostics: [{ ...gaiaDiagnostic('reference-error', message, at), file: REFERENCES_FILE }],
  });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    const position = /position (\d+)/.exec(e instanceof Error ? e.message : '')?.[1];
    return problem(`references.json is not valid JSON: ${(e instanceof Error ? e.message : String(e)).replace(/ in JSON at position \d+.*$/, '')}`, rangeAt(text, position ? Number(position) : 0));
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return problem(`references.json must be a JSON object keyed by citation key, not ${Array.isArray(raw) ? 'an array' : raw === null ? 'null' : `a ${typeof raw}`}`);
  }
  keys = new Set(Object.keys(raw as object));
  for (const [key, entry] of Object.entries(raw as Record<string, unknown>)) {
    const at = rangeAt(text, Math.max(0, text.indexOf(JSON.stringify(key))));
    if (!CITATION_KEY.test(key)) {
      return problem(`the key '${key}' cannot be cited with @: citation keys start and end with a letter, digit or underscore, and in between use only those and :.#$%&+?<>~/-`, at);
    }
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return problem(`the entry '${key}' must be an object`, at);
    const { type, title } = entry as Record<string, unknown>;
    if (type === undefined) return problem(`the entry '${key}' has no 'type'`, at);
    if (typeof type !== 'string') return problem(`the entry '${key}' has a 'type' that is not a string`, at);
    if (!CSL_TYPES.has(type)) return problem(`the entry '${key}' has type '${type}', which is not a CSL 1.0.2 type (article-journal, book, webpage, software, dataset, …)`, at);
    if (title === undefined) return problem(`the entry '${key}' has no 'title'`, at);
    if (typeof title !== 'string') return problem(`the entry '${key}' has a 'title' that is not a string`, at);
    if (title === '') return problem(`the entry '${key}' has an empty 'title'`, at);
  }
  return { keys, diagnostics: [] };
}
