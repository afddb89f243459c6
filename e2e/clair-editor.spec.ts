import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { generateTrace } from '../bench/generateTrace.ts';
import { editorText, errorCount, gotoLineEnd, node, openFresh, pasteText, settled, shot, throttle } from './page.ts';

const SAMPLE_IDS = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9'];

/** Graph coordinates of every drawn node (React Flow's transform), independent of pan and zoom. */
async function graphPositions(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const el of document.querySelectorAll<HTMLElement>('[data-testid=graph] .react-flow__node')) {
      out[el.dataset.id ?? ''] = el.style.transform;
    }
    return out;
  });
}

test('opens with a sample trace validated and drawn', async ({ page }) => {
  await openFresh(page);
  for (const id of SAMPLE_IDS) {
    await expect(node(page, id)).toBeVisible();
    await expect(node(page, id)).toHaveAttribute('data-state', 'active');
    await expect(node(page, id)).toHaveAttribute('data-contradicted', 'false');
    await expect(node(page, id)).toHaveAttribute('data-preview', 'none');
  }
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-warning-count', '0');
  await node(page, 'b7').click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'b7');
  await shot(page, 'ide-overview');
});

test('typing an error shows it at once, and fixing it clears it', async ({ page }) => {
  await openFresh(page);
  await gotoLineEnd(page, 11);
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('b10 .5 L0 @self <b99 "cache the routes"');
  const v = await settled(page);
  expect(await errorCount(page)).toBe(1);
  await expect(page.getByTestId('diagnostics')).toContainText('unknown-ref');
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-version', String(v));
  await expect(page.getByTestId('editor').locator('.squiggly-error')).toHaveCount(1);
  await expect(node(page, 'b10')).toBeVisible();
  await shot(page, 'typed-error');

  // Fix the reference: b99 → b9.
  await page.keyboard.press('End');
  for (let i = 0; i < '"cache the routes"'.length + 2; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Backspace');
  await settled(page);
  expect(await errorCount(page)).toBe(0);
  await expect(page.getByTestId('editor').locator('.squiggly-error')).toHaveCount(0);
  await expect(page.getByTestId('diagnostics')).toContainText('No problems');
});

test('a line that stops parsing keeps every other belief drawn and marks the broken one', async ({ page }) => {
  await openFresh(page);
  // Line 7 is b5; drop its closing quote.
  await gotoLineEnd(page, 7);
  await page.keyboard.press('Backspace');
  await settled(page);
  expect(await errorCount(page)).toBe(1);
  await expect(node(page, 'b5')).toHaveAttribute('data-state', 'broken');
  for (const id of SAMPLE_IDS.filter((i) => i !== 'b5')) await expect(node(page, id)).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('graph').locator('.react-flow__node')).toHaveCount(SAMPLE_IDS.length);
  await shot(page, 'broken-line');
});

test('clicking a node selects it in the inspector and reveals its line', async ({ page }) => {
  await openFresh(page);
  await node(page, 'b7').click();
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toHaveAttribute('data-selected', 'b7');
  await expect(node(page, 'b7')).toHaveClass(/is-selected/);
  for (const id of ['b5', 'b3', 'b1', 'b2']) await expect(inspector.getByTestId('provenance').getByTestId(`provenance-item-${id}`)).toBeVisible();
  await expect(inspector.getByTestId('provenance-item-b4')).toHaveCount(0);
  // Provenance is highlighted in the graph too.
  for (const id of ['b5', 'b3', 'b1', 'b2']) await expect(node(page, id)).toHaveClass(/in-chain/);
  await expect(node(page, 'b4')).not.toHaveClass(/in-chain/);
  await expect(inspector).toContainText('Why?');
  // Siblings are named by what the graph shows, never ranked as alternatives.
  await expect(inspector).toContainText('b4 and b6 also rest on b3');
  await expect(inspector).not.toContainText('preferred over');
  await expect(inspector).toContainText('Reconsider if travel times can become negative');
  // The editor highlights b7's line (line 9) and puts the cursor on it.
  const highlight = page.getByTestId('editor').locator('.selected-belief-line');
  await expect(highlight).toHaveCount(1);
  const lineWithB7 = page.getByTestId('editor').locator('.view-line', { hasText: 'use Dijkstra with a binary heap"' }).first();
  const [a, b] = [await highlight.boundingBox(), await lineWithB7.boundingBox()];
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(3);
  await shot(page, 'node-selected');

  // Clicking a dependent in the inspector moves the selection.
  await inspector.getByRole('button', { name: /^b8/ }).first().click();
  await expect(inspector).toHaveAttribute('data-selected', 'b8');
});

