import { chromium } from '@playwright/test';
import { build, preview } from 'vite';
await build({ logLevel: 'error' });
const server = await preview({ logLevel: 'error', preview: { host: '127.0.0.1', port: 0, strictPort: false } });
const url = server.resolvedUrls!.local[0];
const browser = await chromium.launch({ headless: true, executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (let r = 0; r < 2; r++) {
const storage = await browser.newPage();
await storage.goto(`${url}?fresh&bench`);
await storage.waitForFunction(() => typeof (window as any).__warrantDbBench === 'function');
const db = await storage.evaluate(([c, b]) => (window as any).__warrantDbBench(c, b), [100000, 2000] as const);
console.log(JSON.stringify(db));
for (let k = 0; k < 3; k++) console.log(JSON.stringify(await storage.evaluate((c) => (window as any).__warrantReplayBench(c), 100000)));
await storage.close();
}
await browser.close(); server.httpServer.close();
