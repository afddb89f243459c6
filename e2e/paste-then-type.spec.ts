/**
 * Issue 43, finding 1: keys typed a moment after a large paste, while the editor is still
 * filling with it, are never dropped; they land after the pasted text, where the person
 * sees the paste end.
 */
import { expect, test } from '@playwright/test';
import { generateTrace } from '../bench/generateTrace.ts';
import { editorText, errorCount, pasteText, openFresh, settled, shot, throttle } from './page.ts';

/** The last lines the editor draws (it shows the end after typing there). */
async function lastLines(page: import('@playwright/test').Page, n: number): Promise<string[]> {
  const lines = (await editorText(page)).split('\n');
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.slice(-n);
}

for (const rate of [1, 4]) {
  test(`keys typed 0.1–0.5 s after pasting a 3,000-belief trace are all kept (CPU ${rate}×)`, async ({ page }) => {
    test.setTimeout(240_000);
    await openFresh(page);
    await throttle(page, rate);
    await pasteText(page, generateTrace(3000));
    // A person who pasted and goes on typing at once: a key at once, then at 0.1, 0.3 and 0.5 s.
    await page.keyboard.type('Q');
    await page.waitForTimeout(100);
    await page.keyboard.type('W');
    await page.waitForTimeout(200);
    await page.keyboard.type('E');
    await page.waitForTimeout(200);
    await page.keyboard.type('R');
    await settled(page);
    await shot(page, `paste-then-type-cpu${rate}`);
    const [before, typed] = await lastLines(page, 2);
    expect(before).toMatch(/\(3000\)"$/);
    expect(typed).toBe('QWER');
    // The validation saw the same text: the typed line is one syntax error.
    expect(await errorCount(page)).toBe(1);
  });
}

test('a key typed right after pasting 2 MB of text is kept', async ({ page }) => {
  test.setTimeout(240_000);
  await openFresh(page);
  const line = '; a long pasted note, written as comments so only its size matters here.\n';
  const text = line.repeat(Math.ceil((2 * 1024 * 1024) / line.length));
  await pasteText(page, text);
  await page.waitForTimeout(200);
  await page.keyboard.type('Q');
  await settled(page);
  const [before, typed] = await lastLines(page, 2);
  expect(before).toBe(line.trimEnd());
  expect(typed).toBe('Q');
});
