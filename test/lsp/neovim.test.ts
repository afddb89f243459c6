/**
 * Neovim's own LSP client (Debian's `neovim`, headless) against `warrant lsp --stdio`: a
 * CLAIR file and a module of a Gaia package get their diagnostics, a hover, a rename's
 * edits and formatting, as an editor user would. Skipped, with a notice, where Neovim
 * is not installed (CI installs it).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..');
const NVIM = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0 ? 'nvim' : null;
if (!NVIM) console.warn('NOTICE: nvim is not installed; the Neovim language-client tests are skipped (apt-get install neovim)');

interface NvimResult {
  attached: boolean;
  published: boolean;
  got_diagnostics: boolean;
  diagnostics: { code: string; lnum: number; col: number; end_col: number; severity: number }[];
  hover?: string;
  rename_files?: number;
  rename_error?: string;
  lines: string[];
}

function runNeovim(file: string, env: Record<string, string>): NvimResult {
  const out = join(mkdtempSync(join(tmpdir(), 'warrant-nvim-out-')), 'out.json');
  const r = spawnSync(NVIM!, ['--headless', '-n', '-i', 'NONE', '-u', 'NONE', '-c', `luafile ${join(REPO, 'test', 'lsp', 'neovimClient.lua')}`, file], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, WARRANT_BIN: join(REPO, 'bin', 'warrant.js'), WARRANT_NODE: process.execPath, WARRANT_NVIM_OUT: out, ...env },
  });
  try {
    return JSON.parse(readFileSync(out, 'utf8')) as NvimResult;
  } catch {
    throw new Error(`Neovim wrote no result (exit ${r.status}): ${r.stderr || r.stdout}`);
  }
}

describe.skipIf(!NVIM)('Neovim as the client of warrant lsp', () => {
  it('a CLAIR file: diagnostics, hover, rename and formatting', () => {
    const dir = mkdtempSync(join(tmpdir(), 'warrant-nvim-'));
    const file = join(dir, 'trip.clair');
    writeFileSync(file, ['b1   .9 L0 @user "the bridge is open"', 'b2 .8 L0 @self <b1 "so the route through town works"', 'b3 .7 @self <b2,b9 "so we arrive by noon"', ''].join('\n'));
    try {
      const r = runNeovim(file, { WARRANT_NVIM_LINE: '1', WARRANT_NVIM_COL: '17', WARRANT_NVIM_RENAME: 'bridge', WARRANT_NVIM_FORMAT: '1' });
      expect(r.attached).toBe(true);
      expect(r.got_diagnostics).toBe(true);
      expect(r.diagnostics.map((d) => d.code).sort()).toEqual(['missing-level', 'unknown-ref']);
      const unknown = r.diagnostics.find((d) => d.code === 'unknown-ref')!;
      expect([unknown.lnum, unknown.col, unknown.end_col]).toEqual([2, 16, 18]);
      expect(r.hover).toContain('the bridge is open');
      expect(r.rename_files).toBe(1);
      // Renamed everywhere, then formatted to the canonical spacing.
      expect(r.lines[0]).toBe('bridge .9 L0 @user "the bridge is open"');
      expect(r.lines[1]).toContain('<bridge ');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a module of a Gaia package: the package's diagnostics for it, a hover and a rename across modules", () => {
    const root = join(mkdtempSync(join(tmpdir(), 'warrant-nvim-gaia-')), 'harbour-gaia');
    cpSync(join(REPO, 'e2e', 'fixtures', 'harbour-gaia'), root, { recursive: true });
    const records = join(root, 'src', 'harbour', 'evidence', 'records.py');
    writeFileSync(records, readFileSync(records, 'utf8').replace('import moon_overhead', 'import moon_underfoot'));
    const theory = join(root, 'src', 'harbour', 'theory.py');
    try {
      const broken = runNeovim(records, { WARRANT_NVIM_ROOT: root, WARRANT_NVIM_LINE: '3', WARRANT_NVIM_COL: '2' });
      expect(broken.got_diagnostics).toBe(true);
      expect(broken.diagnostics.length).toBeGreaterThan(0);
      expect(broken.hover).toContain('harbour logbook');
      const renamed = runNeovim(theory, { WARRANT_NVIM_ROOT: root, WARRANT_NVIM_LINE: '2', WARRANT_NVIM_COL: '30', WARRANT_NVIM_RENAME: 'spring_tide' });
      expect(renamed.published).toBe(true);
      expect(renamed.diagnostics).toEqual([]);
      expect(renamed.rename_files).toBe(3);
      expect(renamed.lines.join('\n')).toContain('import spring_tide');
    } finally {
      rmSync(join(root, '..'), { recursive: true, force: true });
    }
  });
});
