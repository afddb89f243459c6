import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores, which on a two-core machine is one:
// every file would run in turn. Many files spend their time waiting on child processes (the
// command line, solvers, servers), so a worker per core keeps both cores busy.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
