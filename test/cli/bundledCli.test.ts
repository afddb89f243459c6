/**
 * The ahead-of-time bundles (scripts/build-cli.mjs, run by `npm ci`: CommonJS files, one
 * for all commands and one for each of a script's short commands, each with V8's code cache)
 * are the sources, compiled: built here into a folder of their own, they must answer every
 * command exactly as the sources run through tsx do — same output, same exit code.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/sharedReference.ts';
import { runWarrant } from './support/runWarrant.ts';

let out = '';

function run(cmd: string, args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cmd, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const o: Buffer[] = [];
    const e: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => o.push(b));
    child.stderr.on('data', (b: Buffer) => e.push(b));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(o).toString('utf8'), stderr: Buffer.concat(e).toString('utf8') }));
  });
}

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'warrant-bundle-'));
  const built = await run(join(repoRoot, 'scripts', 'build-cli.mjs'), ['--outdir', out]);
  expect(built.code, built.stderr).toBe(0);
  // Loaded as bin/warrant.js loads them: through bin/bundleLoader.cjs, the command's own
  // bundle where it has one, with the code cache the build trained.
  for (const name of ['main', 'check', 'infer', 'prove', 'check.clair', 'infer.clair']) expect(existsSync(join(out, 'cli', `${name}.cache`)), `the build writes ${name}'s code cache`).toBe(true);
  const loader = JSON.stringify(join(repoRoot, 'bin', 'bundleLoader.cjs'));
  writeFileSync(
    join(out, 'run.mjs'),
    `import { createRequire } from 'node:module';\nconst { bundleFor, cacheVariant, loadBundle } = createRequire(import.meta.url)(${loader});\nconst args = process.argv.slice(2);\nconst name = process.env.BUNDLE ?? bundleFor(args[0]);\nconst { exports, cacheRejected } = loadBundle(${JSON.stringify(out)}, name, cacheVariant(args));\nif (cacheRejected) throw new Error('code cache rejected');\nprocess.exitCode = await exports.runCli(args);\n`,
  );
}, 60_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

const PACKAGE = 'test/fixtures/gaia-packages/tides';

/** Output with its timings blanked: they differ from run to run. */
function timeless(s: string): string {
  return s.replace(/"(?:elapsed_)?ms":\s*[\d.]+|\d+ ms\b/g, 'T');
}

describe('the bundled command line answers as the sources do', () => {
  it.each([
    [['check', PACKAGE, '--json']],
    [['infer', PACKAGE, '--json']],
    [['export', PACKAGE, '--to', 'gaia-ir']],
    [['explain', PACKAGE, 'lunar_pull', '--json']],
    [['cascade', PACKAGE, '--refute', 'logbook', '--json']],
    [['check', 'test/fixtures/gaia-packages/priors-dict']],
    [['check', 'public/samples/with-errors.clair']],
    [['similar', 'public/samples/flaky-test.clair', '--query', 'test fails', '-k', '3', '--json']],
    [['prove', 'public/samples/release-readiness.json', '--solver', 'cvc5', '--json']],
    [['check', 'no-such-file.clair']],
    [['infer', 'test/fixtures/gaia-packages/joint-telescope', '--depth', '-1', '--json']],
    // Commands of the bundle of them all, and usage.
    [['share', 'public/samples/route-planning.clair', '--base', 'http://localhost:5173/']],
    [['help', 'check']],
    [[]],
    [['no-such-command']],
  ])(
    '%j',
    async (args) => {
      const [bundled, source] = await Promise.all([run(join(out, 'run.mjs'), args), runWarrant(args, { env: { WARRANT_FROM_SOURCE: '1' } })]);
      expect(bundled.code).toBe(source.code);
      expect(timeless(bundled.stdout)).toBe(timeless(source.stdout));
      expect(bundled.stderr).toBe(source.stderr);
    },
    60_000,
  );
});

describe('a command with a bundle of its own answers the same from the bundle of them all', () => {
  it.each([[['check', 'public/samples/with-errors.clair', '--json']], [['infer', PACKAGE, '--json']], [['export', 'public/samples/route-planning.clair', '--to', 'clair']]])(
    '%j',
    async (args) => {
      const [own, all] = await Promise.all([run(join(out, 'run.mjs'), args), run(join(out, 'run.mjs'), args, { BUNDLE: 'main' })]);
      expect(own.code).toBe(all.code);
      expect(timeless(own.stdout)).toBe(timeless(all.stdout));
      expect(own.stderr).toBe(all.stderr);
    },
    60_000,
  );
});
