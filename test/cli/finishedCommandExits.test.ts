/**
 * A command that has finished ends its process even when something it loaded still
 * holds Node's event loop (z3's WebAssembly threads once did: a `prove` printed its
 * verdict and never exited). The holder here is an interval added before the command
 * starts; without the ending in bin/warrant.js the run would be killed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runWarrant } from './support/runWarrant.ts';

it('a finished command exits with its own code though an interval is still running', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'warrant-exit-'));
  const holder = join(dir, 'hold-loop.cjs');
  writeFileSync(holder, 'setInterval(() => undefined, 1000);\n');
  writeFileSync(join(dir, 'ok.clair'), 'b1 .9 L0 @user "a"\n');
  writeFileSync(join(dir, 'bad.clair'), 'b1 .9 L0 @user "a"\nb2 .8 L0 @user "b" <- b9 oops\n');
  const env = { NODE_OPTIONS: `--require ${holder}` };
  const [ok, bad] = await Promise.all([runWarrant(['check', join(dir, 'ok.clair')], { env, killAfterMs: 20_000 }), runWarrant(['check', join(dir, 'bad.clair')], { env, killAfterMs: 20_000 })]);
  expect(ok.killed).toBeUndefined();
  expect(ok.code).toBe(0);
  expect(bad.killed).toBeUndefined();
  expect(bad.code).toBe(1);
  expect(bad.stdout + bad.stderr).toContain('1 error');
});
