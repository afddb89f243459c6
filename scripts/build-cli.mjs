// Builds the command line ahead of time: one esbuild bundle of src/cli/main.ts with code
// splitting (each command loads only what it uses), so `warrant` starts without
// transpiling anything. `npm ci` and `npm install` run it (the `prepare` script);
// bin/warrant.js uses the bundle only while it is newer than every source it was built
// from, and runs the sources through tsx otherwise — the sources stay the one truth.
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `--outdir DIR` builds elsewhere (the test that compares the bundle with the sources).
const outArg = process.argv.indexOf('--outdir');
const outdir = outArg > 0 ? process.argv[outArg + 1] : join(root, 'dist-cli');

const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/cli/main.ts'],
  outbase: 'src',
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
  // Loaded from node_modules at run time: packages that find their own files next to
  // them (wasm, workers), and the benchmark, which runs from its sources.
  external: ['z3-solver', 'elkjs', 'playwright', 'playwright-core', '@playwright/test', 'tsx', 'tsx/*', '../../../bench/*'],
  banner: { js: "import { createRequire as __warrantRequire } from 'node:module'; const require = __warrantRequire(import.meta.url);" },
});

// What the bundle was made from, for bin/warrant.js's freshness check.
const inputs = Object.keys(result.metafile.inputs).filter((p) => !p.includes('node_modules')).map((p) => relative(root, join(root, p)));
mkdirSync(outdir, { recursive: true });
writeFileSync(join(outdir, 'inputs.json'), JSON.stringify({ builtAt: Date.now(), inputs: [...inputs, 'package.json'] }));
