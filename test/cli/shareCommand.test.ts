import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeShare } from '../../src/core/share/shareLink.ts';
import { repoRoot } from '../support/sharedReference.ts';
import { runWarrant } from './support/runWarrant.ts';

const dir = mkdtempSync(join(tmpdir(), 'warrant-share-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function shared(args: readonly string[]) {
  const r = await runWarrant(['share', ...args]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const url = new URL(r.stdout.trim());
  const payload = decodeShare(url.hash);
  if (!payload.ok) throw new Error(payload.reason);
  return { url, payload: payload.payload };
}

describe('warrant share', () => {
  it('prints a link to a document on the default base, and on --base', async () => {
    const sample = join(repoRoot, 'public', 'samples', 'route-planning.clair');
    const { url, payload } = await shared([sample]);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:5173/');
    expect(payload).toEqual({ name: 'route-planning.clair', text: readFileSync(sample, 'utf8') });
    const other = await shared([sample, '--base', 'https://warrant.example/ide/']);
    expect(other.url.href.startsWith('https://warrant.example/ide/#share=')).toBe(true);
    expect(other.url.hash).toBe(url.hash);
  });

  it('carries every file of a package folder, and a session file whole', async () => {
    const { payload } = await shared([join(repoRoot, 'e2e', 'fixtures', 'harbour-gaia')]);
    expect('files' in payload && payload.files.map(([p]) => p)).toEqual(expect.arrayContaining(['pyproject.toml', 'src/harbour/theory.py', 'references.json']));
    const archive = JSON.stringify({ format: 'warrant.session.v1', session: { name: 'trip plans' }, texts: [], ops: [] });
    writeFileSync(join(dir, 'trip.warrant.json'), archive);
    expect((await shared([join(dir, 'trip.warrant.json')])).payload).toEqual({ name: 'trip plans', archive });
  });

  it.each([
    ['no file', [], 2, /share takes one FILE/],
    ['two files', ['a.clair', 'b.clair'], 2, /share takes one FILE/],
    ['a base with a fragment', ['x.clair', '--base', 'http://h/#x'], 2, /--base must be/],
    ['a missing file', [join(dir, 'absent.clair')], 2, /absent\.clair/],
  ])('refuses %s', async (_what, args, code, message) => {
    const r = await runWarrant(['share', ...args]);
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('says a document too large for a link should travel as a session file (exit 1)', async () => {
    let seed = 11;
    const noise = Array.from({ length: 2_000_000 }, () => String.fromCharCode(97 + ((seed = (seed * 48271) % 2147483647) % 26))).join('');
    writeFileSync(join(dir, 'noise.clair'), `b1 .5 L0 @user "${noise}"\n`);
    const r = await runWarrant(['share', join(dir, 'noise.clair')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/session file instead/);
  });
});
