#!/usr/bin/env node
// The `warrant` command. Runs the ahead-of-time bundle (dist-cli/, built by the
// `prepare` script that `npm ci` and `npm install` run, loaded with its code cache) while it is newer than every
// source it was made from; otherwise — sources edited since, no bundle, the benchmark,
// or WARRANT_FROM_SOURCE=1 — runs the TypeScript sources through tsx. Either way the
// same code runs: the bundle is the sources, compiled.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const args = process.argv.slice(2);

function bundleIsFresh() {
  if (process.env.WARRANT_FROM_SOURCE === '1' || args[0] === 'bench') return false;
  try {
    const { builtAt, inputs } = JSON.parse(readFileSync(new URL('dist-cli/inputs.json', root), 'utf8'));
    for (const input of inputs) if (statSync(new URL(input, root)).mtimeMs > builtAt) return false;
    return true;
  } catch {
    return false;
  }
}

let runCli;
if (bundleIsFresh()) {
  const { loadBundle } = createRequire(import.meta.url)('./bundleLoader.cjs');
  ({ runCli } = loadBundle(fileURLToPath(new URL('dist-cli/', root))).exports);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ runCli } = await import('../src/cli/main.ts'));
}
process.exitCode = await runCli(args);
