/**
 * A package's `pyproject.toml`, read by a real TOML parser (smol-toml, TOML 1.0), and
 * the fields Gaia takes from it: `[project] name`, `version`, `dependencies`,
 * `[tool.gaia] namespace` and `type`, and `[tool.uv.sources]` (local dependencies).
 * A file that is not valid TOML is reported with the parser's line and column.
 */
import { parse, TomlError } from 'smol-toml';

export interface PyprojectFields {
  readonly projectName: string | null;
  readonly version: string | null;
  readonly namespace: string | null;
  readonly gaiaType: string | null;
  /** `[project] dependencies`, as written (PEP 508 strings). */
  readonly dependencies: readonly string[];
  /** `[tool.uv.sources]`: distribution name → local path, where one is given. */
  readonly localSources: ReadonlyMap<string, string>;
  /** Why the text is not valid TOML (1-based position), or null. */
  readonly error: { readonly message: string; readonly line: number; readonly column: number } | null;
}

type Table = Readonly<Record<string, unknown>>;

function table(v: unknown): Table {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Table) : {};
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

export function readPyprojectToml(text: string): PyprojectFields {
  let doc: Table;
  try {
    doc = parse(text) as Table;
  } catch (e) {
    const at = e instanceof TomlError ? { line: e.line, column: e.column } : { line: 1, column: 1 };
    const message = (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
    return { projectName: null, version: null, namespace: null, gaiaType: null, dependencies: [], localSources: new Map(), error: { message, ...at } };
  }
  const project = table(doc['project']);
  const tool = table(doc['tool']);
  const gaia = table(tool['gaia']);
  const sources = table(table(tool['uv'])['sources']);
  const localSources = new Map<string, string>();
  for (const [name, source] of Object.entries(sources)) {
    const path = str(table(source)['path']);
    if (path) localSources.set(name, path);
  }
  const deps = Array.isArray(project['dependencies']) ? project['dependencies'].filter((d): d is string => typeof d === 'string') : [];
  return {
    projectName: str(project['name']),
    version: str(project['version']),
    namespace: str(gaia['namespace']),
    gaiaType: str(gaia['type']),
    dependencies: deps,
    localSources,
    error: null,
  };
}
