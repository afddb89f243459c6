/**
 * Writing to a Mnema log in the IDE (issue 44): a log another device wrote is previewed
 * but not written, and is copied into one of this device's own with one click; on one's
 * own log, dragging a routine onto Refute and pressing Commit appends the signed ops —
 * the routine refuted, what rested on it fallen, the log still verifying; Correct opens
 * an editor for the replacement payload, typed key by key; a new log takes a calendar
 * and notes through Import, previewed in words before Append; a file with a problem
 * imports nothing and says where. Any log is checked against labelled outcomes and drawn
 * as a reliability diagram.
 */
import { expect, type Page, test } from '@playwright/test';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cursorAfter, dragWithMouse, editorText, node, openFresh, settled, shot, steady, throttle } from './page.ts';
import { GYM, ownCopyOfSample, YOGA, YOGA_PREF } from './mnemaPages.ts';

const corpus = (path: string) => fileURLToPath(new URL(`../samples/mnema/${path}`, import.meta.url));

test("a log another device wrote is previewed, not written; a copy of one's own is written", async ({ page }) => {
  await openFresh(page, 'spring-routines.mnema');
  await page.getByTestId('fit-view').click();
  await steady(page, node(page, YOGA));
  await dragWithMouse(page, node(page, YOGA), page.getByTestId('dropzone-refute'));
  const preview = page.getByTestId('cascade-preview');
  await expect(preview).toContainText(`invalidates 1: ${YOGA_PREF}`);
  await expect(preview).toContainText('not a member');
  await expect(page.getByTestId('cascade-commit')).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  // Calibration reads any log: the sample against its labelled outcomes, drawn and tabled.
  const panel = page.getByTestId('inspector').getByTestId('mnema-log-panel');
  await panel.getByTestId('mnema-calibrate-sample').click();
  const diagram = panel.getByTestId('reliability-diagram');
  await expect(diagram).toBeVisible();
  await expect(diagram).toHaveAttribute('data-pass', 'true');
  await expect(diagram.getByTestId('calibration-likely')).toContainText('pass');
  await diagram.scrollIntoViewIfNeeded();
  await shot(page, 'mnema-reliability');
  // A labels file that is not labels says so.
  await panel.getByTestId('mnema-labels-file').setInputFiles([{ name: 'labels.json', mimeType: 'application/json', buffer: Buffer.from('[1, 2]') }]);
  await expect(panel.getByTestId('calibration-problem')).toContainText('labels.json: the labels: labels are');
});

for (const rate of [1, 4]) {
  test(`on a log of one's own, drag a routine onto Refute and Commit: it is refuted, its preference falls, the log verifies (CPU ${rate}x)`, async ({ page }) => {
    // Two commits, each a cascade planned, signed and read back, with the CPU slowed four times: about 70 s.
    test.setTimeout(rate > 1 ? 180_000 : 60_000);
    await ownCopyOfSample(page);
    if (rate > 1) await throttle(page, rate);
    // Found in the log: the editor's cursor on its line selects it, and the graph brings it
    // into view clear of the minimap and the dock (a fitted view can leave it under them).
    await cursorAfter(page, `"identity_key":"${YOGA}"`);
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', YOGA);
    await steady(page, node(page, YOGA));
    await dragWithMouse(page, node(page, YOGA), page.getByTestId('dropzone-refute'));
    const preview = page.getByTestId('cascade-preview');
    await expect(preview).toContainText(`invalidates 1: ${YOGA_PREF}`);
    const commit = page.getByTestId('cascade-commit');
    await expect(commit).toBeEnabled();
    await shot(page, `mnema-commit-preview-x${rate}`);
    await commit.click();
    await expect(preview).toHaveCount(0);
    await settled(page);
    await expect(node(page, YOGA)).toHaveAttribute('data-state', 'refuted');
    await expect(node(page, YOGA_PREF)).toHaveAttribute('data-state', 'invalidated');
    await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
    // From the keyboard: the refutation withdrawn brings the routine back.
    await cursorAfter(page, `"identity_key":"${YOGA}"`);
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', YOGA);
    const inspector = page.getByTestId('inspector');
    await inspector.getByTestId('action-withdraw').focus();
    await page.keyboard.press('Enter');
    await expect(preview).toContainText(`withdraw the refutation of ${YOGA}`);
    await page.keyboard.press('Enter');
    await expect(preview).toHaveCount(0);
    await settled(page);
    await expect(node(page, YOGA)).toHaveAttribute('data-state', 'active');
    await shot(page, `mnema-committed-x${rate}`);
  });
}

