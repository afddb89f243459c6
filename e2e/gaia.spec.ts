import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { cursorAfter, node, openFresh, settled, shot } from './page.ts';

/** The posterior a claim node shows (docs/contract.md §4: data-belief). */
async function belief(page: Page, id: string): Promise<number> {
  const value = await node(page, id).getAttribute('data-belief');
  return Number(value);
}

async function posteriorsReady(page: Page, ids: readonly string[]): Promise<Record<string, number>> {
  await expect.poll(async () => (await Promise.all(ids.map((id) => node(page, id).getAttribute('data-belief')))).every((v) => v !== null && v !== '')).toBe(true);
  const out: Record<string, number> = {};
  for (const id of ids) out[id] = await belief(page, id);
  return out;
}

const AFFECTED = ['small_angle', 'textbook_case'];
const UNRELATED = ['mass_matters', 'mass_irrelevant', 'drag_effect', 'restoring_force'];

test('a Gaia package shows posteriors, and a prior edit moves only what depends on it', async ({ page }) => {
  await openFresh(page, 'pendulum_period.py');
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  const before = await posteriorsReady(page, [...AFFECTED, ...UNRELATED]);
  for (const v of Object.values(before)) expect(v).toBeGreaterThan(0);
  await expect(page.getByTestId('inference-status')).toContainText('inference: jt');

  // small_angle's prior 0.9 → 0.3, typed in the editor.
  await cursorAfter(page, 'ten degrees.", prior=0.9');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
  await page.keyboard.insertText('0.3');
  await settled(page);
  await expect.poll(async () => belief(page, 'small_angle')).toBeLessThan(before.small_angle! - 0.2);
  const after = await posteriorsReady(page, [...AFFECTED, ...UNRELATED]);
  expect(after.textbook_case).not.toBeCloseTo(before.textbook_case!, 6);
  for (const id of UNRELATED) expect(after[id]).toBeCloseTo(before[id]!, 9);

  await node(page, 'small_angle').click();
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toHaveAttribute('data-selected', 'small_angle');
  await expect(inspector).toContainText('from prior= on the claim');
  await expect(inspector).toContainText('decompose');
  await shot(page, 'gaia-prior-edit');
});

test('an endpoint of a contradiction is flagged with a caveat', async ({ page }) => {
  await openFresh(page, 'pendulum_period.py');
  await expect(node(page, 'mass_matters')).toHaveAttribute('data-contradicted', 'true');
  await expect(node(page, 'swings_together')).toHaveAttribute('data-contradicted', 'false');
  await node(page, 'mass_matters').click();
  await expect(page.getByTestId('inspector').getByTestId('contradiction-caveat')).toBeVisible();
});

test('helper claims are hidden until asked for', async ({ page }) => {
  await openFresh(page, 'pendulum_period.py');
  await expect(node(page, '_anon_000')).toHaveCount(0);
  await page.getByTestId('toggle-helpers').check();
  await expect(node(page, '_anon_000')).toBeVisible();
  await shot(page, 'gaia-helpers');
});

test('exports ir.json, beliefs.json and the manifests as Gaia writes them', async ({ page }) => {
  await openFresh(page, 'pendulum_period.py');
  const { readFileSync } = await import('node:fs');
  const { unzipSync, strFromU8 } = await import('fflate');
  const fetchExport = async (format: string) => {
    await page.getByTestId('export').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${format}`).click()]);
    return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
  };
  const ir = await fetchExport('gaia-ir');
  expect(ir.name).toBe('ir.json');
  const irJson = JSON.parse(ir.bytes.toString('utf8')) as { namespace: string; package_name: string; ir_hash: string; knowledges: unknown[] };
  expect(irJson).toMatchObject({ namespace: 'local', package_name: 'pendulum_period' });
  expect(irJson.ir_hash).toMatch(/^sha256:[0-9a-f]{64}$/);

  const beliefs = await fetchExport('beliefs');
  const beliefsJson = JSON.parse(beliefs.bytes.toString('utf8')) as { beliefs: { knowledge_id: string; belief: number }[]; ir_hash: string };
  expect(beliefsJson.ir_hash).toBe(irJson.ir_hash);
  expect(beliefsJson.beliefs.find((b) => b.knowledge_id === 'local:pendulum_period::small_angle')?.belief).toBeCloseTo(0.9, 9);

  const manifests = await fetchExport('manifests');
  const files = unzipSync(new Uint8Array(manifests.bytes));
  expect(Object.keys(files).sort()).toEqual(['formalization_manifest.json', 'manifests/bridges.json', 'manifests/exports.json', 'manifests/holes.json', 'manifests/premises.json']);
  expect(JSON.parse(strFromU8(files['manifests/exports.json']!))).toMatchObject({ ir_hash: irJson.ir_hash });
});
