/**
 * `warrant mcp` driven by the MCP Inspector's command line (issue 46 item 6: "tested with
 * the SDK's client and with the MCP Inspector CLI"): a second client, written by others,
 * lists the tools and calls `check`, and gets what `warrant check --json` prints.
 *
 * The Inspector CLI finds its own package.json by a path it resolves against the working
 * directory, so it runs from its own build folder; everything it is given is absolute.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { WARRANT_TOOLS } from '../../src/cli/mcp/mcpTools.ts';
import { repoRoot } from '../support/sharedReference.ts';
import { freshStateDir, runWarrant, WARRANT_BIN } from './support/runWarrant.ts';

const INSPECTOR_BUILD = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build');

/** One Inspector CLI run against `warrant mcp`: its JSON answer. */
function inspect(...method: string[]): { status: number | null; json: Record<string, unknown> } {
  const r = spawnSync(process.execPath, [join(INSPECTOR_BUILD, 'index.js'), process.execPath, WARRANT_BIN, 'mcp', ...method], {
    cwd: INSPECTOR_BUILD,
    env: { ...process.env, WARRANT_STATE_DIR: freshStateDir() },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.stderr.replace(/.*(deprecated|Upgrade|security fixes).*\n?/g, '').trim(), 'the Inspector printed no error').toBe('');
  return { status: r.status, json: JSON.parse(r.stdout) as Record<string, unknown> };
}

describe('warrant mcp through the MCP Inspector CLI', () => {
  it('lists every tool Warrant offers, each with its input schema', () => {
    const { status, json } = inspect('--method', 'tools/list');
    expect(status).toBe(0);
    const tools = json.tools as { name: string; inputSchema: { type: string } }[];
    expect(tools.map((t) => t.name)).toEqual(WARRANT_TOOLS.map((t) => t.name));
    for (const t of tools) expect(t.inputSchema.type).toBe('object');
  });

  it('calls check on a trace with errors and gets what `warrant check --json` prints, exit code 1 in _meta', async () => {
    const path = join(repoRoot, 'public/samples/with-errors.clair');
    const { status, json } = inspect('--method', 'tools/call', '--tool-name', 'check', '--tool-arg', `path=${path}`);
    expect(status).toBe(0);
    expect((json._meta as Record<string, unknown>)['warrant/exit_code']).toBe(1);
    const [content] = json.content as { type: string; text: string }[];
    const cli = await runWarrant(['check', path, '--json']);
    expect(cli.code).toBe(1);
    expect(JSON.parse(content!.text)).toEqual(JSON.parse(cli.stdout));
  });
});
