import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium; Playwright's own browsers are only a fallback
// where that path is absent. Nothing here downloads a browser.
const debianChromium = '/usr/bin/chromium';
const executablePath = existsSync(debianChromium) ? debianChromium : undefined;
const port = Number(process.env.WARRANT_E2E_PORT ?? 4317);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/playwright',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  // One retry, on CI and here alike: the suite runs on busy two-core machines, where a
  // two-browser team flow can miss its moment; a retried test is still reported as flaky
  // in the list, so a flake is visible rather than hidden.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    viewport: { width: 1600, height: 960 },
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // A trace is recorded on the retry only: recording one on every run (a DOM snapshot at
    // each action, of Monaco and graphs of thousands of nodes) made the suite 30% slower.
    // A test that fails once is run again with the trace on, which is kept when it fails.
    trace: 'on-first-retry',
  },
  webServer: {
    command: `npx vite build --logLevel warn && npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    // The production build takes a minute on an idle machine, several on a busy one.
    timeout: 600_000,
  },
});
