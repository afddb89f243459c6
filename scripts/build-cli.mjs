// Builds the command line ahead of time: esbuild bundles of src/cli/main.ts, then V8's code
// cache for each, made by running it on the repository's samples — so `warrant` starts
// without transpiling, parsing or compiling what it runs (bin/bundleLoader.cjs loads the
// two). A script's short commands (check, infer, export…) each get a bundle of their own
// holding only what that command imports; every other command runs from the bundle of them
// all. `npm ci` and `npm install` run it (the `prepare` script); bin/warrant.js uses the
// bundles only while they are newer than every source they were built from, and runs the
// sources through tsx otherwise — the sources stay the one truth.
//
//   node scripts/build-cli.mjs [--outdir DIR]   build (DIR: elsewhere, for the test that
//                                               compares the bundles with the sources)
//   node scripts/build-cli.mjs --train DIR NAME (internal) bundle NAME's training run
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { OWN_BUNDLE, cacheVariant } = createRequire(import.meta.url)('../bin/bundleLoader.cjs');
/**
 * Loaded from node_modules at run time: packages that find their own files next to them
 * (wasm, workers); the benchmark, which runs from its sources; and what only the servers
 * use (team server, language server, MCP server and the zod schemas of its tools, the chat-model client of encode and answer): a third of the code every command would otherwise
 * read and compile at each start.
 */
const EXTERNAL = [
  'z3-solver',
  'elkjs',
  'playwright',
  'playwright-core',
  '@playwright/test',
  'tsx',
  'tsx/*',
  '../../../bench/*',
  '@hocuspocus/*',
  'yjs',
  'lib0',
  'lib0/*',
  'y-protocols',
  'y-protocols/*',
  'ws',
  'pg',
  'ioredis',
  'vscode-languageserver',
  'vscode-languageserver/*',
  'vscode-languageserver-textdocument',
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/sdk/*',
  'zod',
  'zod/*',
  'openai',
  'openai/*',
];

async function buildCli(outdir) {
  const names = ['main', ...OWN_BUNDLE];
  const results = await Promise.all(names.map((name) => buildBundle(outdir, name)));
  // The code caches: a child process per bundle loads it, runs its commands on the
  // samples and fixtures (output discarded) and writes the code V8 compiled. Without one
  // (a failed run) the CLI works the same, only slower to start.
  // A command whose runs take traces and other languages also gets a cache trained on
  // CLAIR runs alone, loaded when a command names only traces (bin/bundleLoader.cjs, cacheVariant).
  await Promise.all([...names.map((name) => trainInChild(outdir, name, null)), ...CLAIR_VARIANT.map((name) => trainInChild(outdir, name, 'clair'))]);

  // What each bundle was made from, for bin/warrant.js's freshness check: a command
  // checks only its own bundle's sources (a CLAIR check stats half of them).
  const sourcesOf = (r) =>
    Object.keys(r.metafile.inputs)
      .filter((p) => !p.includes('node_modules') && !p.startsWith('left-out:'))
      .map((p) => relative(root, join(root, p)));
  const inputs = Object.fromEntries(names.map((name, i) => [name, [...sourcesOf(results[i]), 'package.json', 'bin/bundleLoader.cjs']]));
  mkdirSync(outdir, { recursive: true });
  writeFileSync(join(outdir, 'inputs.json'), JSON.stringify({ builtAt: Date.now(), inputs }));
}

/** `name`: 'main' (every command) or a command with a bundle of its own, where main.ts's other commands are left out. */
async function buildBundle(outdir, name) {
  // A bundle of its own keeps only ./commands/NAME.ts: a command written elsewhere would be left out of its own bundle.
  if (name !== 'main' && !existsSync(join(root, 'src', 'cli', 'commands', `${name}.ts`)))
    throw new Error(`build-cli: ${name} has a bundle of its own (bin/bundleLoader.cjs) but no src/cli/commands/${name}.ts`);
  const { build } = await import('esbuild');
  const onlyOne = name === 'main' ? [] : [leaveOutOtherCommands(name)];
  return build({
    absWorkingDir: root,
    entryPoints: ['src/cli/main.ts'],
    // dist-cli/cli/NAME.cjs: beside where main.ts sits in src/, so paths it takes relative
    // to itself (../../package.json) lead to the same files.
    outfile: join(outdir, 'cli', `${name}.cjs`),
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
    external: EXTERNAL,
    plugins: onlyOne,
    // import() of what stays outside (z3-solver, node: modules) becomes require(): a script
    // loaded through vm with a code cache cannot import() without a Node flag.
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': '__warrantModuleUrl' },
    banner: { js: "const __warrantModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
}

/** main.ts imports each command's module on demand; in `command`'s bundle the others resolve to nothing. */
function leaveOutOtherCommands(command) {
  return {
    name: 'leave-out-other-commands',
    setup(b) {
      b.onResolve({ filter: /^\.\/commands\/[\w-]+\.ts$/ }, (args) => {
        if (!args.importer.endsWith(join('src', 'cli', 'main.ts')) || args.path === `./commands/${command}.ts`) return undefined;
        return { path: args.path, namespace: 'left-out' };
      });
      b.onLoad({ filter: /.*/, namespace: 'left-out' }, () => ({ contents: 'export {};', loader: 'js' }));
    },
  };
}

/** `variant`: null for the cache trained on every run of the bundle's commands, 'clair' for the one trained on CLAIR runs alone. */
function trainInChild(outdir, name, variant) {
  rmSync(join(outdir, 'cli', cacheName(name, variant)), { force: true });
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--train', outdir, name, ...(variant ? [variant] : [])], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 120_000,
    });
    child.on('close', (code, signal) => {
      if (code !== 0) console.warn(`build-cli: no code cache ${cacheName(name, variant)} (its training run ended with ${code ?? signal}); it starts without one`);
      resolve();
    });
  });
}

