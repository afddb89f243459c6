/**
 * A real `warrant serve` process on loopback, as an operator runs it: started from the
 * command line, read through its printed address, killed (politely or with SIGKILL) and
 * started again on the same folder. Its standard error is kept for the tests to read.
 * The team tests, the browser tests and the capacity benchmark all start servers here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './sharedReference.ts';
import { TEAM_SECRET } from './teamServers.ts';

export interface ServerProcess {
  readonly url: string;
  /** The write team token it printed (empty for a baseline server, which prints none). */
  readonly token: string;
  readonly http: string;
  readonly child: ChildProcess;
  /** Everything it wrote on standard error so far. */
  stderr(): string;
  /** Resolves with its exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  alive(): boolean;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * `warrant serve ARGS` (with `--port 0` unless ARGS give one); or, with `command`, that
 * Node program instead (a baseline server of a benchmark), which prints its address the same way.
 */
export async function startServerProcess(args: readonly string[], env: Record<string, string> = {}, command?: readonly string[]): Promise<ServerProcess> {
  const port = args.includes('--port') ? [] : ['--port', '0'];
  const argv = command ? [...command, ...args] : [join(repoRoot, 'bin', 'warrant.js'), 'serve', ...port, ...args];
  const child = spawn(process.execPath, argv, {
    cwd: repoRoot,
    env: { ...process.env, WARRANT_TEAM_SECRET: new TextDecoder().decode(TEAM_SECRET), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve((exitCode = code))));
  child.stderr!.on('data', (b: Buffer) => (err += b.toString('utf8')));
  const [url, token] = await new Promise<[string, string]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${err}`)), 60_000);
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString('utf8');
      const m = /team server on (ws:\/\/\S+)/.exec(out);
      const t = /write, any room:\s+(\S+)/.exec(out);
      if (m && (t || command)) {
        clearTimeout(timer);
        resolve([m[1]!, t?.[1] ?? '']);
      }
    });
    void exited.then((code) => reject(new Error(`the server exited (${code}) before it started: ${err}`)));
  });
  return {
    url,
    token,
    http: url.replace('ws:', 'http:'),
    child,
    stderr: () => err,
    exited,
    alive: () => exitCode === undefined,
    kill(signal = 'SIGTERM') {
      if (exitCode === undefined) child.kill(signal);
      return exited;
    },
  };
}
