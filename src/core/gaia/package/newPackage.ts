/**
 * Package folders Warrant writes: a new package laid out as `gaia build init` lays one out
 * (pyproject.toml with `[tool.gaia] type = "knowledge-package"` and a uuid, `src/<import
 * name>/__init__.py` importing the `authored/` submodule and merging its `__all__`,
 * `authored/__init__.py` with an empty `__all__`, `py.typed`, README.md, `.python-version`
 * and a `.gitignore` for inference outputs) — the same files, in Warrant's own words, with
 * one claim to start from so the package compiles; and a lone module wrapped as the root
 * of a package of its own, so a one-file document downloads as a folder Gaia loads.
 * Pure: the uuid is given.
 */

/** `my-topic-gaia` → `my_topic` (Gaia's import name: less `-gaia`, `-` → `_`). */
export function importNameOf(projectName: string): string {
  return projectName.replace(/-gaia$/, '').replace(/-/g, '_');
}

/** A project name Gaia accepts from what a user typed or a file was called: ends in `-gaia`, importable once `-` → `_`. */
export function projectNameFrom(name: string): string {
  let base = name
    .replace(/\.[^.]*$/, '')
    .replace(/-gaia$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .toLowerCase();
  if (base === '') base = 'package';
  if (/^[0-9]/.test(base)) base = `pkg-${base}`;
  return `${base}-gaia`;
}

function pyproject(projectName: string, importName: string, lines: { readonly description: string; readonly namespace?: string; readonly uuid?: string }): string {
  return [
    '[project]',
    `name = "${projectName}"`,
    'version = "0.1.0"',
    `description = "${lines.description}"`,
    'readme = "README.md"',
    'requires-python = ">=3.12"',
    'dependencies = ["gaia-lang>=0.5.0a1"]',
    '',
    '[build-system]',
    'requires = ["hatchling"]',
    'build-backend = "hatchling.build"',
    '',
    '[tool.hatch.build.targets.wheel]',
    `packages = ["src/${importName}"]`,
    '',
    '[tool.gaia]',
    'type = "knowledge-package"',
    ...(lines.namespace ? [`namespace = "${lines.namespace}"`] : []),
    ...(lines.uuid ? [`uuid = "${lines.uuid}"`] : []),
    '',
  ].join('\n');
}

const ROOT_MODULE = (title: string): string =>
  [
    `"""${title}"""`,
    '',
    'from gaia.engine.lang import claim',
    '',
    '# The names listed here are what the package exports (its public claims).',
    '__all__: list[str] = []',
    '',
    '# A first claim to build on: rename it, reword it, give it a prior, derive from it.',
    'first_claim = claim("State the first thing this package holds to be true.")',
    '__all__ += ["first_claim"]',
    '',
    '# What `gaia author` writes goes to the authored/ submodule; its public names join this',
    '# module and its __all__ joins this one.',
    'from . import authored as _authored',
    '',
    'for _gaia_name, _gaia_value in vars(_authored).items():',
    '    if not _gaia_name.startswith("_"):',
    '        globals()[_gaia_name] = _gaia_value',
    'del _gaia_name, _gaia_value',
    '',
    '__all__ = [*__all__, *_authored.__all__]',
    '',
  ].join('\n');

const AUTHORED_MODULE = ['# Statements written by `gaia author` land here; the package root imports them.', '__all__: list[str] = []', ''].join('\n');

const GITIGNORE = ['# Written by inference (gaia run infer), so not kept in version control.', '.gaia/beliefs.json', '.gaia/dep_beliefs/', ''].join('\n');

/**
 * The files of a new package called `projectName` (a name ending in `-gaia`), as `gaia
 * build init` creates them; `uuid` goes to `[tool.gaia] uuid`.
 */
export function newPackageFiles(projectName: string, uuid: string): Map<string, string> {
  const importName = importNameOf(projectName);
  const dir = `src/${importName}`;
  return new Map([
    ['.gitignore', GITIGNORE],
    ['.python-version', '3.12\n'],
    ['README.md', `# ${projectName}\n\nA Gaia knowledge package. Its claims and the reasoning between them are in \`${dir}/\`.\n`],
    ['pyproject.toml', pyproject(projectName, importName, { description: 'A Gaia knowledge package.', uuid })],
    [`${dir}/__init__.py`, ROOT_MODULE('A new Gaia knowledge package.')],
    [`${dir}/authored/__init__.py`, AUTHORED_MODULE],
    [`${dir}/py.typed`, ''],
  ]);
}

/**
 * A lone module as the root module of a package of its own: the same identity the page
 * gives it (namespace `local`, the file's stem as package name, version 0.1.0), so the
 * folder compiles to the same IR.
 */
export function packageFromModule(fileName: string, text: string): Map<string, string> {
  const stem = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  const importName =
    stem
      .replace(/-/g, '_')
      .replace(/[^A-Za-z0-9_]/g, '_')
      .replace(/^(?=[0-9])/, '_') || 'package';
  const projectName = `${importName.replace(/_/g, '-')}-gaia`;
  return new Map([
    ['pyproject.toml', pyproject(projectName, importName, { description: `The Gaia package of ${stem || 'a document'}.`, namespace: 'local' })],
    [`src/${importName}/__init__.py`, text],
  ]);
}