test('moving the cursor onto a line selects its node', async ({ page }) => {
  await openFresh(page);
  await gotoLineEnd(page, 4);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'b2');
  await expect(node(page, 'b2')).toHaveClass(/is-selected/);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'b3');
});

test('the layout holds still while typing', async ({ page }) => {
  await openFresh(page);
  const before = await graphPositions(page);
  expect(Object.keys(before).sort()).toEqual([...SAMPLE_IDS].sort());

  // A content edit and a confidence edit move nothing.
  await gotoLineEnd(page, 7);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.insertText(' and a decrease-key');
  await settled(page);
  await page.keyboard.press('Home');
  await page.keyboard.press('Control+ArrowRight');
  await page.keyboard.press('Control+ArrowRight');
  await page.keyboard.insertText('5');
  await settled(page);
  expect(await graphPositions(page)).toEqual(before);

  // A new belief moves no existing one.
  await gotoLineEnd(page, 11);
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('b10 .6 L0 @self <b8 "cache recent routes"');
  await settled(page);
  const after = await graphPositions(page);
  expect(Object.keys(after)).toContain('b10');
  for (const id of SAMPLE_IDS) expect(after[id]).toBe(before[id]);
});

test('pasting 5 MB of trace keeps typing, validation and the graph working, and undoes in steps of whole lines', async ({ page }) => {
  await openFresh(page);
  const before = await editorText(page);
  const beliefs = async () => Number(/(\d+) beliefs?/.exec((await page.locator('footer.statusbar').textContent()) ?? '')?.[1] ?? NaN);
  const sampleBeliefs = await beliefs();
  // About 5 MB: a long chain of beliefs with long contents.
  const filler = 'the measurement agrees with the previous step within tolerance';
  const lines = Array.from({ length: 62_000 }, (_, i) => `b${i + 1} .9 L0 @self${i > 0 ? ` <b${i}` : ''} "step ${i + 1}: ${filler}"`);
  const big = lines.join('\n');
  expect(big.length).toBeGreaterThan(5_000_000);
  await pasteText(page, big);
  await settled(page);
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  await expect(page.getByTestId('graph').locator('.react-flow__node').first()).toBeVisible();
  // Typing at the end still works and is validated.
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText('x');
  await settled(page);
  expect(await errorCount(page)).toBe(1);
  await expect(page.getByTestId('diagnostics')).toContainText('after the content');
  await shot(page, 'five-megabytes');
  // Undo: the typed key, then the paste in steps of about 1 MiB (largePaste.ts UNDO_STEP_CHARS), each ending at a line's end.
  await page.keyboard.press('Control+Z');
  await settled(page);
  expect(await errorCount(page)).toBe(0);
  expect(await beliefs()).toBe(62_000);
  // Undone until the sample's beliefs are back (the lines on screen may be drawn a frame later on a busy machine).
  const counts: number[] = [];
  for (let i = 0; i < 10 && counts.at(-1) !== sampleBeliefs; i++) {
    await page.keyboard.press('Control+Z');
    await settled(page);
    expect(await errorCount(page)).toBe(0);
    counts.push(await beliefs());
  }
  await expect.poll(() => editorText(page)).toBe(before);
  // Steps of 1 MiB and up to a slice more (largePaste.ts): partial texts of whole beliefs, each smaller, then the sample again.
  const steps = Math.ceil(big.length / 2 ** 20);
  expect(counts.length).toBeGreaterThanOrEqual(steps - 1);
  expect(counts.length).toBeLessThanOrEqual(steps);
  expect(counts[0]).toBeLessThan(62_000);
  for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeLessThan(counts[i - 1]!);
  expect(counts.at(-2)).toBeGreaterThan(sampleBeliefs);
  expect(counts.at(-1)).toBe(sampleBeliefs);
  // The view had stayed below, where the paste's beliefs were: the sample's are framed again.
  for (const id of SAMPLE_IDS) await expect(node(page, id)).toBeVisible();
  await shot(page, 'five-megabytes-undone');
});

