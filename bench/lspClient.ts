/**
 * A Language Server Protocol client for tests and the benchmark: starts `warrant lsp --stdio` as a process
 * (through bin/warrant.js, as an editor would) and speaks JSON-RPC to it with
 * vscode-jsonrpc. Diagnostics the server publishes are kept per URI, with a way to wait
 * for the ones of a given document version.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface LspDiagnostic {
  readonly range: { start: { line: number; character: number }; end: { line: number; character: number } };
  readonly severity: number;
  readonly code: string;
  readonly message: string;
  readonly source?: string;
}

export interface TestClient {
  readonly connection: MessageConnection;
  readonly initializeResult: { capabilities: Record<string, unknown>; serverInfo?: { name: string; version?: string } };
  open(uri: string, languageId: string, text: string): void;
  change(uri: string, version: number, changes: readonly { range?: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string }[]): void;
  request<T>(method: string, params: unknown): Promise<T>;
  /** The next diagnostics published for `uri` that satisfy `accept` (or the latest ones if they already do). */
  diagnostics(uri: string, accept?: (d: readonly LspDiagnostic[], version?: number) => boolean, timeoutMs?: number): Promise<readonly LspDiagnostic[]>;
  /** Every URI diagnostics were published for so far. */
  publishedUris(): string[];
  stop(): Promise<number | null>;
}

export function fileUri(path: string): string {
  return pathToFileURL(path).href;
}

export async function startLanguageServer(options: { rootPath?: string; initializationOptions?: unknown } = {}): Promise<TestClient> {
  const child: ChildProcess = spawn(process.execPath, [join(REPO, 'bin', 'warrant.js'), 'lsp', '--stdio'], { cwd: REPO, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const latest = new Map<string, readonly LspDiagnostic[]>();
  const versions = new Map<string, number>();
  const waiters: { uri: string; accept: (d: readonly LspDiagnostic[], version?: number) => boolean; resolve: (d: readonly LspDiagnostic[]) => void }[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: LspDiagnostic[]; version?: number }) => {
    latest.set(p.uri, p.diagnostics);
    if (p.version !== undefined) versions.set(p.uri, p.version);
    for (const w of [...waiters]) {
      if (w.uri === p.uri && w.accept(p.diagnostics, p.version)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p.diagnostics);
      }
    }
  });
  connection.listen();
  const root = options.rootPath ? fileUri(options.rootPath) : null;
  const initializeResult = await connection.sendRequest<TestClient['initializeResult']>('initialize', {
    processId: process.pid,
    rootUri: root,
    workspaceFolders: root ? [{ uri: root, name: 'root' }] : null,
    ...(options.initializationOptions !== undefined && { initializationOptions: options.initializationOptions }),
    capabilities: { textDocument: { rename: { prepareSupport: true }, hover: { contentFormat: ['markdown'] }, completion: { completionItem: { snippetSupport: true } } } },
  });
  await connection.sendNotification('initialized', {});
  return {
    connection,
    initializeResult,
    open(uri, languageId, text) {
      void connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    },
    change(uri, version, changes) {
      void connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
    },
    request: (method, params) => connection.sendRequest(method, params),
    diagnostics(uri, accept = () => true, timeoutMs = 20_000) {
      const now = latest.get(uri);
      if (now && accept(now, versions.get(uri))) return Promise.resolve(now);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms (stderr: ${stderr.slice(-500)})`)), timeoutMs);
        waiters.push({ uri, accept, resolve: (d) => (clearTimeout(timer), resolve(d)) });
      });
    },
    publishedUris: () => [...latest.keys()],
    async stop() {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      await connection.sendRequest('shutdown').catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      const code = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
      if (code === null) child.kill();
      connection.dispose();
      return code;
    },
  };
}
