// `npm start`: the IDE as its users get it — the production build, served with the
// headers z3 needs, opened in the browser. The build is made when it is missing or older
// than any file it comes from, so a page load never waits on the dev server compiling
// modules one request at a time (`npm run dev` is the dev server, for work on Warrant).
//
//   node scripts/start.mjs [--no-open] [--port N]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist');
const stamp = join(outDir, '.built-from');
const SOURCES = ['src', 'workers', 'public', 'build-plugins', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** The newest modification time among the build's inputs. */
function newestInput() {
  let newest = 0;
  const visit = (path) => {
    let info;
    try {
      info = statSync(path);
    } catch {
      return;
    }
    if (info.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else newest = Math.max(newest, info.mtimeMs);
  };
  for (const source of SOURCES) visit(join(root, source));
  return newest;
}

function buildIsFresh() {
  if (!existsSync(join(outDir, 'index.html')) || !existsSync(stamp)) return false;
  const builtAt = Number(readFileSync(stamp, 'utf8'));
  return Number.isFinite(builtAt) && builtAt >= newestInput();
}

const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const args = process.argv.slice(2);
const portAt = args.indexOf('--port');
const port = portAt >= 0 ? args[portAt + 1] : '5173';

if (!buildIsFresh()) {
  console.log('Building the IDE (once, and again whenever its sources change; a first build takes a minute or two)…');
  const startedAt = Date.now();
  // Vite in this process, with a plugin that counts its work: the phase, the modules
  // transformed and the time so far are shown every few seconds (scripts/buildProgress.mjs).
  const [{ build }, { buildProgress }] = await Promise.all([import('vite'), import('./buildProgress.mjs')]);
  const progress = buildProgress({ write: (text) => process.stdout.write(text), isTTY: process.stdout.isTTY === true, columns: process.stdout.columns || 100 });
  try {
    await build({ root, logLevel: 'warn', plugins: [progress.plugin] });
  } catch (e) {
    progress.done(false);
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
  progress.done();
  writeFileSync(stamp, String(startedAt));
}

const served = spawnSync(process.execPath, [vite, 'preview', '--port', port, ...(args.includes('--no-open') ? [] : ['--open'])], { cwd: root, stdio: 'inherit' });
process.exit(served.status ?? 0);