for (const rate of [1, 4]) {
  test(`a large paste is analysed whole, fills the editor, and is one undo step (CPU ${rate}×)`, async ({ page }) => {
    await openFresh(page);
    await throttle(page, rate);
    const before = await editorText(page);
    // About 250 KB: past the size the editor takes in slices (src/app/editor/largePaste.ts).
    const text = generateTrace(3000);
    const lines = text.trimEnd().split('\n');
    await pasteText(page, text);
    await settled(page);
    await expect(page.getByTestId('graph')).toHaveAttribute('data-visible-nodes', '3000');
    expect(await errorCount(page)).toBe(0);
    // The editor holds the paste from its first line to its last, cursor at its end.
    // Monaco draws the lines a move reveals on a later frame: read them once drawn.
    await page.keyboard.press('Control+Home');
    await expect.poll(async () => (await editorText(page)).split('\n')[0]).toBe(lines[0]);
    await page.keyboard.press('Control+End');
    await expect.poll(() => editorText(page)).toContain(lines[lines.length - 1]);
    // Typing goes on from there, key by key.
    await page.keyboard.type('\nb9999 .5 L0 @self <b1 "typed after"');
    await settled(page);
    await expect(page.getByTestId('graph')).toHaveAttribute('data-visible-nodes', '3001');
    // Undo takes back the typing (Monaco stops at word boundaries), then the whole paste in one step.
    for (let i = 0; i < 20 && (await page.getByTestId('graph').getAttribute('data-visible-nodes')) !== '3000'; i++) {
      await page.keyboard.press('Control+Z');
      await settled(page);
    }
    await page.keyboard.press('Control+End');
    await expect.poll(async () => (await editorText(page)).trimEnd().split('\n').pop()).toBe(lines[lines.length - 1]);
    await page.keyboard.press('Control+Z');
    await settled(page);
    expect(await editorText(page)).toBe(before);
    for (const id of SAMPLE_IDS) await expect(node(page, id)).toBeVisible();
    await shot(page, `large-paste-undone-${rate}x`);
  });
}

test('export menu downloads canonical text and pictures of the graph', async ({ page }) => {
  await openFresh(page);
  for (const [format, check] of [
    ['clair', (t: string) => t.includes('b7 .85 L0 @self <b5 ?["travel times can become negative", "queries span more than one city"] "use Dijkstra with a binary heap"')],
    ['svg', (t: string) => t.startsWith('<svg') || t.includes('<svg')],
    ['json', (t: string) => (JSON.parse(t) as { nodes: unknown[] }).nodes.length === 9],
    ['dot', (t: string) => t.includes('digraph')],
    ['graphml', (t: string) => t.includes('<graphml')],
  ] as const) {
    await page.getByTestId('export').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${format}`).click()]);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(path, 'utf8');
    expect(check(text), `${format} export`).toBe(true);
  }
});

test('a paste that would take the document past 16 MiB is refused with a notice; the text stays as it was', async ({ page }) => {
  await openFresh(page);
  const before = await editorText(page);
  await page.locator('[data-testid=editor]').click({ position: { x: 120, y: 12 } });
  await page.keyboard.press('Control+End');
  // 17 MB of UTF-8 (two bytes a character), made in the page rather than sent through the protocol.
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', `${'é'.repeat(99)}\n`.repeat(86_000));
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(page.getByTestId('session-notice')).toContainText('The paste was refused');
  await expect(page.getByTestId('session-notice')).toContainText('16 MiB');
  expect(await editorText(page)).toBe(before);
});
