/**
 * The ids of the languages Warrant reads, declared once. Every `Language` type, every
 * schema that accepts a language and every "is this a language" check derives from this
 * list (languageTable.ts has one row per id; a test holds the two together and fails on
 * a list or a `language === 'gaia'` branch written anywhere else).
 *
 * Kept apart from the rows so that the graph model, the op log and the stores can name
 * the type without importing the table.
 */
export const LANGUAGE_IDS = ['clair', 'gaia', 'proposal', 'mnema'] as const;

export type Language = (typeof LANGUAGE_IDS)[number];

const IDS: ReadonlySet<string> = new Set(LANGUAGE_IDS);

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && IDS.has(x);
}

/**
 * Whether two analyses (or documents) are of one language: what may be reused, patched
 * or compared between them. Asked here rather than compared in place, so the one test
 * that scans for language branches needs no exceptions.
 */
export function sameLanguage(a: Language | null | undefined, b: Language | null | undefined): boolean {
  return a !== undefined && a !== null && a === b;
}

/** The ids as a reader would list them: `clair, gaia or proposal`. */
export function languageList(conjunction = 'or'): string {
  return `${LANGUAGE_IDS.slice(0, -1).join(', ')} ${conjunction} ${LANGUAGE_IDS[LANGUAGE_IDS.length - 1]}`;
}
