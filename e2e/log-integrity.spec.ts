/**
 * The signed log in the page (issue 12): the operation-log export ends with the
 * session's signed head, and a stored log that lost its last operations is reported
 * when the session is opened again, instead of replaying as a shorter history.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { node, openFresh, settled, shot } from './page.ts';

async function refuteFromInspector(page: Page, id: string): Promise<void> {
  await node(page, id).click();
  await page.getByTestId('action-refute').click();
  await page.getByTestId('cascade-commit').click();
  await expect(node(page, id)).toHaveAttribute('data-state', 'refuted');
}

/** Deletes the current session's op with the highest seq straight from IndexedDB. */
async function dropLastStoredOp(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const session = sessionStorage.getItem('warrant.session.current') ?? localStorage.getItem('warrant.session.current');
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      const open = indexedDB.open('warrant');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const ops: { id: string; seq: number; session: string }[] = await new Promise((resolve) => {
      const all = db.transaction('ops').objectStore('ops').getAll();
      all.onsuccess = () => resolve(all.result);
    });
    const mine = ops.filter((op) => op.session === session).sort((a, b) => a.seq - b.seq);
    const last = mine[mine.length - 1]!;
    await new Promise<void>((resolve) => {
      const tx = db.transaction('ops', 'readwrite');
      tx.objectStore('ops').delete(last.id);
      tx.oncomplete = () => resolve();
    });
    db.close();
    return last.seq;
  });
}

test('the operation log downloads with its signed head as the last line', async ({ page }) => {
  await openFresh(page);
  await refuteFromInspector(page, 'b5');
  await page.getByTestId('export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-oplog').click()]);
  const lines = (await (await download.createReadStream()).toArray())
    .join('')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
  const head = lines[lines.length - 1];
  const ops = lines.slice(0, -1);
  expect(head).toMatchObject({ kind: 'head', seq: ops.length, count: ops.length, op: ops[ops.length - 1].id });
  expect(head.members).toEqual([ops[0].author]);
  expect(ops.map((op: { body: { kind: string } }) => op.body.kind)).toContain('claim_refutation');
});

test('a stored log that lost its last operation is reported when the session opens again', async ({ page }) => {
  await openFresh(page);
  await refuteFromInspector(page, 'b5');
  await refuteFromInspector(page, 'b2');
  // Let the store write both, with their head.
  await page.waitForTimeout(500);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('warrant.session.current') ?? localStorage.getItem('warrant.session.current'))).not.toBeNull();
  const seq = await dropLastStoredOp(page);
  // Not reload(): the URL still says ?fresh, which would start a new session.
  await page.goto('/');
  await expect(page.getByTestId('session-notice')).toContainText(`is not what its signed head says: the log ends at seq ${seq - 1}; its head says ${seq}`);
  // The rest of the session is still there: the trace and what stands in the log that remains.
  await settled(page);
  await expect(node(page, 'b5')).toHaveAttribute('data-state', 'refuted');
  await shot(page, 'log-integrity-truncated');
});
