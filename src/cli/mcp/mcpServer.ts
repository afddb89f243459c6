/**
 * `warrant mcp`'s server: the Model Context Protocol over standard input and output (the
 * official SDK's McpServer and StdioServerTransport), offering the tools of mcpTools.ts.
 * One process serves every call: the commands' code is loaded once, at start, so a call
 * costs the work on its document only. Nothing but the protocol goes to standard output.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { checkReport } from '../commands/check.ts';
import { WARRANT_TOOLS } from './mcpTools.ts';
import { errorResult, reportResult } from './toolResult.ts';

export interface McpServerInfo {
  readonly version: string;
}

/** Serves until the client closes standard input; resolves with the exit code. */
export async function serveMcp(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, info: McpServerInfo): Promise<number> {
  const server = new McpServer(
    { name: 'warrant', title: 'Warrant', version: info.version },
    {
      instructions:
        'Warrant checks and reasons over reasoning documents: CLAIR traces, Gaia Lang packages, HoloProof FormalProposals. Give each tool the document as text (with its language) or a path. Every tool returns the JSON its `warrant COMMAND --json` prints.',
    },
  );
  // One call at a time, in arrival order: the commands were written for a process of their
  // own (prove shuts z3 down when it is done, which would cut short a prove running beside it).
  let queue: Promise<unknown> = Promise.resolve();
  for (const t of WARRANT_TOOLS) {
    server.registerTool(t.name, { title: t.title, description: t.description, inputSchema: t.inputSchema }, (args: Record<string, unknown>) => {
      const call = queue.then(async () => {
        try {
          return reportResult(await t.run(args));
        } catch (e) {
          return errorResult(e);
        }
      });
      queue = call;
      return call;
    });
  }
  const closed = new Promise<void>((resolve) => {
    input.once('end', resolve);
    input.once('close', resolve);
  });
  const transport = new StdioServerTransport(input as NodeJS.ReadStream, output as NodeJS.WriteStream);
  await server.connect(transport);
  // Warm: CLAIR's analyzer is loaded and compiled now, not at the first call.
  void checkReport({ files: [{ name: 'warm-up.clair', path: null, text: 'b1 .9 L0 @user "warm"\n' }] }).catch(() => {});
  await closed;
  await server.close();
  return 0;
}
