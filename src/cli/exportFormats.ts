/**
 * The `export --to` formats: the ones this version writes, and the rest of contract
 * §1.5, which are named so that asking for them gets a clear "not yet" rather than
 * "unknown format".
 */
export const EXPORT_FORMATS = ['clair', 'json', 'dot', 'graphml', 'svg'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const PLANNED_EXPORT_FORMATS: Readonly<Record<string, string>> = {
  'gaia-ir': 'Gaia IR (ir.json) needs Gaia documents',
  beliefs: "Gaia's beliefs.json needs Gaia documents",
  manifests: 'Gaia manifests need Gaia documents',
  explanations: 'explanation records need the explain stage',
  oplog: 'the operation log needs sessions with operations',
  smtlib: 'SMT-LIB2 needs FormalProposal documents',
};

export function isExportFormat(s: string): s is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(s);
}
