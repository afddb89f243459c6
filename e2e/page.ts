/**
 * Helpers for driving the IDE through the contract's page hooks (docs/contract.md §4).
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export async function openFresh(page: Page, sample?: string): Promise<void> {
  await page.goto('/?fresh');
  await expect(page.getByTestId('editor').locator('.monaco-editor')).toBeVisible();
  await settled(page);
  if (sample) {
    await page.getByTestId('samples').click();
    await page.getByTestId(`sample-${sample}`).click();
    await expect(page.locator('.doc-name')).toHaveText(sample);
    await settled(page);
  }
}

export async function editorVersion(page: Page): Promise<number> {
  return Number(await page.getByTestId('editor').getAttribute('data-version'));
}

/** On a busy machine (two cores shared by several builds) a first validation and layout can take longer than the default 15 s. */
const SETTLE_TIMEOUT = 60_000;

/**
 * Waits until the problems panel and the graph both reflect the editor's newest version.
 * Checked in the page every 50 ms (one evaluation reads every attribute, and no poll
 * backs off to a second apart), so a test goes on as soon as the page has settled.
 */
export async function settled(page: Page): Promise<number> {
  const version = await page.waitForFunction(
    () => {
      const attr = (id: string, name: string) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute(name) ?? null;
      const v = Number(attr('editor', 'data-version'));
      const d = Number(attr('diagnostics', 'data-version'));
      const g = Number(attr('graph', 'data-version'));
      // A large graph is drawn first from a quick draft; settled is ELK's layout in place.
      const draft = attr('graph', 'data-layout-draft') === 'true';
      // A large paste is analysed from the start while the editor still fills (data-filling).
      const filling = attr('editor', 'data-filling') !== null;
      return v > 0 && d === v && g === v && !draft && !filling ? v : false;
    },
    undefined,
    { timeout: SETTLE_TIMEOUT, polling: 50 },
  );
  return (await version.jsonValue()) as number;
}

export function node(page: Page, id: string): Locator {
  return page.getByTestId('graph').getByTestId(`node-${id}`);
}

/** Puts the cursor at the end of a 1-based line. */
export async function gotoLineEnd(page: Page, line: number): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
}

export async function focusEditor(page: Page): Promise<void> {
  await page.getByTestId('editor').click({ position: { x: 120, y: 12 } });
}

/** Replaces the whole document with `text`, as a paste would. */
export async function replaceText(page: Page, text: string): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

/** Replaces the whole document by pasting `text`, through the editor's real paste path. */
export async function pasteText(page: Page, text: string): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('Control+A');
  await pasteHere(page, text);
}

/** Pastes `text` over the editor's selection, through its real paste path. */
export async function pasteHere(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => {
    const target = document.activeElement ?? document.body;
    const data = new DataTransfer();
    data.setData('text/plain', t);
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Puts the cursor just after the first occurrence of `text`, through the editor's find widget. */
export async function cursorAfter(page: Page, text: string): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Control+F');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  // The match stays selected; collapsing it to its end puts the cursor after it.
  await page.keyboard.press('ArrowRight');
}

export async function errorCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('diagnostics').getAttribute('data-error-count'));
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/${name}.png` });
}

/** Slows the page's CPU by `rate` (1 = normal), as a slower machine would run it. */
export async function throttle(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** The editor's text as drawn, line by line (every line of a short document is drawn). */
export async function editorText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const lines = [...document.querySelectorAll<HTMLElement>('[data-testid=editor] .view-lines .view-line')];
    lines.sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top));
    return lines.map((l) => (l.textContent ?? '').replace(/\u00a0/g, ' ')).join('\n');
  });
}

/** Presses on `from`, moves the mouse in small steps onto `to`, and releases there. */
export async function dragWithMouse(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** One item of the Export menu, downloaded: its file name and bytes. */
export async function downloadExport(page: Page, format: string): Promise<{ name: string; bytes: Buffer }> {
  await page.getByTestId('export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${format}`).click()]);
  return { name: download.suggestedFilename(), bytes: Buffer.concat(await (await download.createReadStream()).toArray()) };
}

/** Where on a range input the thumb for `value` sits (Chromium's thumb is about 16 px wide). */
export async function thumbAt(slider: Locator, value: number): Promise<{ x: number; y: number }> {
  const box = (await slider.boundingBox())!;
  return { x: box.x + 8 + value * (box.width - 16), y: box.y + box.height / 2 };
}

/**
 * Selects `id` and drags the inspector's confidence slider's thumb from `from` to `to`
 * with the mouse: the correction previewed (not committed). The value the slider took.
 */
export async function dragConfidence(page: Page, id: string, from: number, to: number): Promise<number> {
  await node(page, id).click();
  const slider = page.getByTestId('inspector').getByTestId('confidence-slider');
  const a = await thumbAt(slider, from);
  const b = await thumbAt(slider, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 15 });
  await page.mouse.up();
  await expect(node(page, id)).toHaveAttribute('data-preview', 'target');
  return Number(await slider.inputValue());
}

/** Waits until `locator` stops moving (the view's fit is animated): where a person would aim once it rests. */
export async function steady(page: Page, locator: Locator): Promise<void> {
  let last = '';
  await expect
    .poll(async () => {
      const box = JSON.stringify(await locator.boundingBox());
      const same = box === last;
      last = box;
      if (!same) await page.waitForTimeout(150);
      return same;
    })
    .toBe(true);
}

/** Waits until the proposal view reflects the editor's current version (a proposal's text checked and emitted). */
export async function settledProposal(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const v = await editorVersion(page);
      const p = Number(await page.getByTestId('proposal-view').getAttribute('data-version'));
      return v > 0 && p === v;
    })
    .toBe(true);
}
