/**
 * What a running module sees of the package around it: the other modules of the package,
 * imported on first use as Python's import system does (a module is registered before it
 * runs, so an import cycle sees the partial module). The package runner implements it.
 */
import type { GaiaRuntime } from './gaiaRuntime.ts';

export interface LoadedModule {
  /** The dotted import name (`galileo.sub.mod`). */
  readonly name: string;
  readonly rt: GaiaRuntime;
  /** A package (`__init__.py`, or a folder without one): relative imports start here. */
  readonly isPackage: boolean;
  /** Still running: a cycle reached it. */
  running: boolean;
}

export interface ModuleLoader {
  /** The package's import name (`galileo_v0_5`). */
  readonly packageName: string;
  /** Gaia packages it depends on (`[project] dependencies` ending in -gaia): import name → distribution name. */
  readonly dependencies?: ReadonlyMap<string, string>;
  /** Whether a dotted name is a module of the package. */
  has(name: string): boolean;
  /** The module, run the first time it is asked for; undefined when the package has no such module. */
  load(name: string): LoadedModule | undefined;
}
