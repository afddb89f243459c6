/**
 * `warrant mcp`: a Model Context Protocol server on standard input and output
 * (src/cli/mcp/mcpServer.ts), so an agent calls check, infer, explain, cascade, prove,
 * similar and audit as tools. Standard output carries the protocol alone: anything logged goes to
 * standard error.
 */
import { parseCommandLine } from '../commandLine.ts';
import { usageFailure } from '../../node/cliFailure.ts';

export async function runMcp(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('mcp', args, { flags: ['stdio'], values: {} });
  if (cl.positionals.length > 0) throw usageFailure(`mcp takes no files (the tools are given them): ${cl.positionals[0]}`, 'mcp');
  // A console.log anywhere below would break the protocol: it goes where people read it.
  console.log = console.info = console.debug = console.error;
  const [{ serveMcp }, { packageVersion }] = await Promise.all([import('../mcp/mcpServer.ts'), import('../packageVersion.ts')]);
  return serveMcp(process.stdin, process.stdout, { version: await packageVersion() });
}
