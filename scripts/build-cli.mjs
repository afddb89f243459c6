// Builds the command line ahead of time: one esbuild bundle of src/cli/main.ts (commands
// still load lazily inside it), then V8's code cache for it, made by running the bundle
// on the repository's samples — so `warrant` starts without transpiling, parsing or
// compiling what it runs (bin/bundleLoader.cjs loads the two). `npm ci` and `npm install`
// run it (the `prepare` script); bin/warrant.js uses the bundle only while it is newer than
// every source it was built from, and runs the sources through tsx otherwise — the
// sources stay the one truth.
//
//   node scripts/build-cli.mjs [--outdir DIR]   build (DIR: elsewhere, for the test that
//                                               compares the bundle with the sources)
//   node scripts/build-cli.mjs --train DIR      (internal) the training run
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv[2] === '--train') await train(process.argv[3]);
else await buildCli(process.argv.includes('--outdir') ? process.argv[process.argv.indexOf('--outdir') + 1] : join(root, 'dist-cli'));

async function buildCli(outdir) {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/cli/main.ts'],
    // dist-cli/cli/main.cjs: beside where main.ts sits in src/, so paths it takes relative
    // to itself (../../package.json) lead to the same files.
    outfile: join(outdir, 'cli', 'main.cjs'),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    metafile: true,
    logLevel: 'warning',
    // Smaller and plain ASCII: less to read, decode and compile at every start. Names are
    // kept (messages and errors may show them).
    minify: true,
    keepNames: true,
    legalComments: 'none',
    charset: 'ascii',
    // Loaded from node_modules at run time: packages that find their own files next to
    // them (wasm, workers), and the benchmark, which runs from its sources.
    external: ['z3-solver', 'elkjs', 'playwright', 'playwright-core', '@playwright/test', 'tsx', 'tsx/*', '../../../bench/*'],
    // import() of what stays outside (z3-solver, node: modules) becomes require(): a script
    // loaded through vm with a code cache cannot import() without a Node flag.
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': '__warrantModuleUrl' },
    banner: { js: "const __warrantModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  });

  // The code cache: a child process loads the bundle, runs a spread of commands on the
  // samples and fixtures (output discarded) and writes the code V8 compiled. Without it
  // (a failed run) the CLI works the same, only slower to start.
  rmSync(join(outdir, 'cli', 'main.cache'), { force: true });
  const trained = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--train', outdir], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 });
  if (trained.status !== 0) console.warn(`build-cli: no code cache (the training run ended with ${trained.status ?? trained.signal}); the CLI starts without one`);

  // What the bundle was made from, for bin/warrant.js's freshness check.
  const inputs = Object.keys(result.metafile.inputs).filter((p) => !p.includes('node_modules')).map((p) => relative(root, join(root, p)));
  mkdirSync(outdir, { recursive: true });
  writeFileSync(join(outdir, 'inputs.json'), JSON.stringify({ builtAt: Date.now(), inputs: [...inputs, 'package.json', 'bin/bundleLoader.cjs'] }));
}

async function train(dir) {
  const { loadBundle } = createRequire(import.meta.url)('../bin/bundleLoader.cjs');
  const { exports, script } = loadBundle(dir);
  // Each run adds its own listeners to the standard streams; many runs in one process are fine.
  process.stdout.setMaxListeners(0);
  process.stderr.setMaxListeners(0);
  const scratch = join(dir, 'training-output');
  const gaia = 'test/fixtures/gaia-packages/tides';
  const runs = [
    ['check', 'public/samples/route-planning.clair'],
    ['check', 'public/samples/with-errors.clair', '--json'],
    ['infer', 'public/samples/route-planning.clair', '--json'],
    ['explain', 'public/samples/route-planning.clair', 'b1', '--json'],
    ['cascade', 'public/samples/flaky-test.clair', '--refute', 'b1', '--json'],
    ['export', 'public/samples/route-planning.clair', '--to', 'svg'],
    ['similar', 'public/samples/flaky-test.clair', '--query', 'test fails', '--json'],
    ['check', 'public/samples/migraine_evidence.py'],
    ['infer', 'public/samples/migraine_evidence.py', '--json'],
    ['check', gaia, '--json'],
    ['infer', gaia, '--json'],
    ['export', gaia, '--to', 'manifests', '--out', join(scratch, 'manifests')],
    ['check', 'public/samples/release-readiness.json'],
    ['export', 'public/samples/release-readiness.json', '--to', 'smtlib'],
  ];
  for (const args of runs) if (existsSync(join(root, args[1]))) await exports.runCli(args);
  rmSync(scratch, { recursive: true, force: true });
  writeFileSync(join(dir, 'cli', 'main.cache'), script.createCachedData());
  process.exitCode = 0;
}
