#!/usr/bin/env node
// The `warrant` command. Runs the ahead-of-time bundle (dist-cli/, built by the
// `prepare` script that `npm ci` and `npm install` run, loaded with its code cache) while it is newer than every
// source it was made from; otherwise — sources edited since, no bundle, the benchmark,
// or WARRANT_FROM_SOURCE=1 — runs the TypeScript sources through tsx. Either way the
// same code runs: the bundle is the sources, compiled.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const args = process.argv.slice(2);

const bundle = createRequire(import.meta.url)('./bundleLoader.cjs');
const dist = fileURLToPath(new URL('dist-cli/', root));
const useBundle = process.env.WARRANT_FROM_SOURCE !== '1' && args[0] !== 'bench' && bundle.bundleIsFresh(fileURLToPath(root), dist);

let runCli;
if (useBundle) {
  ({ runCli } = bundle.loadBundle(dist).exports);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ runCli } = await import('../src/cli/main.ts'));
}
process.exitCode = await runCli(args);
