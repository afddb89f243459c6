/**
 * The README's Neovim set-up, exactly as printed there, in headless Neovim: it must start
 * `warrant lsp` and bring a CLAIR file its diagnostics — on Debian's Neovim 0.7 (which
 * has neither `vim.lsp.config` nor `vim.lsp.start`) as on later ones. Skipped, with a
 * notice, where Neovim is not installed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..');
const NVIM = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const HAS_NVIM = NVIM.status === 0;
if (!HAS_NVIM) console.warn('NOTICE: nvim is not installed; the README Neovim snippet test is skipped (apt-get install neovim)');

/** The Lua block under the README's **Neovim** heading. */
function readmeSnippet(): string {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const at = readme.indexOf('**Neovim**');
  expect(at, 'the README has a Neovim section').toBeGreaterThanOrEqual(0);
  const block = /```lua\n([\s\S]*?)```/.exec(readme.slice(at));
  expect(block, 'the Neovim section has a Lua block').not.toBeNull();
  return block![1]!;
}

describe.skipIf(!HAS_NVIM)(`the README's Neovim snippet (${NVIM.stdout?.split('\n')[0] ?? ''})`, () => {
  it('starts warrant lsp and gets a CLAIR file its diagnostics', () => {
    const dir = mkdtempSync(join(tmpdir(), 'warrant-nvim-readme-'));
    const init = join(dir, 'init.lua');
    const file = join(dir, 'trip.clair');
    const out = join(dir, 'diagnostics.txt');
    writeFileSync(init, readmeSnippet());
    writeFileSync(file, ['b1 .9 L0 @user "the bridge is open"', 'b2 .8 L0 @self <b1,b9 "so the route through town works"', ''].join('\n'));
    const collect = [
      'vim.wait(45000, function() return #vim.diagnostic.get(0) > 0 end, 100)',
      'local lines = { vim.bo.filetype }',
      'for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(lines, (d.lnum + 1) .. " " .. tostring(d.code) .. " " .. d.message) end',
      `vim.fn.writefile(lines, ${JSON.stringify(out)})`,
    ].join('; ');
    try {
      // In the checkout, as a user of it: `npx warrant` is this repository's command.
      const r = spawnSync('nvim', ['--headless', '-n', '-i', 'NONE', '-u', init, file, '-c', `lua ${collect}`, '-c', 'qa!'], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
      let lines: string[];
      try {
        lines = readFileSync(out, 'utf8').trimEnd().split('\n');
      } catch {
        throw new Error(`Neovim wrote nothing (exit ${r.status}): ${r.stderr}${r.stdout}`);
      }
      expect(lines[0], 'the .clair file is detected as clair').toBe('clair');
      expect(lines.slice(1)).toEqual([expect.stringMatching(/^2 unknown-ref b9 is not defined/)]);
      expect(r.stderr).not.toMatch(/E5108|attempt to call|nil value/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
