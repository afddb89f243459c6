/**
 * `import` and `from … import …` in a package module, resolved as Python resolves them
 * when Gaia loads the package: Gaia Lang from `gaia.engine.lang`; the package's own
 * modules (relative or absolute), run on first import; `typing` names for annotations.
 * Anything else cannot be followed, so its values would be unknown and the graph could
 * silently differ from Gaia's: that is an `unresolved-import` error, never a warning.
 */
import type { PyStatement } from '../../python/pyAst.ts';
import type { SourceRange } from '../../text/sourceRange.ts';
import { BAYES_NAMES, BAYES_SUBMODULE_NAMES, COMPAT_ONLY, LANG_SUBMODULE_NAMES, GAIA_LANG_MODULES, isBayesModule, isGaiaLangName, STAR_IMPORT_NAMES, GAIA_IR_MODULES, GAIA_IR_NAMES } from './gaiaNames.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { OPAQUE } from './gaiaValues.ts';
import type { LoadedModule } from './moduleLoader.ts';
import { isEvaluatedStdlib, stdlibMember } from './stdlib/stdlibModules.ts';

const COMPAT_MODULE = 'gaia.engine.lang.compat';
/** Modules whose names only annotate: bound quietly, but refused if used as values. */
const ANNOTATION_MODULES = new Set(['typing', 'typing_extensions', 'collections.abc']);
/**
 * Standard-library modules: Gaia imports them fine, so importing one is only a warning;
 * their names are bound as values Warrant does not evaluate, refused (an error) where
 * they are used, since there they could change the graph.
 */
const STANDARD_LIBRARY = new Set([
  'abc', 'argparse', 'ast', 'base64', 'bisect', 'calendar', 'cmath', 'collections', 'contextlib', 'copy', 'csv', 'dataclasses',
  'datetime', 'decimal', 'enum', 'fractions', 'functools', 'glob', 'hashlib', 'heapq', 'importlib', 'inspect', 'io', 'itertools',
  'json', 'logging', 'math', 'numbers', 'operator', 'os', 'pathlib', 'pprint', 'random', 're', 'shutil', 'statistics', 'string',
  'struct', 'sys', 'textwrap', 'time', 'types', 'unicodedata', 'uuid', 'warnings',
]);

function isStandardLibrary(module: string): boolean {
  return STANDARD_LIBRARY.has(module.split('.')[0]!);
}

type ImportFrom = Extract<PyStatement, { kind: 'importFrom' }>;
type Import = Extract<PyStatement, { kind: 'import' }>;

export function bindName(rt: GaiaRuntime, name: string, value: GValue, range: SourceRange): void {
  rt.setName(name, value);
  // Module names only: a function's locals are not symbols of the package.
  if (rt.frames.length === 0) rt.uses.push({ name, kind: 'definition', range });
}

/** The absolute name of `from .x import` in this module (null when it climbs past the top). */
export function absoluteModule(rt: GaiaRuntime, written: string): string | null {
  const dots = /^\.*/.exec(written)![0].length;
  if (dots === 0) return written;
  const here = rt.isPackage ? rt.moduleName : rt.moduleName.split('.').slice(0, -1).join('.');
  const parts = here === '' ? [] : here.split('.');
  const up = dots - 1;
  if (up >= parts.length) return null;
  const base = parts.slice(0, parts.length - up);
  const rest = written.slice(dots);
  return rest ? [...base, rest].join('.') : base.join('.');
}

/** A module of this package or of a dependency given with it (the loader knows its top). */
function isOwnModule(rt: GaiaRuntime, name: string): boolean {
  const top = name.split('.')[0]!;
  if (rt.loader) return top === rt.loader.packageName || rt.loader.has(top);
  return top === rt.moduleName.split('.')[0];
}

/** Loads a module of the package (and the packages above it, as importing `a.b.c` does). */
function loadChain(rt: GaiaRuntime, name: string): LoadedModule | undefined {
  return rt.loader?.load(name);
}

function unresolved(rt: GaiaRuntime, what: string, range: SourceRange): void {
  rt.report('unresolved-import', what, range);
}

