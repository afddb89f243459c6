// Redis and PostgreSQL for a team server that scales past one process, from Debian's
// packages (redis-server, postgresql), on loopback, with their data in a temporary folder.
// The scale-out tests and benchmarks start and stop them through this module; by hand:
//
//   node scripts/team-services.mjs        starts both, prints the URLs for
//                                         `warrant serve --redis URL --postgres URL`,
//                                         and stops them on Ctrl+C
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** An executable from PATH or Debian's PostgreSQL folders; null when absent. */
export function findExecutable(name) {
  const fromPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (fromPath) return fromPath;
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    for (const version of readdirSync(base).sort().reverse()) {
      const candidate = join(base, version, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return null;
}

/** What is missing to run the services here (empty: both can run). */
export function missingServices() {
  const missing = [];
  if (!findExecutable('redis-server')) missing.push('redis-server (Debian package redis-server)');
  if (!findExecutable('postgres') || !findExecutable('initdb')) missing.push('postgres and initdb (Debian package postgresql)');
  return missing;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function waitForLine(child, pattern, what, ms = 30_000) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${ms / 1000} s:\n${seen.slice(-2000)}`)), ms);
    const onData = (chunk) => {
      seen += chunk.toString();
      if (pattern.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}) before it was ready:\n${seen.slice(-2000)}`));
    });
  });
}

function stopper(child, cleanup = () => {}) {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        cleanup();
        return resolve();
      }
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(kill);
        cleanup();
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/** A Redis server on a free loopback port, keeping nothing on disk. */
export async function startRedis(port) {
  const exe = findExecutable('redis-server');
  if (!exe) throw new Error('redis-server is not installed');
  port ??= await freePort();
  const child = spawn(exe, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await waitForLine(child, /Ready to accept connections/, 'redis-server');
  return { url: `redis://127.0.0.1:${port}`, port, stop: stopper(child) };
}

/**
 * A PostgreSQL server on a free loopback port, its cluster in a temporary folder
 * (trust authentication, user `warrant`). As root it runs as the `postgres` user, since
 * PostgreSQL refuses to run as root.
 */
export async function startPostgres(port) {
  const initdb = findExecutable('initdb');
  const postgres = findExecutable('postgres');
  if (!initdb || !postgres) throw new Error('PostgreSQL (initdb, postgres) is not installed');
  port ??= await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'warrant-pg-'));
  const asRoot = process.getuid?.() === 0;
  const as = (cmd, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    chownSync(dir, Number(ids), Number(gid));
    chmodSync(dir, 0o700);
  }
  const [initCmd, initArgs] = as(initdb, ['-D', dir, '-A', 'trust', '-U', 'warrant', '--no-sync', '-E', 'UTF8']);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const [runCmd, runArgs] = as(postgres, ['-D', dir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off']);
  const child = spawn(runCmd, runArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  await waitForLine(child, /ready to accept connections/, 'postgres');
  return { url: `postgres://warrant@127.0.0.1:${port}/postgres`, port, stop: stopper(child, () => rmSync(dir, { recursive: true, force: true })) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const missing = missingServices();
  if (missing.length > 0) {
    console.error(`missing: ${missing.join('; ')}`);
    process.exit(1);
  }
  const [redis, pg] = await Promise.all([startRedis(), startPostgres()]);
  console.log(
    `redis:    ${redis.url}\npostgres: ${pg.url}\n\nnpx warrant serve --port 4488 --redis ${redis.url} --postgres ${pg.url}\nnpx warrant serve --port 4489 --redis ${redis.url} --postgres ${pg.url}\n(with the same WARRANT_TEAM_SECRET for both)\nCtrl+C stops both.`,
  );
  const stop = async () => {
    await Promise.all([redis.stop(), pg.stop()]);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
