/**
 * A Mnema log opened in the IDE (issue 44): the sample opens from the samples menu as
 * evidence → routines → preferences, coloured by band; clicking a claim shows why it is
 * believed (deriver, confidence basis, what it was built from) and its provenance down to
 * the evidence, each row leading to its node; a tampered line is a problem at its line; a
 * log the command line wrote opens from disk.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { cursorAfter, dragWithMouse, node, openFresh, settled, shot, steady, throttle } from './page.ts';

const GYM = 'routine.weekly|gym|tue|morning';

const PREFERENCE = 'preference.time_of_day|gym|morning';

test('the Mnema sample opens as a layered graph, and a claim explains itself', async ({ page }) => {
  await openFresh(page, 'spring-routines.mnema');
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  await expect(node(page, GYM)).toHaveAttribute('data-state', 'active');
  await expect(node(page, PREFERENCE)).toBeVisible();
  // The whole log in view, settled, before a person aims at a node.
  await page.getByTestId('fit-view').click();
  await steady(page, node(page, PREFERENCE));
  await node(page, PREFERENCE).click();
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toHaveAttribute('data-selected', PREFERENCE);
  await expect(inspector.getByTestId('explanation')).toContainText('preferences');
  await expect(inspector.getByTestId('inspector-band')).toHaveText('likely');
  await expect(inspector.getByTestId('inspector-look')).toHaveText('likely (.70–.90)');
  await expect(inspector.getByTestId(`provenance-item-${GYM}`)).toBeVisible();
  await shot(page, 'mnema-preference');
  // Down the provenance: the routine, then one of its events.
  await inspector.getByTestId(`provenance-item-${GYM}`).click();
  await expect(inspector).toHaveAttribute('data-selected', GYM);
  await expect(inspector.getByTestId('explanation')).toContainText('Gym');
  await expect(inspector.getByTestId('history')).toContainText('derived');
  const event = inspector.locator('[data-testid^="provenance-item-ev-"]').first();
  await event.click();
  await expect(inspector).toContainText('Claims resting on it');
  await shot(page, 'mnema-evidence');
});

test('a line of the log changed by hand is refused at its line, and the rest is drawn', async ({ page }) => {
  await openFresh(page, 'spring-routines.mnema');
  await expect(node(page, 'preference.time_of_day|yoga|morning')).toHaveCount(1);
  // One character inside the last op's rationale: its id no longer matches its content.
  await cursorAfter(page, 'the strongest at 0.93');
  await page.keyboard.type('X', { delay: 5 });
  await settled(page);
  await expect(page.getByTestId('diagnostics')).not.toHaveAttribute('data-error-count', '0');
  await expect(page.getByTestId('diagnostics')).toContainText('refused');
  await expect(node(page, 'preference.time_of_day|yoga|morning')).toHaveCount(0);
  await expect(node(page, GYM)).toBeVisible();
  await shot(page, 'mnema-tampered');
});

for (const rate of [1, 4]) {
  test(`dragging a routine onto Refute previews what falls; a log another device wrote is not written to (CPU ${rate}x)`, async ({ page }) => {
    await openFresh(page, 'spring-routines.mnema');
    if (rate > 1) await throttle(page, rate);
    const yoga = 'routine.weekly|yoga|sat|morning';
    // The claims sit below the evidence: the whole graph in view first, as a person would.
    await page.getByTestId('fit-view').click();
    await steady(page, node(page, yoga));
    await dragWithMouse(page, node(page, yoga), page.getByTestId('dropzone-refute'));
    const preview = page.getByTestId('cascade-preview');
    await expect(preview).toContainText(`Preview: refute ${yoga}`);
    await expect(preview).toContainText('invalidates 1: preference.time_of_day|yoga|morning');
    await expect(preview).toContainText('not a member');
    await expect(node(page, yoga)).toHaveAttribute('data-preview', 'target');
    await expect(node(page, 'preference.time_of_day|yoga|morning')).toHaveAttribute('data-preview', 'invalidated');
    await expect(page.getByTestId('cascade-commit')).toBeDisabled();
    await shot(page, `mnema-refute-preview-x${rate}`);
    await page.keyboard.press('Escape');
    await expect(preview).toHaveCount(0);
    await expect(node(page, yoga)).toHaveAttribute('data-state', 'active');
  });
}

test('a log the command line wrote opens from disk: every signature checked, the log drawn without a problem', async ({ page }) => {
  // 2,000 records imported and derived by `warrant`, on a device of its own.
  const dir = mkdtempSync(join(tmpdir(), 'warrant-e2e-mnema-open-'));
  const records = Array.from({ length: 2000 }, (_, i) =>
    JSON.stringify({
      source: 'calendar',
      payload: { uid: `run-${i}`, summary: 'Run', start: '' },
      observed_at: `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}T07:00:00+01:00`,
    }),
  );
  writeFileSync(join(dir, 'runs.jsonl'), `${records.join('\n')}\n`);
  const env = { ...process.env, WARRANT_KEY_FILE: join(dir, 'key.json'), WARRANT_STATE_DIR: join(dir, 'state') };
  execFileSync(process.execPath, ['bin/warrant.js', 'import', join(dir, 'runs.jsonl'), '--log', join(dir, 'runs.log.jsonl')], { env });
  execFileSync(process.execPath, ['bin/warrant.js', 'derive', join(dir, 'runs.log.jsonl')], { env });
  await openFresh(page);
  await page.getByTestId('import-file').setInputFiles([{ name: 'runs.mnema', mimeType: 'application/octet-stream', buffer: readFileSync(join(dir, 'runs.log.jsonl')) }]);
  await expect(page.locator('.doc-name')).toHaveText('runs.mnema');
  // The routines and preferences the command line derived, as it derived them.
  await expect(page.locator('footer.statusbar')).toContainText('2000 records · 8 claims', { timeout: 60_000 });
  await settled(page);
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  await shot(page, 'mnema-opened-from-disk');
  // A file no language opens says what does, Mnema logs among them.
  await page.getByTestId('import-file').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
  await expect(page.getByTestId('session-notice')).toContainText('Mnema (.mnema)');
});