/** Why a module outside the package cannot be followed. */
function foreignModuleMessage(rt: GaiaRuntime, module: string): string {
  if (module === 'gaia.lang' || module.startsWith('gaia.lang.')) {
    return `${module} is the pre-v0.5 Gaia Lang, which Gaia no longer has: import from gaia.engine.lang (see Gaia's v0.5 migration guide)`;
  }
  if (module.startsWith('gaia')) return `${module} is not a Gaia Lang module Warrant evaluates (it reads gaia.engine.lang)`;
  const top = module.split('.')[0]!;
  const dependency = rt.loader?.dependencies?.get(top);
  if (dependency) {
    return `${module} comes from ${dependency}, a Gaia package this one depends on, which is not here: give its folder with --deps DIR (a folder of package folders), a [tool.uv.sources] path or a file:// requirement`;
  }
  if (rt.loader && top !== rt.loader.packageName) {
    return `no module named ${module}: neither in this package nor a Gaia package given beside it (Warrant evaluates a package's own modules and Gaia Lang, not other Python packages)`;
  }
  return `no module named ${module} in this package`;
}

export function importFrom(rt: GaiaRuntime, s: ImportFrom): void {
  const written = s.module;
  if (written === '__future__') return;
  const m = absoluteModule(rt, written);
  if (m === null) {
    unresolved(rt, `the relative import ${written} climbs above the package`, s.range);
    return bindAllOpaque(rt, s);
  }
  if (GAIA_LANG_MODULES.has(m)) return importGaiaNames(rt, s, m);
  const langSubmodule = LANG_SUBMODULE_NAMES.get(m);
  if (langSubmodule) return importLangSubmoduleNames(rt, s, m, langSubmodule);
  if (GAIA_IR_MODULES.has(m)) return importIrNames(rt, s, m);
  if (m === EXTENSIONS_MODULE) return importExtensionNames(rt, s);
  if (m === 'gaia.engine.bayes') {
    rt.pkg.lowerers.importBayes(rt, s.range);
    return importBayesNames(rt, s);
  }
  if (m === 'gaia.unit') return importUnitNames(rt, s);
  if (m === 'gaia' && s.names.every((n) => n.name === 'unit')) {
    for (const { asName, range } of s.names) bindName(rt, asName ?? 'unit', { t: 'module', path: 'gaia.unit' }, range);
    return;
  }
  if (m === 'gaia.engine' && s.names.every((n) => n.name === 'bayes')) {
    rt.pkg.lowerers.importBayes(rt, s.range);
    for (const { asName, range } of s.names) bindName(rt, asName ?? 'bayes', { t: 'module', path: 'gaia.engine.bayes' }, range);
    return;
  }
  const bayesSubmodule = BAYES_SUBMODULE_NAMES.get(m);
  if (bayesSubmodule) {
    // Importing a submodule runs gaia.engine.bayes first, which registers its lowerer.
    rt.pkg.lowerers.importBayes(rt, s.range);
    return importBayesNames(rt, s, m, bayesSubmodule);
  }
  if (isBayesModule(m) || (m === 'gaia.engine' && s.names.some((n) => n.name === 'bayes'))) {
    rt.report('unsupported', `${m}: of the bayes module Warrant evaluates gaia.engine.bayes's model and compare`, s.range);
    return bindAllOpaque(rt, s);
  }
  if (isEvaluatedStdlib(m)) return importStdlibNames(rt, s, m);
  if (ANNOTATION_MODULES.has(m) || isStandardLibrary(m)) {
    if (!ANNOTATION_MODULES.has(m)) rt.report('unsupported-import', `${m} is a standard-library module Warrant does not evaluate: its names are refused where they are used`, s.range);
    for (const { name, asName, range } of s.names) if (name !== '*') bindName(rt, asName ?? name, { t: 'external', name: `${m}.${name}` }, range);
    return;
  }
  if (!isOwnModule(rt, m) || !rt.loader) {
    unresolved(rt, foreignModuleMessage(rt, m), s.range);
    return bindAllOpaque(rt, s);
  }
  const source = loadChain(rt, m);
  if (!source) {
    unresolved(rt, `no module named ${m} in ${m.split('.')[0] === rt.loader.packageName ? 'this package' : `the package ${m.split('.')[0]}`}`, s.range);
    return bindAllOpaque(rt, s);
  }
  for (const { name, asName, range } of s.names) {
    if (name === '*') {
      starImport(rt, source, range);
      continue;
    }
    const local = asName ?? name;
    const value = source.rt.globals.get(name);
    if (value !== undefined) {
      bindName(rt, local, value, range);
      continue;
    }
    const sub = rt.loader.has(`${m}.${name}`) ? loadChain(rt, `${m}.${name}`) : undefined;
    if (sub) {
      bindName(rt, local, { t: 'pymodule', m: sub }, range);
      continue;
    }
    const partial = source.running ? ` (${m} is still running: an import cycle reached it before it defined ${name})` : '';
    unresolved(rt, `cannot import ${name} from ${m}${partial}`, range);
    bindName(rt, local, OPAQUE, range);
  }
}

