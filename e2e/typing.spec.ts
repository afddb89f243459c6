/**
 * Typing in the editor key by key, as a person does, in each language: every key must do
 * what Monaco does with it, with the graph on screen (its key handlers once swallowed
 * Space). Each test runs at full speed and with the CPU slowed 4x.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { editorText, editorVersion, focusEditor, node, openFresh, settled, throttle } from './page.ts';

const LINE = 'b99 .5 L0 @self "a b c"';

/** The editor's input holds the focus (Monaco's EditContext element). */
async function editorFocused(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.closest('[data-testid=editor]') !== null);
}

/** The last line as drawn. */
async function lastLine(page: Page): Promise<string> {
  return (await editorText(page)).split('\n').at(-1)!;
}

/** Monaco draws an edit on the next frame: wait for the last line to read `text`. */
async function expectLastLine(page: Page, text: string | RegExp): Promise<void> {
  if (typeof text === 'string') await expect.poll(() => lastLine(page)).toBe(text);
  else await expect.poll(() => lastLine(page)).toMatch(text);
}

async function proposalSettled(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const v = await editorVersion(page);
      const d = Number(await page.getByTestId('diagnostics').getAttribute('data-version'));
      const p = Number(await page.getByTestId('proposal-view').getAttribute('data-version'));
      return v > 0 && d === v && p === v;
    })
    .toBe(true);
}

/** A new line after the last one, with the cursor on it. */
async function newLastLine(page: Page): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
}

for (const rate of [1, 4]) {
  test.describe(rate === 1 ? 'typing' : `typing, CPU slowed ${rate}x`, () => {
    // Opening a sample alone can take most of a minute on a busy machine.
    test.beforeEach(() => test.setTimeout(rate > 1 ? 240_000 : 150_000));

    test('a CLAIR belief typed key by key keeps its spaces and becomes a node', async ({ page }) => {
      await openFresh(page);
      await throttle(page, rate);
      await newLastLine(page);
      await page.keyboard.type(LINE);
      await settled(page);
      await expect.poll(() => editorText(page)).toContain(`\n${LINE}`);
      await expect(node(page, 'b99')).toBeVisible();
      await expect(node(page, 'b99')).toHaveAttribute('data-state', 'active');
      await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
      // The cursor is on it: the inspector shows it.
      await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'b99');
      // Upper case (Shift held) and Shift+Space type as they read.
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.type(' D');
      await page.keyboard.down('Shift');
      await page.keyboard.press('Space');
      await page.keyboard.up('Shift');
      await page.keyboard.type('E');
      await settled(page);
      await expectLastLine(page, 'b99 .5 L0 @self "a b c D E"');
      expect(await editorFocused(page)).toBe(true);
    });

    test('editing keys do what Monaco does with the graph on screen', async ({ page }) => {
      await openFresh(page);
      await throttle(page, rate);
      await newLastLine(page);
      await page.keyboard.type('b98 .5 L0 @self "x y"');
      await settled(page);
      await expect(node(page, 'b98')).toBeVisible();
      const before = await editorText(page);

      // Home, then Delete three times and a new id: b98 → b97.
      await page.keyboard.press('Home');
      for (let i = 0; i < 3; i++) await page.keyboard.press('Delete');
      await page.keyboard.type('b97');
      // End, one left (inside the closing quote), a word; then Backspace takes it back.
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.type(' zz');
      await expectLastLine(page, 'b97 .5 L0 @self "x y zz"');
      await page.keyboard.press('Backspace');
      await expectLastLine(page, 'b97 .5 L0 @self "x y z"');
      await settled(page);
      await expect(node(page, 'b97')).toBeVisible();
      await expect(node(page, 'b98')).toHaveCount(0);

      // Up and down come back to the same column.
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.type('!');
      await expectLastLine(page, 'b97 .5 L0 @self "x y z!"');
      await page.keyboard.press('Backspace');

      // Tab indents (the focus stays in the editor), Shift+Tab takes the indent away.
      await page.keyboard.press('Home');
      await page.keyboard.press('Tab');
      await expectLastLine(page, /^\s+b97 \.5 L0 @self "x y z"$/);
      expect(await editorFocused(page)).toBe(true);
      await page.keyboard.press('Shift+Tab');
      await expectLastLine(page, 'b97 .5 L0 @self "x y z"');

      // Escape closes the suggestions Ctrl+Space opened, and leaves the text alone.
      await page.keyboard.press('End');
      await page.keyboard.press('Control+Space');
      const suggest = page.getByTestId('editor').locator('.suggest-widget');
      await expect(suggest).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(suggest).toBeHidden();
      await expectLastLine(page, 'b97 .5 L0 @self "x y z"');
      expect(await editorFocused(page)).toBe(true);

      // Copy and paste: the last word, selected with Ctrl+Shift+Left, pasted at the line's start.
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Control+Shift+ArrowLeft');
      await page.keyboard.press('Control+C');
      await page.keyboard.press('Home');
      await page.keyboard.press('Control+V');
      await expectLastLine(page, 'zb97 .5 L0 @self "x y z"');
      await page.keyboard.press('Backspace');
      await expectLastLine(page, 'b97 .5 L0 @self "x y z"');

      // Ctrl+Z takes every edit back, one step at a time, to the text before them.
      for (let i = 0; i < 40; i++) {
        const now = await editorText(page);
        if (now === before) break;
        await page.keyboard.press('Control+Z');
        await expect.poll(() => editorText(page)).not.toBe(now);
      }
      expect(await editorText(page)).toBe(before);
      await settled(page);
      await expect(node(page, 'b98')).toBeVisible();

      // Ctrl+A and typing replaces the whole document.
      await page.keyboard.press('Control+A');
      await page.keyboard.type('b1 1 L0 @user "only one"');
      await settled(page);
      await expect.poll(() => editorText(page)).toBe('b1 1 L0 @user "only one"');
      await expect(page.getByTestId('graph').locator('[data-testid^=node-]')).toHaveCount(1);
    });

    test('a Gaia claim typed key by key keeps its spaces and becomes a node', async ({ page }) => {
      await openFresh(page, 'pendulum_period.py');
      await throttle(page, rate);
      await newLastLine(page);
      // Monaco closes brackets and quotes as they are opened; typing the closer steps over it.
      await page.keyboard.type('typed_claim = claim("a b c", prior=0.5)');
      await settled(page);
      await expect.poll(() => editorText(page)).toContain('\ntyped_claim = claim("a b c", prior=0.5)');
      await expect(node(page, 'typed_claim')).toBeVisible();
      await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
      expect(await editorFocused(page)).toBe(true);
    });

    test('a FormalProposal field typed key by key keeps its spaces', async ({ page }) => {
      await openFresh(page);
      await page.getByTestId('new-document').click();
      await page.getByTestId('new-proposal').click();
      await expect(page.getByTestId('proposal-view')).toBeVisible();
      await proposalSettled(page);
      await throttle(page, rate);
      await focusEditor(page);
      await page.keyboard.press('Control+End');
      // The text ends `  "tags": []`, `}` and an empty line: up two, into the brackets.
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.type('"a b c"');
      await proposalSettled(page);
      await expect.poll(() => editorText(page)).toContain('"tags": ["a b c"]');
      await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
    });
  });
}
