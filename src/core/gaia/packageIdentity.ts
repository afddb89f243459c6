/**
 * A package's namespace, name and version (docs/contract.md §1.2): from explicit options (the
 * CLI's `--namespace/--package/--version`), else from a `pyproject.toml` read as Gaia
 * reads it (`[tool.gaia] namespace`, default `github`; `[project] name` less `-gaia`
 * with `-` → `_`; `[project] version`), else `local`, the file's stem with `-` → `_`,
 * and `0.1.0`. The manifests name the package by its project name less `-gaia`.
 */
import type { RegistrationClock } from './runtime/registrationClock.ts';
import type { FunctionAddresses } from './runtime/functionAddresses.ts';
import { readPyprojectToml } from './pyprojectToml.ts';

export interface GaiaPackageOptions {
  readonly namespace?: string | null;
  /** The import name (`galileo_v0_5`). */
  readonly package?: string | null;
  readonly version?: string | null;
  /** The text of the package's pyproject.toml, when there is one. */
  readonly pyprojectToml?: string | null;
  /** The document's file name without extension, for the default package name. */
  readonly fileStem?: string | null;
  /** When prior records are registered (runtime/registrationClock.ts); the Unix epoch when absent. */
  readonly clock?: RegistrationClock;
  /** Where functions live, for their repr (runtime/functionAddresses.ts); counted when absent. */
  readonly addresses?: FunctionAddresses;
}

export interface GaiaPackageIdentity {
  readonly namespace: string;
  readonly packageName: string;
  readonly version: string;
  /** The distribution name, e.g. `galileo-v0-5-gaia`. */
  readonly projectName: string;
  /** What the manifests call the package: the project name less `-gaia`. */
  readonly manifestPackage: string;
}

const DEFAULT_PACKAGE = 'package';

function withoutGaiaSuffix(name: string): string {
  return name.endsWith('-gaia') ? name.slice(0, -'-gaia'.length) : name;
}

export function resolvePackageIdentity(options: GaiaPackageOptions = {}): GaiaPackageIdentity {
  const py = options.pyprojectToml ? readPyprojectToml(options.pyprojectToml) : null;
  const fromProject = py?.projectName ? withoutGaiaSuffix(py.projectName).replace(/-/g, '_') : null;
  const packageName = options.package || fromProject || (options.fileStem ? options.fileStem.replace(/-/g, '_') : DEFAULT_PACKAGE);
  const namespace = options.namespace || (py ? py.namespace || 'github' : 'local');
  const version = options.version || py?.version || '0.1.0';
  const projectName = py?.projectName && !options.package ? py.projectName : `${packageName.replace(/_/g, '-')}-gaia`;
  return { namespace, packageName, version, projectName, manifestPackage: withoutGaiaSuffix(projectName) };
}
