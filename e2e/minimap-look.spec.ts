/**
 * A node and its minimap dot look the same (one rule: src/core/graph/nodeLook.ts). A
 * person corrects a belief with the inspector's slider, dragging the thumb with the
 * mouse, commits, and the belief's node and its dot in the minimap show the band of
 * the corrected value — before issue 43 the minimap kept the stated value's colour.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { dragConfidence, node, openFresh, shot } from './page.ts';

/** The colours, as the browser resolves them, of the node `id` (its band variable) and of its dot in the minimap. */
async function coloursOf(page: Page, id: string): Promise<{ node: string; dot: string | null; speculative: string }> {
  return page.evaluate((id) => {
    const resolve = (colour: string): string => {
      const probe = document.createElement('div');
      probe.style.color = colour;
      document.body.append(probe);
      const rgb = getComputedStyle(probe).color;
      probe.remove();
      return rgb;
    };
    const wrapper = document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`)!;
    const inner = wrapper.querySelector<HTMLElement>(`[data-testid="node-${CSS.escape(id)}"]`)!;
    // The minimap draws each node as a rect at the node's position in the flow.
    const [x, y] = /translate\(\s*([-\d.]+)px,\s*([-\d.]+)px\)/.exec(wrapper.style.transform)!.slice(1).map(Number) as [number, number];
    const rect = [...document.querySelectorAll<SVGRectElement>('.react-flow__minimap .react-flow__minimap-node')].find(
      (r) => Math.abs(Number(r.getAttribute('x')) - x) < 0.5 && Math.abs(Number(r.getAttribute('y')) - y) < 0.5,
    );
    return {
      node: resolve(getComputedStyle(inner).getPropertyValue('--band').trim()),
      dot: rect ? getComputedStyle(rect).fill : null,
      speculative: resolve('var(--band-speculative)'),
    };
  }, id);
}

test('a corrected belief’s node and its minimap dot show the same colour', async ({ page }) => {
  test.setTimeout(120_000);
  await openFresh(page);
  await expect(page.getByTestId('graph').locator('.react-flow__minimap')).toBeVisible();
  // b7 is stated .85 (likely): before the correction node and dot agree on that.
  await expect(node(page, 'b7')).toHaveAttribute('data-band', 'likely');
  await expect
    .poll(async () => {
      const c = await coloursOf(page, 'b7');
      return c.dot === c.node;
    })
    .toBe(true);

  const value = await dragConfidence(page, 'b7', 0.85, 0.13);
  expect(value).toBeLessThan(0.4);
  await page.getByTestId('cascade-commit').click();
  await expect(node(page, 'b7')).toHaveAttribute('data-state', 'corrected');
  await expect(node(page, 'b7')).toHaveAttribute('data-band', 'speculative');
  await expect.poll(async () => (await coloursOf(page, 'b7')).dot, { message: 'the minimap dot takes the corrected band' }).toBe((await coloursOf(page, 'b7')).speculative);
  const colours = await coloursOf(page, 'b7');
  expect(colours.node).toBe(colours.speculative);
  expect(colours.dot).toBe(colours.node);
  // The inspector names the value its band is of.
  await expect(page.getByTestId('inspector').getByTestId('inspector-band')).toHaveText('speculative');
  await expect(page.getByTestId('inspector').getByTestId('inspector-look')).toHaveText(`corrected ${String(value).replace(/^0/, '')}`);
  await shot(page, 'minimap-corrected-belief');
});
