// Loads an ahead-of-time CLI bundle (dist-cli/cli/NAME.cjs, scripts/build-cli.mjs) with
// V8's code cache for it (NAME.cache, written at build time after a training run), so a
// command starts without parsing or compiling the functions it runs. A cache V8 refuses
// (another Node, other flags) is ignored: the bundle then compiles as any script does.
'use strict';
const { existsSync, readFileSync, statSync } = require('node:fs');
const { dirname, join } = require('node:path');
const Module = require('node:module');
const vm = require('node:vm');

/**
 * The commands a script runs often, each built into a bundle of its own that holds only
 * what it imports: less to read and compile at every start. The others share 'main'.
 */
const OWN_BUNDLE = ['check', 'infer', 'export', 'explain', 'cascade', 'similar', 'prove'];

/** The bundle that runs `command` (the first argument): its own, or 'main'. */
function bundleFor(command) {
  return OWN_BUNDLE.includes(command) ? command : 'main';
}

/**
 * Which of a bundle's code caches suits `args`: 'clair' when the files named are CLAIR
 * traces only (a cache trained on CLAIR runs alone holds a third as much to deserialise,
 * so a trace's check starts about 7 ms sooner), else null (the cache trained on every
 * language). Only speed depends on it: any cache runs any input.
 */
function cacheVariant(args) {
  const files = args.filter((a) => /\.(clair|py|gaia|json|mnema)$/i.test(a));
  return files.length > 0 && files.every((a) => /\.clair$/i.test(a)) ? 'clair' : null;
}

/**
 * `dir`: the bundles' folder (dist-cli); `name`: a bundle (bundleFor); `variant`: its
 * cache to load (cacheVariant), falling back to the general one. Returns its exports and
 * its Script (for createCachedData).
 */
function loadBundle(dir, name, variant = null) {
  const file = join(dir, 'cli', `${name}.cjs`);
  const variantCache = variant === null ? null : join(dir, 'cli', `${name}.${variant}.cache`);
  const cacheFile = variantCache !== null && existsSync(variantCache) ? variantCache : join(dir, 'cli', `${name}.cache`);
  // The bundles are plain ASCII (charset: 'ascii'), so Latin-1 reads them as UTF-8 would, without the decoding.
  const source = readFileSync(file, 'latin1');
  const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const module = { exports: {}, id: file, filename: file, loaded: false };
  const req = Module.createRequire(file);
  script.runInThisContext().call(module.exports, module.exports, req, module, file, dirname(file));
  return { exports: module.exports, script, cacheRejected: cachedData !== undefined && script.cachedDataRejected === true };
}

/**
 * Whether bundle `name` in `dir` (dist-cli) is newer than every file it was built from
 * (`inputs.json`, paths relative to `root`, the repository): only then is it the sources.
 * Without a name, whether every bundle is.
 */
function bundleIsFresh(root, dir, name) {
  try {
    const { builtAt, inputs } = JSON.parse(readFileSync(join(dir, 'inputs.json'), 'utf8'));
    const files = name === undefined ? [...new Set(Object.values(inputs).flat())] : inputs[name];
    if (!Array.isArray(files)) return false;
    // Plain concatenation, not path.join: its normalising cost a start-up 7 ms over 300 paths.
    for (const input of files) {
      const stat = statSync(`${root}/${input}`, { throwIfNoEntry: false });
      if (!stat || stat.mtimeMs > builtAt) return false;
    }
    return true;
  } catch {
    return false;
  }
}

module.exports = { OWN_BUNDLE, bundleFor, bundleIsFresh, cacheVariant, loadBundle };
