/**
 * A command's report as an MCP tool result: the JSON `warrant COMMAND --json` prints, as
 * the text content (one copy: no output schema to hold it to); what the command writes on stderr and
 * its exit code ride in `_meta`. A failure — a usage mistake, an unreadable path, a bug
 * of ours — is a tool error carrying the message, never an exception out of the server.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CliFailure } from '../../node/cliFailure.ts';
import type { CommandReport } from '../commandReport.ts';

/** Where the exit code and the stderr lines go in a result's `_meta`. */
export const EXIT_CODE_META = 'warrant/exit_code';
export const NOTES_META = 'warrant/stderr';

export function reportResult(report: CommandReport<unknown>): CallToolResult {
  const meta = { [EXIT_CODE_META]: report.exitCode, ...(report.notes ? { [NOTES_META]: report.notes } : {}) };
  // Nothing on stdout (infer --depth whose dependencies cannot be read): the message is the answer.
  if (report.json === null) return { isError: true, content: [{ type: 'text', text: report.notes.trimEnd() }], _meta: meta };
  return { content: [{ type: 'text', text: JSON.stringify(report.json) }], _meta: meta };
}

export function errorResult(e: unknown): CallToolResult {
  const message = e instanceof CliFailure ? e.message : `internal error: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`;
  return { isError: true, content: [{ type: 'text', text: message }], _meta: { [EXIT_CODE_META]: 2 } };
}
