/**
 * The page sends the validation worker each edit's changes rather than the whole text.
 * Whatever the keys do (typing, several cursors, deleting a line, undo and redo, a paste
 * with Windows line endings), the graph the page exports is the one the CLI makes of the
 * editor's text: the worker's copy never drifts from the editor.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { generateTrace } from '../bench/generateTrace.ts';
import { downloadExport, editorText, focusEditor, node, openFresh, pasteHere, pasteText, settled, shot, throttle } from './page.ts';

const REPO = join(import.meta.dirname, '..');

/** The CLI's JSON graph of `text` (written even when the text has errors, as the page's is). */
function cliGraph(text: string): unknown {
  const file = join(mkdtempSync(join(tmpdir(), 'warrant-stream-')), 'route-planning.clair');
  writeFileSync(file, text);
  const run = spawnSync(process.execPath, [join(REPO, 'bin', 'warrant.js'), 'export', file, '--to', 'json'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  expect(run.status, run.stderr).toBeLessThan(2);
  return JSON.parse(run.stdout);
}

for (const rate of [1, 4]) {
  test(`every kind of edit leaves the page's graph the CLI's graph of the editor's text (CPU ${rate}×)`, async ({ page }) => {
    test.setTimeout(rate > 1 ? 240_000 : 150_000);
    await openFresh(page);
    await throttle(page, rate);
    // A belief typed key by key on a new last line.
    await focusEditor(page);
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('b50 .6 L0 @self <b2 "typed key by key"');
    // Three cursors at once: three " L0 " selected and typed over, then one cursor again.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Control+F');
    await page.keyboard.insertText(' L0 ');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+D');
    await page.keyboard.press('Control+D');
    await page.keyboard.type(' L1 ');
    await page.keyboard.press('Escape');
    // A line deleted, undone, deleted again; a word deleted backwards.
    await page.keyboard.press('Control+Shift+K');
    await page.keyboard.press('Control+Z');
    await page.keyboard.press('Control+Shift+Z');
    await page.keyboard.press('Control+Backspace');
    // Two lines pasted at the end with Windows line endings (the editor stores its own).
    await page.keyboard.press('Control+End');
    await pasteHere(page, '\r\nb51 .4 L0 @self <b50 "pasted one"\r\nb52 .3 L0 @self <b51 "pasted two"');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('!"');
    await settled(page);
    await expect(node(page, 'b52')).toBeVisible();
    await shot(page, `edit-stream-cpu${rate}`);

    const text = await editorText(page);
    expect(text).toContain('"pasted two!"');
    expect(text).toMatch(/ L1 /);
    const page_ = JSON.parse((await downloadExport(page, 'json')).bytes.toString('utf8'));
    expect(page_).toEqual(cliGraph(text));
  });
}

test('typing after a large paste (analysed whole, the editor filled in slices) follows the pasted text', async ({ page }) => {
  test.setTimeout(180_000);
  await openFresh(page);
  const pasted = generateTrace(3000);
  await pasteText(page, pasted);
  await settled(page);
  await page.keyboard.press('Control+End');
  const typed = 'b3001 .6 L0 @self <b2999 "typed after the paste"';
  await page.keyboard.type(typed);
  await settled(page);
  await expect(node(page, 'b3001')).toBeAttached();
  const page_ = JSON.parse((await downloadExport(page, 'json')).bytes.toString('utf8')) as { diagnostics: { code: string }[] };
  // The page adds the similarity worker's near-duplicate findings, which it read from the
  // validation worker's copy of the text: some are found in a trace this size.
  const nearDuplicates = page_.diagnostics.filter((d) => d.code === 'near-duplicate');
  expect(nearDuplicates.length).toBeGreaterThan(0);
  expect({ ...page_, diagnostics: page_.diagnostics.filter((d) => d.code !== 'near-duplicate') }).toEqual(cliGraph(`${pasted}${typed}`));
});
