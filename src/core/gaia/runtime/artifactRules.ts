/**
 * What Gaia requires of an artifact (a note for a figure, table, data set, notebook or
 * attachment), shared by the verbs that make one and the compile-time check of any node
 * carrying artifact metadata.
 */

export const ARTIFACT_KINDS: ReadonlySet<string> = new Set(['attachment', 'dataset', 'figure', 'notebook', 'table']);

/** Kinds that, taken from a source, must say where in it they are (a page, a figure number). */
export const LOCATED_KINDS: ReadonlySet<string> = new Set(['figure', 'table']);

/** A path relative to the package that stays inside it (read as a POSIX path). */
export function pathInsidePackage(path: string): boolean {
  return !path.startsWith('/') && !path.split('/').includes('..');
}
