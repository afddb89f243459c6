// Loads the ahead-of-time CLI bundle (dist-cli/cli/main.cjs, scripts/build-cli.mjs) with
// V8's code cache for it (main.cache, written at build time after a training run), so a
// command starts without parsing or compiling the functions it runs. A cache V8 refuses
// (another Node, other flags) is ignored: the bundle then compiles as any script does.
'use strict';
const { existsSync, readFileSync, statSync } = require('node:fs');
const { dirname, join } = require('node:path');
const Module = require('node:module');
const vm = require('node:vm');

/** `dir`: the bundle's folder (dist-cli). Returns the bundle's exports and its Script (for createCachedData). */
function loadBundle(dir) {
  const file = join(dir, 'cli', 'main.cjs');
  const cacheFile = join(dir, 'cli', 'main.cache');
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
    for (const input of inputs) if (statSync(join(root, input)).mtimeMs > builtAt) return false;
    return true;
  } catch {
    return false;
  }
}

module.exports = { bundleIsFresh, loadBundle };
