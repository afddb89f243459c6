/**
 * What a command found, before anything is printed: the command line writes it to the
 * terminal (writeReport), the MCP server returns it to the agent that called the tool
 * (src/cli/mcp/) — one computation, so a tool's JSON is the command's `--json` output.
 */
import { writeStderr, writeStdout } from './output.ts';

export interface CommandReport<J> {
  /** The command's exit code (docs/contract.md): 0, or 1 when the input has errors. */
  readonly exitCode: number;
  /** What `--json` prints; null when the command prints nothing on stdout (its message is in `notes`). */
  readonly json: J | null;
  /** The readable form printed without `--json` (made only when asked for). */
  readonly text: () => string;
  /** Lines for standard error (warnings, ops set aside, a refusal), each ending in a newline. */
  readonly notes: string;
  /** More lines for standard error, written only beside the readable form (what the JSON already holds). */
  readonly textNotes?: string;
}

/** A report on the terminal: its notes on stderr, its JSON or text on stdout; returns the exit code. */
export async function writeReport(report: CommandReport<unknown>, json: boolean): Promise<number> {
  await writeStderr(json ? report.notes : report.notes + (report.textNotes ?? ''));
  if (report.json !== null) await writeStdout(json ? JSON.stringify(report.json) + '\n' : report.text());
  return report.exitCode;
}
