#!/usr/bin/env node
// The `warrant` command. Runs the ahead-of-time bundle (dist-cli/, built by the
// `prepare` script that `npm ci` and `npm install` run) while it is newer than every
// source it was made from; otherwise — sources edited since, no bundle, the benchmark,
// or WARRANT_FROM_SOURCE=1 — runs the TypeScript sources through tsx. Either way the
// same code runs: the bundle is the sources, compiled.
import { readFileSync, statSync } from 'node:fs';

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
  ({ runCli } = await import(new URL('dist-cli/cli/main.js', root).href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ runCli } = await import('../src/cli/main.ts'));
}
process.exitCode = await runCli(args);
