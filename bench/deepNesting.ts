/**
 * Deeply nested Gaia input (issue 12, finding 8): how long the Gaia front end takes on
 * `x = [[[…]]]`, `x = ~~~…a`, `x = claim(claim(…))` and `x = ((…))` of 128k–1M
 * characters, in-process (analyzeGaia, median of runs) and, with --cli, through
 * `warrant check`. Prints a table; the cost should grow linearly with the size.
 *
 *   npx tsx bench/deepNesting.ts [--cli] [--runs N] [--sizes 131072,262144]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeGaia } from '../src/core/gaia/analyzeGaia.ts';
import { median } from './measure.ts';

const HEADER = 'from gaia.engine.lang import claim\n';

/** Each shape as a text of about `chars` characters (nested as deep as the size allows). */
export const SHAPES: Readonly<Record<string, (chars: number) => string>> = {
  'x = [[[…]]]': (n) => {
    const d = Math.floor((n - 4) / 2);
    return `x = ${'['.repeat(d)}${']'.repeat(d)}\n`;
  },
  'x = ~~~…a': (n) => `x = ${'~'.repeat(n - 5)}a\n`,
  'claim(claim(…))': (n) => {
    const d = Math.floor((n - 10) / 7);
    return `${HEADER}x = ${'claim('.repeat(d)}"a"${')'.repeat(d)}\n`;
  },
  'x = ((…))': (n) => {
    const d = Math.floor((n - 5) / 2);
    return `x = ${'('.repeat(d)}a${')'.repeat(d)}\n`;
  },
};

const DEFAULT_SIZES = [131_072, 262_144, 524_288, 1_048_576];

function option(name: string): string | null {
  const i = process.argv.indexOf(name);
  return i < 0 ? null : (process.argv[i + 1] ?? null);
}

const runs = Number(option('--runs') ?? 3);
const sizes = (option('--sizes') ?? DEFAULT_SIZES.join(',')).split(',').map(Number);
const cli = process.argv.includes('--cli');

function timeInProcess(text: string): { ms: number; first: string } {
  const times: number[] = [];
  let first = '';
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    const a = analyzeGaia(text, { fileStem: 'deep' });
    times.push(performance.now() - start);
    first = a.diagnostics.find((d) => d.severity === 'error')?.message ?? '(no error)';
  }
  return { ms: median(times), first };
}

function timeCli(text: string, dir: string): number {
  const file = join(dir, 'deep.py');
  writeFileSync(file, text);
  const start = performance.now();
  spawnSync(process.execPath, [join(import.meta.dirname, '..', 'bin', 'warrant.js'), 'check', file], { stdio: 'ignore' });
  return performance.now() - start;
}

const dir = mkdtempSync(join(tmpdir(), 'warrant-deep-'));
try {
  const head = ['shape', 'chars', 'in-process ms', 'ms per 1M chars', ...(cli ? ['CLI ms'] : []), 'first error'];
  console.log(head.join(' | '));
  for (const [name, make] of Object.entries(SHAPES)) {
    for (const size of sizes) {
      const text = make(size);
      const { ms, first } = timeInProcess(text);
      const row = [name, String(text.length), ms.toFixed(1), ((ms * 1_048_576) / text.length).toFixed(1)];
      if (cli) row.push(timeCli(text, dir).toFixed(0));
      row.push(first.length > 60 ? first.slice(0, 60) + '…' : first);
      console.log(row.join(' | '));
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
