/**
 * `warrant mcp` as an agent's host feels it (issue 46 item 6), through the SDK's own
 * client over the process's pipes: a `check` tool call on a 10,000-belief CLAIR trace
 * sent as text, from the request to its result, with the server started and warm (target
 * ≤ 100 ms), against running `warrant check FILE --json` as a whole process per call
 * (what an agent that shells out to the command line pays), in the same run.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { checkReport } from '../src/cli/commands/check.ts';
import { STDIN_NAME } from '../src/node/readInput.ts';
import type { BenchRow } from './benchTypes.ts';
import { generateTrace } from './generateTrace.ts';
import { median } from './measure.ts';
import { processMedianMs } from './measureProcess.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'bin', 'warrant.js');

export async function runMcpBench(options: { quick: boolean; onProgress?: (what: string) => void }): Promise<BenchRow[]> {
  const progress = options.onProgress ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'warrant-bench-mcp-'));
  try {
    progress('MCP server: a check call at 10k beliefs');
    const trace = generateTrace(10_000);
    const path = join(dir, 'big.clair');
    writeFileSync(path, trace);
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], cwd: ROOT, stderr: 'ignore' });
    const client = new Client({ name: 'warrant-bench', version: '0' });
    await client.connect(transport);
    const times: number[] = [];
    let diagnostics = 0;
    let cpuStart: number | null = null;
    let serverCpu: number | null = null;
    try {
      const calls = options.quick ? 8 : 25;
      // Two calls first: the server's first analysis of a large trace compiles what it runs.
      for (let i = 0; i < calls + 2; i++) {
        const started = performance.now();
        const r = await client.callTool({ name: 'check', arguments: { text: trace, language: 'clair' } });
        const elapsed = performance.now() - started;
        if (r.isError) throw new Error(`mcp bench: check failed: ${JSON.stringify(r.content)}`);
        if (i >= 2) times.push(elapsed);
        if (i === 1) cpuStart = cpuMs(transport.pid);
        diagnostics = JSON.parse((r.content as { text: string }[])[0]!.text).files[0].diagnostics.length;
      }
      const cpuEnd = cpuMs(transport.pid);
      if (cpuStart !== null && cpuEnd !== null) serverCpu = (cpuEnd - cpuStart) / times.length;
    } finally {
      await client.close();
    }
    // The same check in this process, no protocol: what is left of the call is the protocol's cost.
    const inProcess: number[] = [];
    for (let i = 0; i < (options.quick ? 5 : 10); i++) {
      const started = performance.now();
      await checkReport({ files: [{ name: STDIN_NAME, path: null, text: trace }], lang: 'clair' });
      inProcess.push(performance.now() - started);
    }
    const baseline = processMedianMs(process.execPath, [CLI, 'check', path, '--json'], { warmup: 1, runs: options.quick ? 3 : 5 });
    return [
      {
        name: 'mcp: check tool call → result, server warm',
        size: '10k beliefs',
        ms: median(times),
        targetMs: 100,
        baselineMs: baseline,
        baselineName: 'warrant check FILE --json per call (a whole process)',
        note: `median of ${times.length} calls after 2 warm-up calls, the trace sent as text (${Math.round(trace.length / 1024)} KiB), ${diagnostics} diagnostics back; max ${Math.round(Math.max(...times))} ms; the same checkReport in the bench's own process: ${Math.round(median(inProcess))} ms${serverCpu === null ? '' : `; the server's CPU time per call: ${Math.round(serverCpu)} ms (all its threads)`}`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A process's CPU time so far (user + system, all threads), from /proc on Linux; null elsewhere. */
function cpuMs(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks (100 per second on Linux).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}
