/**
 * `warrant world WORLD [--json]`: a world's log (WORLD is its file, as `prove --world`
 * takes it) read and verified, and its accepted proposals and symbol registry printed.
 * Exit 0; 1 when the log is broken, or when it holds acceptances that are left out of
 * the world (each said on stdout's `problems` and on stderr); 2 for usage errors.
 */
import { worldOf } from '../../core/proposal/index.ts';
import { usageFailure } from '../../node/cliFailure.ts';
import { parseCommandLine } from '../commandLine.ts';
import { LOG_FLAGS, logAllowances } from '../opsFile.ts';
import { writeStderr, writeStdout } from '../output.ts';
import { openWorldLog } from '../worldLogFile.ts';
import { worldJson, worldText } from '../worldReport.ts';

export async function runWorld(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('world', args, { flags: ['json', ...LOG_FLAGS] });
  if (cl.positionals.length !== 1) throw usageFailure('world takes exactly one WORLD (the world log file)', 'world');
  const path = cl.positionals[0]!;
  const log = await openWorldLog(path, logAllowances(cl.flags, 'world'));
  if (!log) return 1;
  const shown = worldJson(path, worldOf(log.ops, log.session));
  await writeStderr(shown.problems.map((p) => `warrant: ${path}: ${p}\n`).join(''));
  await writeStdout(cl.flags.has('json') ? JSON.stringify(shown) + '\n' : worldText(shown));
  return shown.problems.length > 0 ? 1 : 0;
}
