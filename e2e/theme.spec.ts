/**
 * The light theme: followed from the system's colour scheme by default, switched by the
 * top bar's toggle (system → light → dark), remembered across a reload, and carried by
 * the page's surfaces and Monaco alike.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { node, openFresh, shot } from './page.ts';

/** The painted background colours of the surfaces that change with the theme. */
async function grounds(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const bg = (sel: string) => {
      const el = document.querySelector(sel);
      return el ? getComputedStyle(el).backgroundColor : 'missing';
    };
    return {
      page: bg('body') === 'rgba(0, 0, 0, 0)' ? getComputedStyle(document.documentElement).backgroundColor : bg('body'),
      editor: bg('[data-testid=editor] .monaco-editor-background'),
      graph: bg('[data-testid=graph]'),
      node: bg('[data-testid=node-b2]'),
      inspector: bg('[data-testid=inspector]'),
      problems: bg('[data-testid=diagnostics]'),
    };
  });
}

const WHITE = 'rgb(255, 255, 255)';

/** Whether an rgb() colour is light (relative luminance above one half). */
const isLight = (rgb: string) => {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 128;
};

test.describe('a light system', () => {
  test.use({ colorScheme: 'light' });

  test('the page follows it, and the toggle switches to dark and back, remembered across a reload', async ({ page }) => {
    await openFresh(page);
    const root = page.locator('html');
    const toggle = page.getByTestId('theme-toggle');
    await expect(root).toHaveAttribute('data-theme', 'light');
    await expect(toggle).toHaveAttribute('data-preference', 'system');
    await expect(toggle).toHaveAccessibleName(/follow the system \(light\)/);
    await node(page, 'b2').click();
    const light = await grounds(page);
    expect(light.editor).toBe(WHITE);
    for (const [surface, colour] of Object.entries(light)) expect(isLight(colour), `${surface} ${colour}`).toBe(true);
    await shot(page, 'theme-light');

    // system → light (the same here) → dark.
    await toggle.click();
    await expect(toggle).toHaveAttribute('data-preference', 'light');
    await expect(root).toHaveAttribute('data-theme', 'light');
    await toggle.click();
    await expect(toggle).toHaveAttribute('data-preference', 'dark');
    await expect(root).toHaveAttribute('data-theme', 'dark');
    await expect.poll(async () => (await grounds(page)).editor).toBe('rgb(20, 26, 36)');
    const dark = await grounds(page);
    for (const [surface, colour] of Object.entries(dark)) expect(isLight(colour), `${surface} ${colour}`).toBe(false);
    await shot(page, 'theme-dark');
    expect(await page.evaluate(() => localStorage.getItem('warrant.theme'))).toBe('dark');

    // Kept across a reload, whatever the system says.
    await page.reload();
    await expect(page.getByTestId('editor').locator('.monaco-editor')).toBeVisible();
    await expect(root).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-preference', 'dark');
    expect((await grounds(page)).editor).toBe('rgb(20, 26, 36)');

    // dark → system: the system's light again, and nothing stored.
    await page.getByTestId('theme-toggle').click();
    await expect(root).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('warrant.theme'))).toBeNull();
  });
});

test.describe('a dark system', () => {
  test.use({ colorScheme: 'dark' });

  test('the page is dark until told otherwise, and follows a change of the system', async ({ page }) => {
    await openFresh(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect.poll(async () => (await grounds(page)).editor).toBe(WHITE);
  });
});
