#!/usr/bin/env node
// The `warrant` command. Runs the TypeScript sources directly through tsx's ESM loader,
// so `npx warrant` works right after `npm ci` with no build step.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));
