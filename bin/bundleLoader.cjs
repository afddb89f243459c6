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

/** `dir`: the bundles' folder (dist-cli); `name`: a bundle (bundleFor). Returns its exports and its Script (for createCachedData). */
function loadBundle(dir, name) {
  const file = join(dir, 'cli', `${name}.cjs`);
  const cacheFile = join(dir, 'cli', `${name}.cache`);
  const source = readFileSync(file, 'utf8');
  const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const module = { exports: {}, id: file, filename: file, loaded: false };
  const req = Module.createRequire(file);
  script.runInThisContext().call(module.exports, module.exports, req, module, file, dirname(file));
  return { exports: module.exports, script, cacheRejected: cachedData !== undefined && script.cachedDataRejected === true };
}

/**
 * Whether the bundle in `dir` (dist-cli) is newer than every file it was built from
 * (`inputs.json`, paths relative to `root`, the repository): only then is it the sources.
 */
function bundleIsFresh(root, dir) {
  try {
    const { builtAt, inputs } = JSON.parse(readFileSync(join(dir, 'inputs.json'), 'utf8'));
    // Plain concatenation, not path.join: its normalising cost a start-up 7 ms over 300 paths.
    for (const input of inputs) {
      const stat = statSync(`${root}/${input}`, { throwIfNoEntry: false });
      if (!stat || stat.mtimeMs > builtAt) return false;
    }
    return true;
  } catch {
    return false;
  }
}

module.exports = { OWN_BUNDLE, bundleFor, bundleIsFresh, loadBundle };
