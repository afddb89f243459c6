/**
 * `warrant serve` tells the person who started it where the page takes its address and
 * token. The controls it names must be the page's own: the toolbar's "Live" menu and the
 * button in its panel (src/app/chrome/LiveButton.tsx) — not a "Share → Share live" path
 * the page does not have. The server is started as an operator starts it and its printed
 * words are checked against the labels the page renders.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/sharedReference.ts';
import { WARRANT_BIN } from './support/runWarrant.ts';

/** What `warrant serve` prints before it waits, then the server stopped. */
async function serveBanner(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'warrant-serve-banner-'));
  const child = spawn(process.execPath, [WARRANT_BIN, 'serve', '--port', '0', '--dir', join(dir, 'rooms')], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (b: Buffer) => (err += b.toString('utf8')));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve printed no banner: ${out}${err}`)), 60_000);
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString('utf8');
        if (out.includes('Ctrl+C')) {
          clearTimeout(timer);
          resolve();
        }
      });
      void exited.then(() => reject(new Error(`serve exited before its banner: ${err}`)));
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return out;
}

describe('warrant serve names the page controls that take its address and token', () => {
  it('says Live → "Share this session live", the labels the page shows', async () => {
    const banner = await serveBanner();
    const line = banner.split('\n').find((l) => l.startsWith('In the IDE:'));
    expect(line, banner).toBeDefined();
    const named = /In the IDE: (\S+) → "([^"]+)"/.exec(line!);
    expect(named, line).not.toBeNull();
    const [, menu, button] = named!;
    expect([menu, button]).toEqual(['Live', 'Share this session live']);
    // The page draws them: the toolbar button's label and the panel's submit button.
    const page = readFileSync(join(repoRoot, 'src', 'app', 'chrome', 'LiveButton.tsx'), 'utf8');
    expect(page).toMatch(new RegExp(`: '${menu}';`));
    expect(page).toContain(`'${button}'`);
  });
});
