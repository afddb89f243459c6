/**
 * The build's one rewrite of React Flow (build-plugins/reactFlowRemovedNodes.ts): it applies
 * to the installed, pinned version exactly once, and refuses code it does not know.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchRemovedNodeRead } from '../../build-plugins/reactFlowRemovedNodes.ts';

const entry = createRequire(import.meta.url).resolve('@xyflow/react');
const esm = join(dirname(entry), '..', 'esm');

describe("React Flow's removed-node read", () => {
  it.each(['index.js', 'index.mjs'])('is made optional once in the installed %s', (file) => {
    const code = readFileSync(join(esm, file), 'utf8');
    const patched = patchRemovedNodeRead(code, file);
    expect(patched).not.toBe(code);
    expect(patched.split('internals: node?.internals,').length - 1).toBe(1);
    expect(patched.includes('internals: node.internals,')).toBe(false);
    expect(patched.length).toBe(code.length + 1);
  });

  it.each([
    ['code without the line', 'const x = 1;'],
    ['code with the line twice', 'internals: node.internals,\ninternals: node.internals,'],
  ])('refuses %s', (_what, code) => {
    expect(() => patchRemovedNodeRead(code, 'x.js')).toThrow(/review build-plugins/);
  });
});