/** `from m import *`: the names in `m.__all__`, else every public name. */
function starImport(rt: GaiaRuntime, source: LoadedModule, range: SourceRange): void {
  const all = source.rt.globals.get('__all__');
  if (all === undefined) {
    for (const [name, value] of source.rt.globals) if (!name.startsWith('_')) rt.globals.set(name, value);
    return;
  }
  if (all.t === 'opaque') return;
  if (all.t !== 'seq' || all.items.some((i) => i.t !== 'str' && i.t !== 'opaque')) {
    rt.report('export-error', `${source.name}.__all__ must be a list or tuple of strings for import *`, range);
    return;
  }
  for (const item of all.items) {
    if (item.t !== 'str') continue;
    const value = source.rt.globals.get(item.v) ?? (rt.loader?.has(`${source.name}.${item.v}`) ? loadModuleValue(rt, `${source.name}.${item.v}`) : undefined);
    if (value === undefined) {
      unresolved(rt, `import * from ${source.name}: its __all__ names ${item.v}, which it does not define`, range);
      continue;
    }
    rt.globals.set(item.v, value);
  }
}

function loadModuleValue(rt: GaiaRuntime, name: string): GValue | undefined {
  const m = loadChain(rt, name);
  return m ? { t: 'pymodule', m } : undefined;
}

/** `from math import sqrt, pi`: the names Warrant evaluates; any other is refused where it is used. */
function importStdlibNames(rt: GaiaRuntime, s: ImportFrom, m: string): void {
  for (const { name, asName, range } of s.names) {
    if (name === '*') {
      rt.report('unsupported-import', `import * from ${m} is outside what Warrant evaluates: import the names you use`, range);
      continue;
    }
    const value = stdlibMember(m, name);
    if (value === undefined) rt.report('unsupported-import', `${m}.${name} is not evaluated by Warrant: it is refused where it is used`, range);
    bindName(rt, asName ?? name, value ?? { t: 'external', name: `${m}.${name}` }, range);
  }
}

function bindAllOpaque(rt: GaiaRuntime, s: ImportFrom): void {
  for (const { name, asName, range } of s.names) if (name !== '*') bindName(rt, asName ?? name, OPAQUE, range);
}

function importGaiaNames(rt: GaiaRuntime, s: ImportFrom, m: string): void {
  for (const { name, asName, range } of s.names) {
    const local = asName ?? name;
    if (name === '*') {
      const names = m === COMPAT_MODULE ? [...COMPAT_ONLY] : STAR_IMPORT_NAMES;
      for (const n of names) rt.globals.set(n, { t: 'gaia', name: n });
      continue;
    }
    const known = m === COMPAT_MODULE ? COMPAT_ONLY.has(name) || name === 'ClaimAtom' : isGaiaLangName(name);
    if (known) bindName(rt, local, { t: 'gaia', name }, range);
    else {
      rt.report('unknown-import', `${m} has no name ${name}`, range);
      bindName(rt, local, OPAQUE, range);
    }
  }
}

/** `from gaia.engine.lang.runtime.domain import Domain`: a name gaia.engine.lang re-exports, from where it is defined. */
function importLangSubmoduleNames(rt: GaiaRuntime, s: ImportFrom, m: string, names: ReadonlySet<string>): void {
  for (const { name, asName, range } of s.names) {
    if (names.has(name) && isGaiaLangName(name)) {
      bindName(rt, asName ?? name, { t: 'gaia', name }, range);
      continue;
    }
    rt.report('unsupported', `${name === '*' ? `import * from ${m}` : `${m}.${name}`}: of ${m} Warrant evaluates ${[...names].join(', ')} (import them from gaia.engine.lang)`, range);
    if (name !== '*') bindName(rt, asName ?? name, OPAQUE, range);
  }
}

/** `from gaia.unit import q`: of Gaia's unit facade, the quantity maker. */
function importUnitNames(rt: GaiaRuntime, s: ImportFrom): void {
  for (const { name, asName, range } of s.names) {
    if (name === 'q') bindName(rt, asName ?? name, { t: 'gaia', name: 'gaia.unit.q' }, range);
    else {
      rt.report('unsupported', `${name === '*' ? 'import * from gaia.unit' : `gaia.unit.${name}`}: of gaia.unit Warrant evaluates q(value, unit)`, range);
      if (name !== '*') bindName(rt, asName ?? name, OPAQUE, range);
    }
  }
}