const gaia = 'test/fixtures/gaia-packages/tides';

/** The training runs: every command on the samples and fixtures (output discarded). `scratch`: a folder for files a run writes. */
const trainingRuns = (scratch) => [
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
  ['prove', 'public/samples/release-readiness.json', '--solver', 'cvc5'],
];

/** A run the CLAIR-only cache serves: bin/bundleLoader.cjs's own rule. */
const isClairRun = (args) => cacheVariant(args) === 'clair';

/** The commands whose runs take traces and other languages too: theirs get a CLAIR-only cache beside the general one. */
const CLAIR_VARIANT = OWN_BUNDLE.filter((name) => {
  const runs = trainingRuns('').filter((args) => args[0] === name);
  return runs.some(isClairRun) && !runs.every(isClairRun);
});

function cacheName(name, variant) {
  return variant ? `${name}.${variant}.cache` : `${name}.cache`;
}

async function train(dir, name, variant) {
  const { loadBundle } = createRequire(import.meta.url)('../bin/bundleLoader.cjs');
  const { exports, script } = loadBundle(dir, name);
  // Each run adds its own listeners to the standard streams; many runs in one process are fine.
  process.stdout.setMaxListeners(0);
  process.stderr.setMaxListeners(0);
  // One folder per cache: a command's two caches are trained at once, and the first to end removes its folder.
  const scratch = join(dir, `training-output-${cacheName(name, variant)}`);
  // A command's own bundle is trained on its runs alone: its cache holds what it runs.
  const ours = (args) => (name === 'main' || args[0] === name) && (variant !== 'clair' || isClairRun(args));
  for (const args of trainingRuns(scratch)) if (ours(args) && existsSync(join(root, args[1]))) await exports.runCli(args);
  rmSync(scratch, { recursive: true, force: true });
  writeFileSync(join(dir, 'cli', cacheName(name, variant)), script.createCachedData());
  process.exitCode = 0;
}

if (process.argv[2] === '--train') await train(process.argv[3], process.argv[4], process.argv[5] ?? null);
else await buildCli(process.argv.includes('--outdir') ? process.argv[process.argv.indexOf('--outdir') + 1] : join(root, 'dist-cli'));
