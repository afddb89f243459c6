/**
 * `npm start`'s first build shows that it is working: the phase, the modules transformed
 * so far and the time, every few seconds, then one closing line — not a lone "Building…"
 * for two minutes. A real Vite build of a small project runs with the progress plugin
 * scripts/start.mjs uses; its clock is stepped so every tick writes a line.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { buildProgress, clock } from '../../scripts/buildProgress.mjs';

function smallProject(modules: number): string {
  const root = mkdtempSync(join(tmpdir(), 'warrant-progress-'));
  mkdirSync(join(root, 'src'));
  for (let i = 0; i < modules; i++) writeFileSync(join(root, 'src', `m${i}.ts`), `export const v${i}: number = ${i};\n`);
  writeFileSync(
    join(root, 'src', 'main.ts'),
    `${Array.from({ length: modules }, (_, i) => `import { v${i} } from './m${i}.ts';`).join('\n')}\nconsole.log(${Array.from({ length: modules }, (_, i) => `v${i}`).join(' + ')});\n`,
  );
  writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="/src/main.ts"></script>\n');
  return root;
}

describe('the build shows its progress', () => {
  it('phases, module counts and the time as it goes, then one closing line', async () => {
    const root = smallProject(12);
    const written: string[] = [];
    let t = 0;
    // Each reading of the clock is 3 s later: the phase lines carry a growing time.
    const progress = buildProgress({ write: (s: string) => written.push(s), isTTY: false, everyMs: 5, now: () => (t += 3000) });
    try {
      await build({ root, configFile: false, logLevel: 'silent', plugins: [progress.plugin], build: { outDir: join(root, 'dist'), write: true } });
      progress.done();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    const text = written.join('');
    const lines = text.trimEnd().split('\n');
    // The modules: the page, its script, the twelve it imports and Vite's preload polyfill.
    expect(
      lines.some((l) => /^ {2}\d+:\d\d transforming, \d+ modules transformed \(src\/m\d+\.ts\)$/.test(l)),
      text,
    ).toBe(true);
    expect(
      lines.some((l) => /^ {2}\d+:\d\d rendering chunks, 15 modules transformed$/.test(l)),
      text,
    ).toBe(true);
    expect(
      lines.some((l) => /^ {2}\d+:\d\d writing files, 15 modules transformed, 1 chunks$/.test(l)),
      text,
    ).toBe(true);
    expect(lines.at(-1)).toMatch(/^Built in \d+:\d\d: 15 modules, 1 chunks\.$/);
    // The time grows from line to line.
    const times = lines.slice(0, -1).map((l) => Number(l.trim().split(' ')[0]!.replace(':', '')));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Every line is a line: nothing a log file would show as one run-on row.
    expect(text.endsWith('\n')).toBe(true);
  });

  it('on a terminal, one line rewritten in place', () => {
    const written: string[] = [];
    const progress = buildProgress({ write: (s: string) => written.push(s), isTTY: true, everyMs: 60_000, now: () => 65_000, columns: 60 });
    (progress.plugin.buildStart as () => void)();
    (progress.plugin.transform as (code: string, id: string) => null)('', `${process.cwd()}/src/core/clair/parser.ts`);
    expect(progress.line()).toContain('transforming, 1 modules transformed (src/core/clair/parser.ts)');
    progress.done();
    expect(written.every((w) => !w.includes('\n') || w.startsWith('Built'))).toBe(true);
    expect(written.at(-1)).toBe('Built in 0:00: 1 modules, 0 chunks.\n');
  });

  it('reads the time as minutes and seconds', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(125_400)).toBe('2:05');
  });
});
