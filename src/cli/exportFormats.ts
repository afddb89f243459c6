/**
 * The `export --to` formats: the ones this version writes, and the rest of contract
 * §1.5, which are named so that asking for them gets a clear "not yet" rather than
 * "unknown format".
 */
export const EXPORT_FORMATS = ['clair', 'json', 'dot', 'graphml', 'svg', 'gaia-ir', 'beliefs', 'manifests', 'explanations', 'oplog', 'smtlib'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Formats that only one language has (a FormalProposal has only `smtlib`). */
export const FORMAT_LANGUAGE: Partial<Readonly<Record<ExportFormat, 'clair' | 'gaia' | 'proposal'>>> = {
  clair: 'clair',
  'gaia-ir': 'gaia',
  beliefs: 'gaia',
  manifests: 'gaia',
  smtlib: 'proposal',
};

/** Contract formats not written yet, with the reason (none at the moment). */
export const PLANNED_EXPORT_FORMATS: Readonly<Record<string, string>> = {};

export function isExportFormat(s: string): s is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(s);
}
