/**
 * `warrant mcp` through the SDK's own client over the process's pipes (the built CLI, as
 * an agent's host starts it): the tools it lists, each tool's JSON against what
 * `warrant COMMAND --json` prints for the same document, and bad input answered as a tool
 * error by a server that goes on serving.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/sharedReference.ts';
import { freshStateDir, runWarrant, WARRANT_BIN } from './support/runWarrant.ts';

const WITH_ERRORS = 'public/samples/with-errors.clair';
const ROUTE = 'public/samples/route-planning.clair';
const FLAKY = 'public/samples/flaky-test.clair';
const MIGRAINE = 'public/samples/migraine_evidence.py';
const TIDES = 'test/fixtures/gaia-packages/tides';
const PROPOSAL = 'public/samples/release-readiness.json';
const CONTRADICTED = 'test/fixtures/contradiction/cache.clair';

let client: Client;
let transport: StdioClientTransport;

beforeAll(async () => {
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [WARRANT_BIN, 'mcp'],
    cwd: repoRoot,
    env: { ...(process.env as Record<string, string>), WARRANT_STATE_DIR: freshStateDir() },
    stderr: 'pipe',
  });
  client = new Client({ name: 'warrant-test', version: '0' });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The one text content of a result. */
function textOf(r: CallToolResult): string {
  expect(r.content).toHaveLength(1);
  const c = r.content[0]!;
  if (c.type !== 'text') throw new Error(`expected text content, got ${c.type}`);
  return c.text;
}

/** What the command line prints with --json, and its exit code. */
async function cli(args: string[], input?: string): Promise<{ json: string; code: number | null }> {
  const r = await runWarrant([...args, '--json'], input === undefined ? {} : { input });
  return { json: r.stdout.trimEnd(), code: r.code };
}