/** `from gaia.engine.bayes import model, compare` (or from the submodule that defines them). */
function importBayesNames(rt: GaiaRuntime, s: ImportFrom, m = 'gaia.engine.bayes', names: ReadonlySet<string> | null = null): void {
  for (const { name, asName, range } of s.names) {
    const verb = names === null || names.has(name) ? BAYES_NAMES.get(name) : undefined;
    if (verb) bindName(rt, asName ?? name, { t: 'gaia', name: verb }, range);
    else {
      rt.report('unsupported', `${name === '*' ? `import * from ${m}` : `${m}.${name}`}: of the bayes module Warrant evaluates model, compare and PrecomputedLikelihoods`, range);
      if (name !== '*') bindName(rt, asName ?? name, OPAQUE, range);
    }
  }
}

/** Gaia's compiler-extension hook: the lowerer registry's two functions (extensions/lowererVerbs.ts). */
const EXTENSIONS_MODULE = 'gaia.engine.lang.compiler.extensions';
const EXTENSION_NAMES: ReadonlySet<string> = new Set(['register_action_lowerer', 'registered_action_lowerers']);

function importExtensionNames(rt: GaiaRuntime, s: ImportFrom): void {
  for (const { name, asName, range } of s.names) {
    if (EXTENSION_NAMES.has(name)) {
      bindName(rt, asName ?? name, { t: 'gaia', name }, range);
      continue;
    }
    rt.report('unsupported', `${name === '*' ? `import * from ${EXTENSIONS_MODULE}` : `${EXTENSIONS_MODULE}.${name}`}: of Gaia's compiler extensions Warrant evaluates register_action_lowerer and registered_action_lowerers`, range);
    if (name !== '*') bindName(rt, asName ?? name, OPAQUE, range);
  }
}

/** From Gaia's IR package, only the resolution policy (what priors.py uses) is evaluated. */
function importIrNames(rt: GaiaRuntime, s: ImportFrom, m: string): void {
  for (const { name, asName, range } of s.names) {
    if (name !== '*' && GAIA_IR_NAMES.has(name)) {
      bindName(rt, asName ?? name, { t: 'gaia', name }, range);
      continue;
    }
    rt.report('unsupported', `${name === '*' ? `import * from ${m}` : `${m}.${name}`}: of Gaia's IR package Warrant evaluates only ResolutionPolicy and default_resolution_policy`, range);
    if (name !== '*') bindName(rt, asName ?? name, OPAQUE, range);
  }
}

export function importModules(rt: GaiaRuntime, s: Import): void {
  for (const { name, asName, range } of s.names) {
    const top = name.split('.')[0]!;
    const local = asName ?? top;
    if (name === 'gaia.engine.bayes' || name === 'gaia.unit') {
      if (name === 'gaia.engine.bayes') rt.pkg.lowerers.importBayes(rt, range);
      bindName(rt, local, { t: 'module', path: asName ? name : top }, range);
    } else if (isBayesModule(name)) {
      rt.report('unsupported', `${name}: of the bayes module Warrant evaluates gaia.engine.bayes's model and compare`, range);
      bindName(rt, local, OPAQUE, range);
    } else if ([...GAIA_LANG_MODULES].some((g) => g === name || g.startsWith(name + '.'))) {
      bindName(rt, local, { t: 'module', path: asName ? name : top }, range);
    } else if (isEvaluatedStdlib(name)) {
      bindName(rt, local, { t: 'stdlib', s: { kind: 'module', module: name, name } }, range);
    } else if (ANNOTATION_MODULES.has(name) || isStandardLibrary(name)) {
      if (!ANNOTATION_MODULES.has(name)) rt.report('unsupported-import', `${name} is a standard-library module Warrant does not evaluate: its names are refused where they are used`, range);
      bindName(rt, local, { t: 'external', name: asName ? name : top }, range);
    } else if (isOwnModule(rt, name) && rt.loader) {
      const m = loadChain(rt, name);
      if (!m) {
        unresolved(rt, `no module named ${name} in this package`, range);
        bindName(rt, local, OPAQUE, range);
        continue;
      }
      bindName(rt, local, { t: 'pymodule', m: asName ? m : rt.loader.load(top)! }, range);
    } else {
      unresolved(rt, foreignModuleMessage(rt, name), range);
      bindName(rt, local, OPAQUE, range);
    }
  }
}
