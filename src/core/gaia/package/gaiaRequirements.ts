/**
 * A package's dependencies on other Gaia packages, as Gaia's packaging reads
 * `[project] dependencies`: a PEP 508 requirement whose distribution name ends in
 * `-gaia` (`lenses-gaia>=1`, `lenses-gaia @ file:///…`) is a Gaia package, imported
 * under the name less `-gaia` with `-` → `_` (`lenses`). Other requirements are ordinary
 * Python packages and are not Gaia's concern.
 */
export interface GaiaRequirement {
  /** The distribution name as written (`lenses-gaia`). */
  readonly distName: string;
  /** The name modules import it by (`lenses`). */
  readonly importName: string;
  /** A `file://` URL's path, where the requirement gives one. */
  readonly filePath: string | null;
}

/** A requirement's distribution name and URL (`name [extras] @ url ; marker`), or null. */
export function parseRequirement(spec: string): { readonly name: string; readonly url: string | null } | null {
  const m = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*(?:@\s*([^\s;]+))?/.exec(spec);
  return m ? { name: m[1]!, url: m[2] ?? null } : null;
}

export function gaiaImportName(distName: string): string {
  return distName.replace(/-gaia$/i, '').replace(/[-.]/g, '_');
}

/** The Gaia packages among `dependencies`, in the order written. */
export function gaiaRequirements(dependencies: readonly string[]): GaiaRequirement[] {
  const out: GaiaRequirement[] = [];
  for (const spec of dependencies) {
    const r = parseRequirement(spec);
    if (!r || !r.name.toLowerCase().endsWith('-gaia')) continue;
    out.push({ distName: r.name, importName: gaiaImportName(r.name), filePath: r.url?.startsWith('file://') ? fileUrlPath(r.url) : null });
  }
  return out;
}

/** The path of a `file://` URL (`file:///p`, `file://localhost/p`), or null when it is malformed. */
function fileUrlPath(url: string): string | null {
  const m = /^file:\/\/(?:localhost)?(\/[^?#]*)/i.exec(url);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}
