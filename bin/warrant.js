#!/usr/bin/env node
// The `warrant` command. Runs its ahead-of-time bundle (dist-cli/, built by the
// `prepare` script that `npm ci` and `npm install` run, loaded with its code cache) while
// it is newer than every source it was made from; otherwise — sources edited since, no
// bundle, the benchmark, or WARRANT_FROM_SOURCE=1 — runs the TypeScript sources through
// tsx. Either way the same code runs: the bundle is the sources, compiled.
//
// CommonJS (bin/package.json): Node starts a CommonJS entry ~10 ms sooner than an ES
// module one, and a short command is mostly start-up.
'use strict';
const { join } = require('node:path');
const bundle = require('./bundleLoader.cjs');

const root = join(__dirname, '..');
const args = process.argv.slice(2);
const dist = join(root, 'dist-cli');
const name = bundle.bundleFor(args[0]);
const useBundle = process.env.WARRANT_FROM_SOURCE !== '1' && args[0] !== 'bench' && bundle.bundleIsFresh(root, dist, name);

async function main() {
  let runCli;
  if (useBundle) {
    ({ runCli } = bundle.loadBundle(dist, name, bundle.cacheVariant(args)).exports);
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    ({ runCli } = await import('../src/cli/main.ts'));
  }
  process.exitCode = await runCli(args);
  // The command is done and its output written. A library thread still alive (z3's
  // WebAssembly threads can outlive killThreads when one is starting as they are ended)
  // must not keep a finished command running: end the process soon if nothing else does.
  setTimeout(() => process.exit(), FINISHED_EXIT_GRACE_MS).unref();
}

/** How long a finished command may take to wind down on its own before it is ended. */
const FINISHED_EXIT_GRACE_MS = 1500;

void main();
