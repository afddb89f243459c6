/**
 * `warrant bench [--json] [--quick]`: runs the performance suite (bench/runBench.ts),
 * prints a table or the JSON report, and records the `node` section of
 * bench/results.json.
 */
import { CliFailure, usageFailure } from '../../node/cliFailure.ts';
import { parseCommandLine } from '../commandLine.ts';
import { writeStderr, writeStdout } from '../output.ts';
import { describeIoError } from '../../node/readInput.ts';

export async function runBenchCommand(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('bench', args, { flags: ['json', 'quick', 'no-browser'] });
  if (cl.positionals.length > 0) throw usageFailure(`bench takes no files (got ${cl.positionals[0]})`, 'bench');
  // The suite is loaded only when asked for: no other command carries bench code.
  const { runBench } = await import('../../../bench/runBench.ts');
  const { benchTable } = await import('../../../bench/benchTable.ts');
  const { nodeSection, RESULTS_PATH, writeBrowserResults, writeNodeResults } = await import('../../../bench/resultsFile.ts');

  const showProgress = process.stderr.isTTY === true;
  const report = await runBench({
    quick: cl.flags.has('quick'),
    onProgress: showProgress ? (what) => process.stderr.write(`measuring ${what}…\n`) : undefined,
  });
  try {
    await writeNodeResults(report);
  } catch (e) {
    throw new CliFailure(`cannot write ${RESULTS_PATH}: ${describeIoError(e)}`);
  }

  // The browser half: the real app in Chromium. Skipped on request, or with a note when
  // no browser can be started here.
  let browser: Awaited<ReturnType<typeof import('../../../bench/browserBench.ts').runBrowserBench>> | null = null;
  let browserNote: string | null = null;
  if (!cl.flags.has('no-browser')) {
    try {
      const { runBrowserBench } = await import('../../../bench/browserBench.ts');
      browser = await runBrowserBench({
        quick: cl.flags.has('quick'),
        onProgress: showProgress ? (what) => process.stderr.write(`measuring ${what}…\n`) : undefined,
      });
      await writeBrowserResults(nodeSection({ ...report, rows: browser.rows, notes: browser.notes, date: browser.date }));
    } catch (e) {
      browserNote = `browser benchmark skipped: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`;
    }
  }

  if (cl.flags.has('json')) {
    const out = { node: nodeSection(report), browser: browser ? nodeSection({ ...report, rows: browser.rows, notes: browser.notes }) : browserNote };
    await writeStdout(JSON.stringify(out, null, 2) + '\n');
  } else {
    const m = report.machine;
    await writeStdout(
      `Warrant benchmark${report.quick ? ' (quick)' : ''} — ${m.cpuModel}, ${m.cpus} CPUs, Node ${m.node}, calibration loop ${m.calibrationMs} ms\n\n` +
        benchTable(report.rows, report.notes) +
        (browser ? `\nIn ${browser.browser === '' ? 'Chromium' : `Chromium ${browser.browser}`}, the real app:\n\n` + benchTable(browser.rows, browser.notes) : '') +
        (browserNote ? `\n${browserNote}\n` : ''),
    );
    await writeStderr(`results written to ${RESULTS_PATH}\n`);
  }
  return 0;
}