test('Correct opens an editor for the payload: typed key by key, previewed, committed as the person’s value at 1.0', async ({ page }) => {
  await ownCopyOfSample(page);
  await cursorAfter(page, `"identity_key":"${GYM}"`);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', GYM);
  const inspector = page.getByTestId('inspector');
  // Opened from the keyboard, the editor takes what is typed next.
  await inspector.getByTestId('action-correct').focus();
  await page.keyboard.press('Enter');
  const editor = inspector.getByTestId('payload-editor');
  await expect(editor).toBeVisible();
  await expect(editor).toBeFocused();
  // Not JSON while half typed: said where it is typed, nothing else happens.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('{"activity": "swim", "day": "tue"', { delay: 10 });
  await expect(inspector.getByTestId('payload-problem')).toContainText('not JSON');
  await page.keyboard.type(', "part_of_day": "morning"}', { delay: 10 });
  await expect(inspector.getByTestId('payload-problem')).toHaveCount(0);
  const preview = page.getByTestId('cascade-preview');
  await expect(preview).toContainText(`correct ${GYM} to activity swim · day tue · part_of_day morning`);
  // What is no payload (a string, an empty object) previews nothing: the earlier text's preview cannot be committed.
  for (const wrong of ['"hello"', '{}']) {
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(wrong, { delay: 10 });
    await expect(inspector.getByTestId('payload-problem')).toContainText(/a payload (is a JSON object|says what is true)/);
    await expect(preview).toHaveCount(0);
    await expect(page.getByTestId('cascade-commit')).toHaveCount(0);
  }
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('{"activity": "swim", "day": "tue", "part_of_day": "morning"}', { delay: 10 });
  await expect(preview).toContainText(`correct ${GYM} to activity swim · day tue · part_of_day morning`);
  // Before anything is written: what re-derivation makes of it (a preference for the new activity).
  await expect(page.getByTestId('cascade-outcome')).toContainText('preference.time_of_day|swim|morning new:');
  await shot(page, 'mnema-correct-editor');
  await page.getByTestId('cascade-commit').click();
  await settled(page);
  await expect(node(page, GYM)).toHaveAttribute('data-state', 'corrected');
  await expect(inspector.getByTestId('inspector-look')).toHaveText('certain: your correction');
  await expect(inspector.getByTestId('explanation-raw')).toContainText('"user_correction"');
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  // An event under the corrected routine retracted: the correction stands, and is listed to review.
  await inspector.locator('[data-testid^="provenance-item-ev-"]').first().click();
  await inspector.getByTestId('action-retract').click();
  await expect(preview).toContainText('retract ev-');
  await page.getByTestId('cascade-commit').click();
  await settled(page);
  await cursorAfter(page, `"identity_key":"${GYM}"`);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', GYM);
  await expect(inspector).toHaveAttribute('data-selected', GYM);
  await expect(node(page, GYM)).toHaveAttribute('data-state', 'corrected');
  await expect(inspector.getByTestId('mnema-review')).toContainText('what it rests on changed since you corrected it');
  await shot(page, 'mnema-review-item');
});