describe('warrant mcp', () => {
  it('lists the tools, each with a description and an input schema taking the document as text or path', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['audit', 'cascade', 'check', 'explain', 'infer', 'prove', 'similar']);
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(40);
      expect(t.inputSchema.type).toBe('object');
      expect(Object.keys(t.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['text', 'path', 'language']));
    }
    const explain = tools.find((t) => t.name === 'explain')!;
    expect(explain.inputSchema.required).toEqual(['id']);
    const cascade = tools.find((t) => t.name === 'cascade')!;
    expect(JSON.stringify(cascade.inputSchema.properties!.operations)).toContain('"refute"');
  });

  it('check on a trace with errors returns what `warrant check --json` prints, exit code 1', async () => {
    const expected = await cli(['check', WITH_ERRORS]);
    expect(expected.code).toBe(1);
    const byPath = await call('check', { path: WITH_ERRORS });
    expect(byPath.isError).toBeFalsy();
    expect(textOf(byPath)).toBe(expected.json);
    expect(byPath._meta?.['warrant/exit_code']).toBe(1);
    // As text: the same diagnostics, the document named as standard input is (or as named).
    const text = readFileSync(join(repoRoot, WITH_ERRORS), 'utf8');
    const fromStdin = await cli(['check', '-'], text);
    const byText = await call('check', { text, language: 'clair' });
    expect(textOf(byText)).toBe(fromStdin.json);
    const named = JSON.parse(textOf(await call('check', { text, name: 'mine.clair' })));
    expect(named.files[0].file).toBe('mine.clair');
    expect(named.files[0].diagnostics).toEqual(JSON.parse(expected.json).files[0].diagnostics);
    expect(named.files[0].diagnostics.some((d: { severity: string }) => d.severity === 'error')).toBe(true);
  });

  it('infer on a Gaia package folder and on a Gaia module as text returns what `warrant infer --json` prints', async () => {
    const pkg = await call('infer', { path: TIDES });
    expect(textOf(pkg)).toBe((await cli(['infer', TIDES])).json);
    expect(JSON.parse(textOf(pkg)).beliefs.length).toBeGreaterThan(0);
    const source = readFileSync(join(repoRoot, MIGRAINE), 'utf8');
    const module = await call('infer', { text: source, language: 'gaia', method: 'exact' });
    expect(textOf(module)).toBe((await cli(['infer', '-', '--lang', 'gaia', '--method', 'exact'], source)).json);
    const clair = await call('infer', { path: ROUTE });
    expect(textOf(clair)).toBe((await cli(['infer', ROUTE])).json);
  });

  it('explain, cascade, similar and prove return what their commands print', async () => {
    expect(textOf(await call('explain', { path: ROUTE, id: 'b1' }))).toBe((await cli(['explain', ROUTE, 'b1'])).json);
    const cascade = await call('cascade', { path: FLAKY, operations: [{ op: 'refute', target: 'b1' }] });
    expect(textOf(cascade)).toBe((await cli(['cascade', FLAKY, '--refute', 'b1'])).json);
    const correct = await call('cascade', { path: FLAKY, operations: [{ op: 'correct', target: 'b1', value: 0.3 }] });
    expect(textOf(correct)).toBe((await cli(['cascade', FLAKY, '--correct', 'b1=0.3'])).json);
    const similar = await call('similar', { path: FLAKY, query: 'test fails', k: 3, strategy: 'hdc' });
    expect(textOf(similar)).toBe((await cli(['similar', FLAKY, '--query', 'test fails', '-k', '3', '--strategy', 'hdc'])).json);
    const proposal = readFileSync(join(repoRoot, PROPOSAL), 'utf8');
    const proved = JSON.parse(textOf(await call('prove', { text: proposal })));
    const expected = JSON.parse((await cli(['prove', PROPOSAL])).json);
    // Timings differ between runs; everything else is the same record.
    const untimed = (r: Record<string, unknown>) => JSON.parse(JSON.stringify(r, (k, v) => (/ms$|Ms$|_ms$|elapsed|time/i.test(k) && typeof v === 'number' ? 0 : v)));
    // On a busy machine a solver call can run out of its time slice in one run and not the
    // other: that is timing too, and then only what does not hang on it is compared.
    const timedOut = (r: Record<string, unknown>) => JSON.stringify(r).includes('"answer":"timeout"');
    if (timedOut(proved) || timedOut(expected)) expect([proved.verdict, proved.proposal_hash]).toEqual([expected.verdict, expected.proposal_hash]);
    else expect(untimed(proved)).toEqual(untimed(expected));
    expect(proved.verdict).toBe('entailed');
  }, 60_000);

  it('audit checks an answer given as text against a document, as `warrant audit - --against FILE --json` does', async () => {
    const asserted = 'The deploy finished.\nThe cache is warm.\n';
    const r = await call('audit', { path: CONTRADICTED, answer: asserted });
    expect(textOf(r)).toBe((await cli(['audit', '-', '--against', CONTRADICTED], asserted)).json);
    expect(r._meta?.['warrant/exit_code']).toBe(1);
    expect(JSON.parse(textOf(r)).pass).toBe(false);
    const caveated = await call('audit', { path: CONTRADICTED, answer: 'The cache is warm (most recent update).\n', answer_name: 'reply.txt' });
    expect(JSON.parse(textOf(caveated))).toMatchObject({ answer: 'reply.txt', pass: true });
    expect(caveated._meta?.['warrant/exit_code']).toBe(0);
  });

  it('answers calls sent at once, each as if alone (two proves: z3 is not shut down under the other)', async () => {
    const [a, b, c] = await Promise.all([call('prove', { path: PROPOSAL }), call('prove', { path: PROPOSAL, solver: 'z3' }), call('check', { path: ROUTE })]);
    expect(JSON.parse(textOf(a)).verdict).toBe('entailed');
    expect(JSON.parse(textOf(b)).verdict).toBe('entailed');
    expect(JSON.parse(textOf(c)).files[0].diagnostics).toEqual([]);
  }, 60_000);

  it('answers bad input with a tool error and goes on serving', async () => {
    const bad: [string, Record<string, unknown>, RegExp][] = [
      ['check', {}, /text or as path/],
      ['check', { text: 'b1 .9 L0 @user "x"\n', path: ROUTE }, /text or as path/],
      ['check', { text: 5 }, /text/],
      ['check', { path: 'no/such/file.clair' }, /no\/such\/file\.clair/],
      ['check', { path: ROUTE, language: 'cobol' }, /language/],
      ['explain', { path: ROUTE, id: 'b999' }, /b999 is not a belief/],
      ['explain', { path: ROUTE }, /id/],
      ['cascade', { path: FLAKY, operations: [{ op: 'correct', target: 'b1' }] }, /needs a value/],
      ['cascade', { path: FLAKY, operations: [] }, /operations/],
      ['cascade', { path: FLAKY, operations: [{ op: 'refute', target: 'zz' }] }, /zz is not a belief/],
      ['similar', { path: FLAKY }, /ID or --query/],
      ['infer', { path: ROUTE, depth: 1 }, /--depth is for a Gaia package/],
      ['prove', { path: ROUTE }, /FormalProposal/],
      ['prove', { text: '{"not": "a proposal"' }, /./],
      ['audit', { path: CONTRADICTED, answer: '' }, /audit: <stdin>:/],
      ['audit', { path: CONTRADICTED, answer: 'x', allow_rollback: true }, /for reading a log/],
      ['nonesuch', { path: ROUTE }, /nonesuch/],
    ];
    for (const [name, args, message] of bad) {
      const r = await call(name, args);
      // A proposal that is not JSON is a gate failure (exit 1), with its JSON; everything else is a tool error.
      if (name === 'prove' && 'text' in args) {
        expect(JSON.parse(textOf(r)).gate).not.toBeNull();
        continue;
      }
      expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(textOf(r)).toMatch(message);
      expect(textOf(r)).not.toMatch(/\n\s+at /);
    }
    const after = await call('check', { path: ROUTE });
    expect(after.isError).toBeFalsy();
    expect(JSON.parse(textOf(after)).files[0].diagnostics).toEqual([]);
  }, 60_000);

  it('ends, exit code 0, when the client closes its standard input', async () => {
    const child = spawn(process.execPath, [WARRANT_BIN, 'mcp'], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    expect(await exited).toBe(0);
    clearTimeout(timer);
  }, 30_000);
});
