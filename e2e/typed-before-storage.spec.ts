/**
 * A first visit shows its sample at once and opens storage meanwhile; what a person types
 * in that moment is an edit of the sample, recorded as one when the session opens — it
 * holds what rests on the belief it rewrote, exactly as the same edit typed later does.
 * Storage is held open here until the edit has settled (the database's open answers late),
 * so the race a busy machine makes by chance happens every time.
 */
import { expect, test } from '@playwright/test';
import { cursorAfter, node, settled, shot, throttle } from './page.ts';

/** Makes IndexedDB's open answer only once the test sets `__releaseStorage`. */
function holdStorage(): void {
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
    const request = open.apply(this, args);
    const setter = Object.getOwnPropertyDescriptor(IDBRequest.prototype, 'onsuccess')!.set!;
    Object.defineProperty(request, 'onsuccess', {
      configurable: true,
      set(handler: ((this: IDBRequest, e: Event) => unknown) | null) {
        setter.call(request, (e: Event) => {
          const go = () => ((window as unknown as { __releaseStorage?: boolean }).__releaseStorage ? handler?.call(request, e) : setTimeout(go, 50));
          go();
        });
      },
    });
    return request;
  };
}

for (const rate of [1, 4]) {
  test(`an edit typed before storage opened is recorded as an edit of the sample (CPU ${rate}x)`, async ({ page }) => {
    await page.addInitScript(holdStorage);
    await page.goto('/?fresh');
    if (rate > 1) await throttle(page, rate);
    await expect(page.getByTestId('editor').locator('.monaco-editor')).toBeVisible();
    await settled(page);
    await expect(page.getByTestId('session-item')).toHaveCount(0);
    await cursorAfter(page, '<b3 "Dijkstra with a binary heap');
    await page.keyboard.type(' and lazy deletion', { delay: 5 });
    await settled(page);
    // The edit has settled with no session to record it in.
    await page.waitForTimeout(1500);
    await page.evaluate(() => {
      (window as unknown as { __releaseStorage?: boolean }).__releaseStorage = true;
    });
    await expect(page.locator('[data-testid=session-item][data-active=true]')).toHaveCount(1);
    await expect(node(page, 'b7')).toHaveAttribute('data-state', 'invalidated');
    await expect(node(page, 'b5')).toHaveAttribute('data-state', 'active');
    await page.getByTestId('tab-history').click();
    await expect(page.getByTestId('history')).toContainText('you edited b5');
    await shot(page, `typed-before-storage-x${rate}`);
  });
}