test('a correction the derivers come to agree with: the explanation says so once newer evidence derives the same value', async ({ page }) => {
  await ownCopyOfSample(page);
  await cursorAfter(page, `"identity_key":"${GYM}"`);
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toHaveAttribute('data-selected', GYM);
  await inspector.getByTestId('action-correct').click();
  const editor = inspector.getByTestId('payload-editor');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  // The person confirms what was derived, in their own words.
  await page.keyboard.type('{"activity": "gym", "label": "Gym", "day": "tue", "part_of_day": "morning"}', { delay: 5 });
  await expect(inspector.getByTestId('payload-problem')).toHaveCount(0);
  await page.getByTestId('cascade-commit').click();
  await settled(page);
  await expect(node(page, GYM)).toHaveAttribute('data-state', 'corrected');
  await expect(inspector.getByTestId('explanation')).not.toContainText('agrees with the correction');
  // Two more Tuesday mornings at the gym arrive.
  const panel = inspector.getByTestId('mnema-log-panel');
  await page.keyboard.press('Escape');
  await page.getByTestId('fit-view').click();
  await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } });
  const more = ['2025-06-03', '2025-06-10'].map((d) => JSON.stringify({ source: 'calendar', payload: { summary: 'Gym' }, observed_at: `${d}T07:00:00+02:00` })).join('\n');
  await panel.getByTestId('mnema-import-files').setInputFiles([{ name: 'gym.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(`${more}\n`) }]);
  await expect(panel.getByTestId('mnema-plan-summary')).toContainText('2 records to import');
  await panel.getByTestId('mnema-append').click();
  await settled(page);
  await page.getByTestId('fit-view').click();
  await node(page, GYM).click();
  await expect(inspector).toHaveAttribute('data-selected', GYM);
  await expect(inspector.getByTestId('inspector-look')).toHaveText('certain: your correction');
  await expect(inspector.getByTestId('explanation')).toContainText('agrees with the correction');
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  await shot(page, 'mnema-agreement');
});

test('a new log takes a calendar and notes through Import, previewed in words before Append; a bad file imports nothing', async ({ page }) => {
  await openFresh(page);
  await page.getByTestId('new-document').click();
  await page.getByTestId('new-mnema').click();
  await expect(page.locator('.doc-name')).toHaveText('untitled.mnema');
  const empty = page.getByTestId('empty-document');
  await expect(empty).toContainText('holds no evidence yet');
  await empty.getByTestId('mnema-import-files').setInputFiles([corpus('calendar.ics'), corpus('notes/2025-03-29-hike.md')]);
  await expect(empty.getByTestId('mnema-plan-summary')).toContainText(/\d+ records to import · derives \d+ new claims/);
  await shot(page, 'mnema-import-plan');
  await empty.getByTestId('mnema-append').click();
  await settled(page);
  await expect(node(page, GYM)).toBeVisible();
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  // The same calendar again: nothing new to append.
  const panel = page.getByTestId('inspector').getByTestId('mnema-log-panel');
  await panel.getByTestId('mnema-import-files').setInputFiles([corpus('calendar.ics')]);
  await expect(panel.getByTestId('mnema-plan-summary')).toContainText('already in the log');
  await expect(panel.getByTestId('mnema-append')).toBeDisabled();
  // A record that is not JSON: its place, and nothing imported.
  await panel
    .getByTestId('mnema-import-files')
    .setInputFiles([{ name: 'broken.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from('{"source":"x","payload":{},"observed_at":"2025-03-01T00:00:00Z"}\n{oops\n') }]);
  await expect(panel.getByTestId('mnema-plan-problems')).toContainText('broken.jsonl:2');
  await expect(panel.getByTestId('mnema-append')).toBeDisabled();
  await shot(page, 'mnema-import-problem');
});

test('a folder of notes imported whole: a note deleted from it is retracted when the folder is imported again', async ({ page }) => {
  const folder = join(mkdtempSync(join(tmpdir(), 'warrant-e2e-')), 'journal');
  mkdirSync(join(folder, 'old'), { recursive: true });
  for (const n of ['2025-03-14-dinner.md', '2025-03-29-hike.md']) copyFileSync(corpus(`notes/${n}`), join(folder, n));
  copyFileSync(corpus('notes/2025-04-12-book-club.md'), join(folder, 'old', '2025-04-12-book-club.md'));
  writeFileSync(join(folder, 'clip.mp4'), 'not evidence');
  await openFresh(page);
  await page.getByTestId('new-document').click();
  await page.getByTestId('new-mnema').click();
  const empty = page.getByTestId('empty-document');
  await empty.getByTestId('mnema-import-folder-files').setInputFiles(folder);
  await expect(empty.getByTestId('mnema-plan-summary')).toContainText('3 records to import');
  await empty.getByTestId('mnema-append').click();
  await settled(page);
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  await expect(page.getByTestId('mnema-log-counts')).toContainText('3 evidence records');
  // The hike is deleted from the folder; the folder imported again retracts it.
  rmSync(join(folder, '2025-03-29-hike.md'));
  const panel = page.getByTestId('inspector').getByTestId('mnema-log-panel');
  await panel.getByTestId('mnema-import-folder-files').setInputFiles(folder);
  await expect(panel.getByTestId('mnema-plan-summary')).toContainText('1 held record deleted at the source, retracted');
  await shot(page, 'mnema-folder-deleted');
  await panel.getByTestId('mnema-append').click();
  await settled(page);
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  // Held as retracted: the same folder again has nothing to retract or import.
  await panel.getByTestId('mnema-import-folder-files').setInputFiles(folder);
  await expect(panel.getByTestId('mnema-plan-summary')).toContainText('already in the log');
  await expect(panel.getByTestId('mnema-plan-summary')).not.toContainText('deleted');
  await expect(panel.getByTestId('mnema-append')).toBeDisabled();
});

test('a rule table of one’s own, typed key by key: completion from its schema, problems at their places, the log derived again as one types', async ({ page }) => {
  await ownCopyOfSample(page);
  const panel = page.getByTestId('inspector').getByTestId('mnema-log-panel');
  await panel.getByTestId('mnema-derivers').locator('summary').click();
  const status = panel.getByTestId('rule-table-status');
  await expect(status).toContainText('Only the built-in derivers run');
  // The starter table: a practice the calendar shows at least three times.
  await panel.getByTestId('rule-table-starter').click();
  await expect(status).toContainText('derives 1 new claim');
  const editor = panel.getByTestId('rule-table-editor');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  // Completion offers the table's fields.
  await page.keyboard.type('{"', { delay: 20 });
  await page.keyboard.press('Control+Space');
  await expect(editor.locator('.suggest-widget')).toContainText('version');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  const table =
    '{"name": "mine", "version": "1", "rules": [{"claim_type": "org.example.habit.lesson", "identity_key": "org.example.habit.lesson|piano", "payload": {"activity": "piano"}, "inputs": [{"match": {"source": "calendar", "payload.summary": "Piano lesson"}, "role": "lesson"}], "min_inputs": 3, "prior": 0.3, "factors": [{"name": "lessons", "of": "count", "w_max": 2, "k": 0.4}]}]}';
  await page.keyboard.type(table, { delay: 2 });
  await expect(status).toHaveAttribute('data-problems', '0');
  // Derived again with the table as typed: the lesson, and nothing of the starter's.
  const plan = panel.getByTestId('mnema-plan');
  await expect(plan).toContainText('org.example.habit.lesson|piano');
  await expect(plan).not.toContainText('org.example.habit.practice|yoga');
  await expect(status).toContainText('derives 1 new claim');
  await shot(page, 'mnema-rule-table');
  await panel.getByTestId('mnema-append').click();
  await settled(page);
  await expect(node(page, 'org.example.habit.lesson|piano')).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  // A field the reader does not know: the problem at its place, and the table derives nothing.
  await page.keyboard.press('Escape');
  await panel.getByTestId('rule-table-editor').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(', "colour": 1', { delay: 20 });
  await expect(status).toHaveAttribute('data-problems', '1');
  await expect(status).toContainText('unknown field "colour"');
  await expect(editor.locator('.squiggly-error')).not.toHaveCount(0);
});

/** `n` JSON Lines records, as a tracker app exports them (about 160 bytes each). */
function trackerLines(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const at = `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}T${String(6 + (i % 14)).padStart(2, '0')}:00:00+01:00`;
    lines.push(JSON.stringify({ source: 'com.example.tracker', payload: { activity: ['Gym', 'Swim', 'Run'][i % 3], n: i }, observed_at: at }));
  }
  return `${lines.join('\n')}\n`;
}

/** New → Mnema log, `n` tracker records imported and appended, until the status bar counts them all. */
async function importIntoNewLog(page: Page, n: number): Promise<void> {
  await page.getByTestId('new-document').click();
  await page.getByTestId('new-mnema').click();
  const empty = page.getByTestId('empty-document');
  await empty.getByTestId('mnema-import-files').setInputFiles([{ name: 'tracker.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(trackerLines(n)) }]);
  await expect(empty.getByTestId('mnema-plan-summary')).toContainText(`${n} records to import`, { timeout: 60_000 });
  await empty.getByTestId('mnema-append').click();
  // The pipeline has the whole log at once; the editor fills behind it.
  await expect(page.locator('footer.statusbar')).toContainText(`${n} records`, { timeout: 60_000 });
}

for (const rate of [1, 4]) {
  test(`an import of thousands of records goes into the editor in slices: the whole log is there and verifies, one Undo takes it back (CPU ${rate}x)`, async ({ page }) => {
    await openFresh(page);
    if (rate > 1) await throttle(page, rate);
    await importIntoNewLog(page, 3000);
    const editor = page.getByTestId('editor');
    await expect(editor).not.toHaveAttribute('data-filling', 'true', { timeout: 60_000 });
    await settled(page);
    await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
    // Every op is in the editor: its last line is the head that vouches for all of them.
    await editor.click();
    await page.keyboard.press('Control+End');
    const lastLine = async () => (await editorText(page)).trimEnd().split('\n').pop() ?? '';
    await expect.poll(lastLine).toContain('"kind":"head"');
    expect(Number(/"count":(\d+)/.exec(await lastLine())?.[1])).toBeGreaterThanOrEqual(3000);
    await shot(page, `mnema-large-import-${rate}x`);
    // One Undo takes the whole import back.
    await page.keyboard.press('Control+Z');
    await expect(page.getByTestId('empty-document')).toBeVisible({ timeout: 60_000 });
  });
}

test('a log of nearly 2 MB is kept in parts and comes back whole when the page is opened again, with what was typed into it', async ({ page }) => {
  await openFresh(page);
  await importIntoNewLog(page, 3000);
  const editor = page.getByTestId('editor');
  await expect(editor).not.toHaveAttribute('data-filling', 'true', { timeout: 60_000 });
  // Stored in parts of its own table (src/db/storedText.ts), not in the session's record.
  const stored = async () => {
    const { parts, recordText } = await storedLog(page);
    return { parts, recordText };
  };
  await expect.poll(stored, { timeout: 30_000 }).toEqual({ parts: 2, recordText: 0 });
  // A line typed at the end is saved into the last part.
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n\n');
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  await page.waitForTimeout(1500);
  // Then one at the top, in the first part: the save reads that part again.
  const before = (await storedLog(page)).text;
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('\n');
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  await expect.poll(async () => (await storedLog(page)).text, { timeout: 30_000 }).toBe(`\n${before}`);
  await page.goto('/');
  await expect(page.locator('footer.statusbar')).toContainText('3000 records', { timeout: 60_000 });
  await settled(page);
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  await editor.click();
  await page.keyboard.press('Control+End');
  // The log ended with a line break; the two typed make three empty lines after its head.
  const tail = async () => (await editorText(page)).split('\n').slice(-4);
  await expect.poll(tail).toEqual([expect.stringContaining('"kind":"head"'), '', '', '']);
  await page.keyboard.press('Control+Home');
  await expect.poll(async () => (await editorText(page)).split('\n').slice(0, 2)).toEqual(['', expect.stringContaining('"v":1')]);
  await shot(page, 'mnema-log-in-parts-reopened');
});

/** The page's Mnema log as IndexedDB keeps it: how many text parts there are, the length of the text in its record, and its text, parts joined (src/db/storedText.ts). */
function storedLog(page: Page): Promise<{ parts: number; recordText: number; text: string }> {
  return page.evaluate(
    () =>
      new Promise<{ parts: number; recordText: number; text: string }>((resolve) => {
        const open = indexedDB.open('warrant');
        open.onsuccess = () => {
          const t = open.result.transaction(['sessions', 'textParts']);
          const sessions = t.objectStore('sessions').getAll();
          const parts = t.objectStore('textParts').getAll();
          t.oncomplete = () => {
            const log = (sessions.result as { id: string; name: string; text: string }[]).find((s) => s.name.endsWith('.mnema'));
            const all = parts.result as { session: string; index: number; text: string }[];
            const mine = all.filter((p) => p.session === log?.id).sort((a, b) => a.index - b.index);
            resolve({ parts: all.length, recordText: log?.text.length ?? -1, text: mine.length > 0 ? mine.map((p) => p.text).join('') : (log?.text ?? '') });
          };
        };
      }),
  );
}
